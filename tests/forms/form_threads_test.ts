/**
 * Form reads off the main thread, under budgets: a form over the text cap or the time budget
 * fails with SVC_VAL_017, its thread is replaced, and the next form is read as usual.
 */
import { ServiceError } from "../../shared/platform/errors/service_error.ts";
import { FormThreads } from "../../shared/documents/forms/form_threads.ts";
import { assert, equal, expectError } from "../support/assert.ts";
import { serviceTest, testService } from "../support/service.ts";
import { formPdf, pdfText } from "./pdf_builder.ts";
import { extract } from "./support.ts";

const small = formPdf([{ name: "invoice.number", value: pdfText("INV-1") }]);
const manyFields = formPdf(
  Array.from({ length: 9_000 }, (_, i) => ({ name: `f${i}`, value: pdfText(`value ${i}`) })),
);

async function rejection(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    assert(error instanceof ServiceError, String(error));
    return error;
  }
  throw new Error("expected a refusal");
}

Deno.test({
  name: "a read over the time budget fails with SVC_VAL_017 and the thread is replaced",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const threads = new FormThreads({ threads: 1, memoryMb: 256, timeoutMs: 5, maxQueued: 4 });
    try {
      const error = await rejection(threads.read(manyFields, { docType: "PACKING_LIST" }));
      equal(error.code, "SVC_VAL_017");
      assert(/longer than/.test(error.message), error.message);
    } finally {
      threads.close();
    }
    const roomy = new FormThreads({ threads: 1, memoryMb: 256, timeoutMs: 30_000, maxQueued: 1 });
    try {
      const read = await roomy.read(small, { docType: "PACKING_LIST" });
      equal(read.form.fields.get("invoice.number"), "INV-1");
      // One in a thread, one waiting: a third is refused at once.
      const a = roomy.read(manyFields, { docType: "PACKING_LIST" });
      const b = roomy.read(manyFields, { docType: "PACKING_LIST" });
      equal((await rejection(roomy.read(small, { docType: "PACKING_LIST" }))).code, "SVC_SYS_004");
      equal((await a).form.fields.size, 9_000);
      equal((await b).form.fields.size, 9_000);
    } finally {
      roomy.close();
    }
  },
});

serviceTest("extract-filled-fields refuses a form whose text passes the cap", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  await t.step("400 SVC_VAL_017 for 400 fields of 6,000 characters", async () => {
    const big = formPdf(
      Array.from({ length: 400 }, (_, i) => ({ name: `f${i}`, value: pdfText("x".repeat(6000)) })),
    );
    await expectError(
      await extract(svc, team, { file: big, doc_type: "PACKING_LIST" }),
      400,
      "SVC_VAL_017",
    );
  });
  await t.step("the next form is read as usual", async () => {
    const res = await extract(svc, team, { file: small, doc_type: "PACKING_LIST" });
    equal(res.status, 200);
    equal((await res.json()).extracted_fields["invoice.number"], "INV-1");
  });
});
