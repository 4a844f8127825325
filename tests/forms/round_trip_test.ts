/**
 * The filled-form round trip, end to end through the real service: create a shipment, generate
 * a fillable commercial invoice (generate-documents and the document worker), download it,
 * fill it in another tool (pdftk fill_form from XFDF; qpdf --update-from-json setting /V with no
 * appearance streams and NeedAppearances), extract-filled-fields with shipment_id, check the
 * shipment holds the typed values at their snake_case paths, then generate again from the
 * stored shipment and find the values in the new PDF's text.
 */
import { DocumentWorker } from "../../shared/documents/jobs/worker.ts";
import { createRenderer } from "../../shared/documents/pdf/documents.ts";
import { sampleShipment } from "../fixtures/sample_shipment.ts";
import { pdftkFields, pdftkFill, pdftotext, run, tempDir } from "../pdf/tools.ts";
import { assert, assertEquals, equal, expectJson } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest, type TestService, testService, type TestTeam } from "../support/service.ts";
import { extract } from "./support.ts";

type Json = Record<string, unknown>;

const dir = tempDir("forms-round-trip-");

/** What the shipment stores: the invoice number is an old one, the rest as rendered. */
function storedShipment(): Json {
  const data = sampleShipment(3) as unknown as {
    invoice: Json;
    route: Json;
    declaration: Json;
    goods: { line_items: Json[] };
  };
  data.invoice = { number: "INV-DRAFT", purchase_order: "PO-77812" }; // no date: missing
  delete data.route.vessel_name; // missing
  delete data.declaration.signatory_name; // missing
  data.goods.line_items[1]!.hs_code = ""; // empty
  delete data.goods.line_items[2]!.quantity; // missing (a number)
  return data as unknown as Json;
}

/** What the document is generated from: the stored data without the invoice number. */
function renderedShipment(stored: Json): Json {
  const data = structuredClone(stored) as { invoice: Json };
  delete data.invoice.number;
  return data as unknown as Json;
}

/** What the user types, by field name (Unicode, a line item index path, typed values). */
const TYPED: Record<string, string> = {
  "invoice.number": "INV-2026-0042", // changed (the shipment has INV-DRAFT)
  "invoice.date": "2026-11-21",
  "route.vesselName": "MSC Gülsün",
  "declaration.signatoryName": "Ünïcödé Αθήνα",
  "goods.lineItems.1.hsCode": "8466.93",
  "goods.lineItems.2.quantity": "1,250",
};

const EXPECTED_PATHS = [
  "declaration.signatory_name",
  "goods.line_items.1.hs_code",
  "goods.line_items.2.quantity",
  "invoice.date",
  "invoice.number",
  "route.vessel_name",
];

async function createShipment(svc: TestService, team: TestTeam, data: Json): Promise<string> {
  const body = await expectJson(
    await svc.call(team, "create-shipment", { body: { shipment_data: data } }),
    201,
  );
  return String(body.shipment_id);
}

/** generate-documents for one commercial invoice, then the job's PDF once the worker is done. */
async function generateInvoice(
  svc: TestService,
  team: TestTeam,
  worker: DocumentWorker,
  shipmentId: string,
  shipment: Json,
  finalDoc: boolean,
): Promise<Uint8Array> {
  const accepted = await expectJson<{ jobs: { jobId: string }[] }>(
    await svc.call(team, "generate-documents", {
      body: {
        shipment,
        document_types: ["COMMERCIAL_INVOICE"],
        shipment_id: shipmentId,
        final_doc: finalDoc,
        confirm_warnings: true,
      },
    }),
    202,
  );
  worker.kick();
  const jobId = accepted.jobs[0]!.jobId;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const job = await expectJson<{ status: string; download_url: string | null }>(
      await svc.fetch(`/api/v1/jobs/${jobId}`, {
        headers: { authorization: `Bearer ${team.apiKey}` },
      }),
      200,
    );
    if (job.status === "failed") throw new Error(`job ${jobId} failed`);
    if (job.status === "completed") {
      const url = new URL(job.download_url!);
      const download = await svc.fetch(url.pathname + url.search);
      equal(download.status, 200);
      return new Uint8Array(await download.arrayBuffer());
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`job ${jobId} did not finish in time`);
}

async function storedData(svc: TestService, team: TestTeam, id: string): Promise<Json> {
  const body = await expectJson<{ shipment_data: Json }>(
    await svc.call(team, "get-shipment", { query: { id } }),
    200,
  );
  return body.shipment_data;
}

/** The checks after a merge: typed values at the snake_case paths, the rest untouched. */
function assertMerged(data: Json, stored: Json): void {
  const d = data as {
    invoice: Json;
    route: Json;
    declaration: Json;
    goods: { line_items: Json[] };
  };
  assertEquals(d.invoice, {
    number: "INV-2026-0042",
    date: "2026-11-21",
    purchase_order: "PO-77812",
  });
  equal(d.route.vessel_name, "MSC Gülsün");
  equal(d.declaration.signatory_name, "Ünïcödé Αθήνα");
  equal(d.goods.line_items[1]!.hs_code, "8466.93");
  equal(d.goods.line_items[2]!.quantity, 1250, "a number, not the text 1,250");
  const before = stored as { goods: { line_items: Json[] }; exporter: Json };
  assertEquals(d.goods.line_items[0], before.goods.line_items[0]);
  assertEquals((data as { exporter: Json }).exporter, before.exporter);
}

/** The regenerated document shows what was typed. */
async function assertRendered(pdf: Uint8Array, name: string): Promise<void> {
  const path = `${dir}/${name}`;
  await Deno.writeFile(path, pdf);
  const text = (await pdftotext(path)).normalize("NFC");
  for (const shown of ["INV-2026-0042", "2026-11-21", "MSC Gülsün", "Ünïcödé Αθήνα", "8466.93"]) {
    assert(text.includes(shown), `${name} does not show ${shown}:\n${text}`);
  }
  assert(/\b1,250\b/.test(text), `${name} does not show the quantity 1,250`);
}

/**
 * Sets /V of the named terminal fields with qpdf's JSON (v2) and drops their appearance
 * streams, leaving drawing to the reader (/NeedAppearances true), as a script would.
 */
async function qpdfFill(input: string, values: Record<string, string>, output: string) {
  const json = JSON.parse((await run("qpdf", ["--json-output", "--json-key=qpdf", input])).stdout);
  const objects = json.qpdf[1] as Record<string, { value?: Record<string, unknown> }>;
  const fullName = (key: string): string => {
    const value = objects[key]!.value!;
    const partial = String(value["/T"] ?? "").replace(/^u:/, "");
    const parent = value["/Parent"];
    return typeof parent === "string" ? `${fullName(`obj:${parent}`)}.${partial}` : partial;
  };
  const updates: Record<string, unknown> = {};
  for (const [key, object] of Object.entries(objects)) {
    const value = object.value;
    if (!value || typeof value !== "object") continue;
    if ("/Fields" in value) {
      updates[key] = { value: { ...value, "/NeedAppearances": true } };
    } else if (value["/FT"] === "/Tx" && "/T" in value) {
      const name = fullName(key);
      if (!(name in values)) continue;
      const { "/AP": _appearance, ...rest } = value;
      updates[key] = { value: { ...rest, "/V": `u:${values[name]}` } };
    }
  }
  equal(Object.keys(updates).length, Object.keys(values).length + 1, "every field was found");
  const updatePath = `${output}.json`;
  await Deno.writeTextFile(updatePath, JSON.stringify({ qpdf: [json.qpdf[0], updates] }));
  await run("qpdf", [input, `--update-from-json=${updatePath}`, output]);
}

serviceTest(`filled-form round trip (${testDbKind()})`, async (t) => {
  const svc = await testService();
  const team = await svc.newTeam("starter");
  const renderer = createRenderer(0);
  const worker = new DocumentWorker(
    { db: svc.db, storage: svc.deps.storage, renderer, log: svc.deps.log, signer: svc.deps.signer },
    { concurrency: 2, leaseSeconds: 30, pollMs: 50, verifyUrl: svc.deps.config.publicVerifyUrl },
  );
  worker.start();
  try {
    const stored = storedShipment();

    await t.step("pdftk fill_form (XFDF, UTF-8) → extract → merged → regenerated", async () => {
      const id = await createShipment(svc, team, stored);
      const blank = await generateInvoice(svc, team, worker, id, renderedShipment(stored), false);
      const blankPath = `${dir}/pdftk-blank.pdf`;
      await Deno.writeFile(blankPath, blank);
      const names = (await pdftkFields(blankPath)).map((f) => f.name);
      for (const name of Object.keys(TYPED)) assert(names.includes(name), `no field ${name}`);

      const filledPath = `${dir}/pdftk-filled.pdf`;
      await pdftkFill(blankPath, TYPED, filledPath, false);
      const res = await extract(svc, team, {
        file: await Deno.readFile(filledPath),
        doc_type: "COMMERCIAL_INVOICE",
        shipment_id: id,
      });
      const body = await expectJson<Json>(res, 200);
      assertEquals(body.merge_result, { merged: true, updatedPaths: EXPECTED_PATHS });
      equal((body.mapped_data as Json)["goods.line_items.2.quantity"], 1250);
      equal(body.filled_count, Object.keys(TYPED).length);
      equal(body.field_count, (body.filled_count as number) + (body.empty_count as number));
      equal("unmapped_fields" in body, false);

      const data = await storedData(svc, team, id);
      assertMerged(data, stored);
      await assertRendered(
        await generateInvoice(svc, team, worker, id, data, true),
        "pdftk-regenerated.pdf",
      );
    });

    await t.step("pdftk with need_appearances: the same values are read", async () => {
      const id = await createShipment(svc, team, stored);
      const blankPath = `${dir}/na-blank.pdf`;
      await Deno.writeFile(
        blankPath,
        await generateInvoice(svc, team, worker, id, renderedShipment(stored), false),
      );
      const filledPath = `${dir}/na-filled.pdf`;
      await pdftkFill(blankPath, TYPED, filledPath, true);
      const body = await expectJson<Json>(
        await extract(svc, team, {
          file: await Deno.readFile(filledPath),
          doc_type: "COMMERCIAL_INVOICE",
          shipment_id: id,
          auto_merge: "false",
        }),
        200,
      );
      for (const [name, value] of Object.entries(TYPED)) {
        equal((body.extracted_fields as Json)[name], value, name);
      }
    });

    await t.step(
      "qpdf /V without appearance streams (NeedAppearances) → extract → merged → regenerated",
      async () => {
        const id = await createShipment(svc, team, stored);
        const blankPath = `${dir}/qpdf-blank.pdf`;
        await Deno.writeFile(
          blankPath,
          await generateInvoice(svc, team, worker, id, renderedShipment(stored), false),
        );
        const filledPath = `${dir}/qpdf-filled.pdf`;
        await qpdfFill(blankPath, TYPED, filledPath);
        const body = await expectJson<Json>(
          await extract(svc, team, {
            file: await Deno.readFile(filledPath),
            doc_type: "COMMERCIAL_INVOICE",
            shipment_id: id,
          }),
          200,
        );
        assertEquals(body.merge_result, { merged: true, updatedPaths: EXPECTED_PATHS });
        const data = await storedData(svc, team, id);
        assertMerged(data, stored);
        await assertRendered(
          await generateInvoice(svc, team, worker, id, data, true),
          "qpdf-regenerated.pdf",
        );
      },
    );
  } finally {
    await worker.stop();
    renderer.close?.();
  }
});
