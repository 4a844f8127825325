/**
 * The Gotenberg adapter (FLATTEN_SERVICE_URL) against a real HTTP server on loopback that
 * plays Gotenberg's `/forms/pdfengines/convert`: it checks the multipart request the way
 * Gotenberg reads it and answers as Gotenberg does (the converted PDF, or a status and text).
 */
import { HttpFlattener } from "../../shared/documents/flatten/http_provider.ts";
import { FlattenFailure } from "../../shared/documents/flatten/provider.ts";
import { pdftotext, tempDir } from "../pdf/tools.ts";
import { assert, assertEquals, equal, match } from "../support/assert.ts";
import { checkPdfA } from "../support/pdfa.ts";
import { fakeGotenberg } from "./fake_gotenberg.ts";
import { renderFillable } from "./support.ts";

const dir = tempDir("flatten-http-test-");

async function failure(promise: Promise<unknown>): Promise<FlattenFailure> {
  try {
    await promise;
  } catch (e) {
    assert(e instanceof FlattenFailure, `expected a FlattenFailure, got ${e}`);
    return e;
  }
  throw new Error("expected a FlattenFailure, got an answer");
}

Deno.test("http flattener: sends Gotenberg's multipart convert request, answers its PDF", async () => {
  const fake = fakeGotenberg();
  try {
    const pdf = await renderFillable("BILL_OF_LADING");
    const out = await new HttpFlattener(`${fake.url}/`, "flat-key").flatten({
      pdf,
      hashStamp: "stamp-via-http",
      docType: "BILL_OF_LADING",
    });
    equal(fake.received.length, 1);
    const r = fake.received[0]!;
    equal(r.method, "POST");
    equal(r.path, "/forms/pdfengines/convert");
    match(r.contentType ?? "", /^multipart\/form-data; boundary=/);
    equal(r.authorization, "Bearer flat-key");
    assertEquals(r.fields, { pdfa: "PDF/A-2b" });
    equal(r.files.length, 1);
    equal(r.files[0]!.name, "document.pdf");
    equal(r.files[0]!.type, "application/pdf");
    // What goes out is already flat and stamped; the service converts it.
    const sent = `${dir}/sent.pdf`;
    await Deno.writeFile(sent, r.files[0]!.bytes);
    assert((await pdftotext(sent)).includes("Hash stamp: stamp-via-http"));
    assertEquals((await checkPdfA(sent)).findings, []);
    assertEquals(out, r.files[0]!.bytes);
  } finally {
    await fake.close();
  }
});

Deno.test("http flattener: a failing, wrong or absent service is a FlattenFailure", async () => {
  const pdf = await renderFillable("PACKING_LIST");
  const error = fakeGotenberg(() => new Response("LibreOffice crashed", { status: 500 }));
  const notPdf = fakeGotenberg(() => new Response("<html>proxy login</html>"));
  const slow = fakeGotenberg(async (r) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    return new Response(r.files[0]!.bytes as Uint8Array<ArrayBuffer>);
  });
  try {
    match(
      (await failure(new HttpFlattener(error.url, undefined).flatten({ pdf }))).message,
      /HTTP 500/,
    );
    // Retried once on 5xx gateways only; a 500 is not retried.
    equal(error.received.length, 1);
    match(
      (await failure(new HttpFlattener(notPdf.url, undefined).flatten({ pdf }))).message,
      /not a PDF/,
    );
    match(
      (await failure(new HttpFlattener(slow.url, undefined, 300).flatten({ pdf }))).message,
      /did not answer within/,
    );
    const closed = fakeGotenberg();
    const url = closed.url;
    await closed.close();
    match((await failure(new HttpFlattener(url, undefined).flatten({ pdf }))).message, /reached/);
  } finally {
    await Promise.all([error.close(), notPdf.close(), slow.close()]);
  }
});
