/**
 * Measures the three PDF readers on the one job they could share: reading the form fields of a
 * PDF. `deno run -A --v8-flags=--expose-gc scripts/pdf_readers.ts` prints, per reader and file,
 * the fields found, the median time of RUNS reads and the heap a read leaves allocated at its
 * peak (heapUsed after the read, before collection, less heapUsed after a collection before it).
 * The figures and the decision are in docs/architecture.md ("PDF readers").
 *
 * - forms: shared/documents/forms (pdf_file.ts + pdf_syntax.ts), what extract-filled-fields uses;
 * - pdf-lib: PDFDocument.load, then getForm().getFields(), what flattening uses;
 * - unpdf (pdf.js): getDocumentProxy, then getFieldObjects(), what text extraction uses.
 *
 * Files: the engine's fillable commercial invoice (object streams, a cross-reference stream)
 * with 10 and 150 line items whose values are left out, and the 9,999-field form the tests
 * build (tests/forms/pdf_builder.ts: a classic cross-reference table, one object per field).
 */
import { PDFDocument, PDFTextField } from "@pdfme/pdf-lib";
import { getDocumentProxy } from "unpdf";
import { readFilledForm, SERVICE_FIELD_PREFIX } from "../shared/documents/forms/read_form.ts";
import { renderDocument } from "../shared/documents/pdf/documents.ts";
import { formPdf } from "../tests/forms/pdf_builder.ts";
import { sampleShipment } from "../tests/fixtures/sample_shipment.ts";

const RUNS = 7;

type Reader = (bytes: Uint8Array) => Promise<number>;

const READERS: Record<string, Reader> = {
  forms: (bytes) => Promise.resolve(readFilledForm(bytes).fields.size),
  "pdf-lib": async (bytes) => {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const fields = doc.getForm().getFields().filter((f) => !isHidden(f.getName()));
    for (const field of fields) if (field instanceof PDFTextField) field.getText();
    return fields.length;
  },
  unpdf: async (bytes) => {
    const pdf = await getDocumentProxy(bytes.slice());
    const objects = (await pdf.getFieldObjects()) ?? {};
    return Object.keys(objects).filter((name) => !isHidden(name)).length;
  },
};

/** The service's own hidden fields, which readFilledForm reads apart. */
function isHidden(name: string): boolean {
  return name.startsWith(SERVICE_FIELD_PREFIX);
}

/** The sample shipment with every line's HS code and quantity left out: two fields a line. */
async function invoice(lines: number): Promise<Uint8Array> {
  const data = sampleShipment(lines) as unknown as {
    invoice?: unknown;
    goods: { line_items: Record<string, unknown>[] };
  };
  delete data.invoice;
  for (const item of data.goods.line_items) {
    item.hs_code = "";
    delete item.quantity;
  }
  return await renderDocument("COMMERCIAL_INVOICE", data as Record<string, unknown>, {
    shipmentId: "3c1e8f0a-7b2d-4e6f-9a1b-2c3d4e5f6a7b",
    shipmentRef: "SHP-READERS",
    validationHash: null,
    verifyUrl: null,
    finalDoc: false,
    createdAt: new Date("2026-11-21T10:00:00Z"),
    documentId: "00000000-0000-4000-8000-000000000001",
  });
}

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --v8-flags=--expose-gc");

const files: Record<string, Uint8Array> = {
  "invoice, 10 lines": await invoice(10),
  "invoice, 150 lines": await invoice(150),
  "9,999 fields": formPdf(
    Array.from({ length: 9_999 }, (_, i) => ({ name: `g.${i}.v`, value: "(y)" })),
  ),
};

console.log("| reader | file | size | fields | median ms | heap MB |");
console.log("|---|---|---:|---:|---:|---:|");
for (const [file, bytes] of Object.entries(files)) {
  for (const [name, read] of Object.entries(READERS)) {
    const times: number[] = [];
    let heap = 0;
    let fields = 0;
    for (let run = 0; run < RUNS; run++) {
      gc();
      const before = Deno.memoryUsage().heapUsed;
      const started = performance.now();
      fields = await read(bytes);
      times.push(performance.now() - started);
      heap = Math.max(heap, Deno.memoryUsage().heapUsed - before);
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${name} | ${file} | ${(bytes.length / 1024).toFixed(0)} KB | ${fields} | ` +
        `${times[RUNS >> 1]!.toFixed(1)} | ${(heap / 2 ** 20).toFixed(1)} |`,
    );
  }
}
