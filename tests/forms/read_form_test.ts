import { deflateSync } from "node:zlib";
import { ServiceError } from "../../shared/platform/errors/service_error.ts";
import { MAX_FORM_FIELDS, readFilledForm } from "../../shared/documents/forms/read_form.ts";
import { renderDocument } from "../../shared/documents/pdf/documents.ts";
import type { RenderContext } from "../../shared/documents/pdf/model.ts";
import { sampleShipment } from "../fixtures/sample_shipment.ts";
import { run, tempDir } from "../pdf/tools.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";
import {
  appendUpdate,
  buildPdf,
  formPdf,
  latin1,
  latin1Bytes,
  pdfText,
  utf8,
} from "./pdf_builder.ts";

const SHIPMENT_ID = "5a0e1c52-8f4e-4c1e-9a55-0d6b1f2e3a4b";
const dir = tempDir("forms-read-");

function ctx(finalDoc: boolean): RenderContext {
  return {
    shipmentId: SHIPMENT_ID,
    shipmentRef: "SHP-READ-1",
    validationHash: null,
    verifyUrl: null,
    finalDoc,
    createdAt: new Date("2026-11-21T10:00:00Z"),
    documentId: "00000000-0000-4000-8000-000000000001",
  };
}

/** The sample shipment with a few values missing, so the invoice has fields to fill. */
function incompleteShipment(): Record<string, unknown> {
  const data = sampleShipment(3) as unknown as {
    invoice?: unknown;
    route: Record<string, unknown>;
    goods: { line_items: Record<string, unknown>[] };
  };
  delete data.invoice;
  delete data.route.vessel_name;
  data.goods.line_items[1]!.hs_code = "";
  delete data.goods.line_items[2]!.quantity;
  return data as unknown as Record<string, unknown>;
}

function expectCode(fn: () => unknown, code: string, reason?: string): ServiceError {
  try {
    fn();
  } catch (error) {
    assert(error instanceof ServiceError, `expected a ServiceError, got ${error}`);
    equal(error.code, code, error.message);
    equal(error.status, 400);
    if (reason) assertEquals(error.details, { reason });
    return error;
  }
  throw new Error(`expected ${code}, but the form was read`);
}

Deno.test("readFilledForm() reads every field of a generated document, the hidden ones apart", async () => {
  const pdf = await renderDocument("COMMERCIAL_INVOICE", incompleteShipment(), ctx(false));
  const form = readFilledForm(pdf);
  assertEquals([...form.fields.keys()], [
    "invoice.number",
    "invoice.date",
    "invoice.purchaseOrder",
    "route.vesselName",
    "goods.lineItems.1.hsCode",
    "goods.lineItems.2.quantity",
    "charges.packing",
    "charges.other",
    "charges.discount",
  ]);
  assert([...form.fields.values()].every((v) => v === ""));
  assertEquals(form.embedded, {
    shipmentId: SHIPMENT_ID,
    docType: "COMMERCIAL_INVOICE",
    shipmentRef: "SHP-READ-1",
  });
});

Deno.test("readFilledForm() decodes UTF-16BE, UTF-8 and PDFDocEncoding values and names", () => {
  const form = readFilledForm(formPdf([
    { name: "exporter.name", value: pdfText("Ünïcödé Αθήνα 東京") },
    // PDFDocEncoding: 0xDF ß, 0x80 bullet, 0xA0 euro, 0x84 em dash.
    { name: "exporter.address", value: "(Stra\\337e \\200 \\240 \\204 \\(x\\))" },
    // PDF 2.0 UTF-8 with its byte order mark, as a hex string.
    {
      name: "exporter.city",
      value: `<EFBBBF${Array.from(utf8("Zürich"), (b) => b.toString(16)).join("")}>`,
    },
    { name: "Überschrift", value: "(multi\\r\\nline\\rtext)" },
    { name: "exporter.state" },
  ]));
  assertEquals(Object.fromEntries(form.fields), {
    "exporter.name": "Ünïcödé Αθήνα 東京",
    "exporter.address": "Straße • € — (x)",
    "exporter.city": "Zürich",
    "Überschrift": "multi\nline\ntext",
    "exporter.state": "",
  });
  assertEquals(form.embedded, {});
});

Deno.test("readFilledForm() inherits /FT and /V from parents; widget kids add no name", () => {
  const pdf = buildPdf([
    "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R 7 0 R] >> >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [5 0 R 6 0 R 8 0 R] >>",
    // A field whose value and type sit on the parent, with two widgets (no /T of their own).
    "<< /T (route) /FT /Tx /V (shared) /Kids [5 0 R 6 0 R] >>",
    "<< /Type /Annot /Subtype /Widget /Parent 4 0 R /Rect [0 0 10 10] >>",
    "<< /Type /Annot /Subtype /Widget /Parent 4 0 R /Rect [0 20 10 30] >>",
    // A group with the type on the group and the value on the kid.
    "<< /T (goods) /FT /Tx /Kids [8 0 R] >>",
    "<< /T (currency) /Parent 7 0 R /V (EUR) /Subtype /Widget /Rect [0 0 1 1] >>",
  ], "/Root 1 0 R");
  assertEquals(Object.fromEntries(readFilledForm(pdf).fields), {
    route: "shared",
    "goods.currency": "EUR",
  });
});

Deno.test("readFilledForm() reads check boxes and radio groups by export value, skips choices and signatures", () => {
  const form = readFilledForm(formPdf([
    { name: "terms.incoterm", value: "(FOB)" },
    { name: "flag", type: "Btn", value: "/Yes" },
    { name: "blData.freightPayment", type: "Btn", value: "/PREPAID" },
    { name: "unticked", type: "Btn", value: "/Off" },
    { name: "choice", type: "Ch", value: "(A)" },
    { name: "sig", type: "Sig" },
  ]));
  assertEquals(Object.fromEntries(form.fields), {
    "terms.incoterm": "FOB",
    flag: "Yes",
    "blData.freightPayment": "PREPAID",
    unticked: "",
  });
});

Deno.test("readFilledForm() keeps the first non-blank value of a name given twice", () => {
  const twice = buildPdf([
    "<< /Type /Catalog /AcroForm << /Fields [2 0 R 3 0 R 4 0 R] >> >>",
    "<< /T (dup) /FT /Tx /V () >>",
    "<< /T (dup) /FT /Tx /V (second) >>",
    "<< /T (dup) /FT /Tx /V (third) >>",
  ], "/Root 1 0 R");
  assertEquals(Object.fromEntries(readFilledForm(twice).fields), { dup: "second" });
});

Deno.test("readFilledForm() survives a /Kids cycle", () => {
  const pdf = buildPdf([
    "<< /Type /Catalog /AcroForm << /Fields [2 0 R] >> >>",
    "<< /T (loop) /Kids [3 0 R] >>",
    "<< /T (back) /Kids [2 0 R 4 0 R] >>",
    "<< /T (leaf) /FT /Tx /V (ok) >>",
  ], "/Root 1 0 R");
  assertEquals(Object.fromEntries(readFilledForm(pdf).fields), { "loop.back.leaf": "ok" });
});

Deno.test("readFilledForm() reads the newest revision of an incrementally updated file", () => {
  const original = formPdf([{ name: "invoice.number", value: "(old)" }, { name: "x" }]);
  // Objects 5 (invoice) and 6 (number) in formPdf's numbering: replace the terminal field.
  const text = latin1(original);
  const numberObj = /(\d+) 0 obj\n<< \/FT \/Tx \/T \(number\)/.exec(text)![1]!;
  const updated = appendUpdate(
    original,
    {
      [Number(numberObj)]:
        "<< /FT /Tx /T (number) /Parent 5 0 R /V (INV-2) /Subtype /Widget /Rect [0 0 1 1] >>",
    },
    "/Root 1 0 R /Size 20",
  );
  equal(readFilledForm(updated).fields.get("invoice.number"), "INV-2");
});

Deno.test("readFilledForm() rebuilds a broken cross-reference table by scanning", () => {
  const pdf = formPdf([{ name: "exporter.name", value: "(ACME)" }]);
  // Every offset off by 7: the objects are not where the table says.
  const text = latin1(pdf).replace(
    /^(\d{10}) 00000 n $/gm,
    (_, offset: string) => `${String(Number(offset) + 7).padStart(10, "0")} 00000 n `,
  );
  equal(readFilledForm(latin1Bytes(text)).fields.get("exporter.name"), "ACME");
});

Deno.test("readFilledForm() reads qpdf's object streams, xref streams and linearized files", async () => {
  const source = `${dir}/source.pdf`;
  await Deno.writeFile(
    source,
    formPdf([{ name: "goods.lineItems.0.hsCode", value: pdfText("0901.21") }, {
      name: "exporter.name",
      value: pdfText("Αθήνα"),
    }]),
  );
  for (const args of [["--object-streams=generate"], ["--linearize"], ["--qdf"]]) {
    const out = `${dir}/qpdf-${args[0]!.replace(/\W/g, "")}.pdf`;
    await run("qpdf", [...args, source, out]);
    const form = readFilledForm(await Deno.readFile(out));
    assertEquals(Object.fromEntries(form.fields), {
      "goods.lineItems.0.hsCode": "0901.21",
      "exporter.name": "Αθήνα",
    }, args.join(" "));
  }
});

Deno.test("readFilledForm() refuses what is not a PDF, judging by the bytes (SVC_VAL_003)", () => {
  for (
    const bytes of [
      new Uint8Array(),
      utf8("hello, this is a text file named invoice.pdf"),
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      utf8("PDF-1.7 but no percent sign"),
    ]
  ) {
    expectCode(() => readFilledForm(bytes), "SVC_VAL_003");
  }
  // The header may follow up to a KiB of junk, as readers allow.
  const junk = new Uint8Array([...utf8("junk\n"), ...formPdf([{ name: "a", value: "(1)" }])]);
  equal(readFilledForm(junk).fields.get("a"), "1");
});

Deno.test("readFilledForm() refuses truncated, encrypted and corrupted PDFs (SVC_VAL_005)", async () => {
  const pdf = await renderDocument("COMMERCIAL_INVOICE", incompleteShipment(), ctx(false));
  for (const cut of [pdf.length - 40, Math.floor(pdf.length / 2), 100, 9]) {
    expectCode(() => readFilledForm(pdf.subarray(0, cut)), "SVC_VAL_005", "truncated");
  }
  expectCode(
    () =>
      readFilledForm(formPdf([{ name: "a", value: "(1)" }], {
        trailer: "/Encrypt << /Filter /Standard /V 2 /R 3 /O <00> /U <00> /P -4 >>",
      })),
    "SVC_VAL_005",
    "encrypted",
  );
  const plain = `${dir}/plain.pdf`;
  const locked = `${dir}/locked.pdf`;
  await Deno.writeFile(plain, pdf);
  await run("qpdf", ["--encrypt", "", "owner-secret", "256", "--", plain, locked]);
  expectCode(() => readFilledForm(Deno.readFileSync(locked)), "SVC_VAL_005", "encrypted");

  const garbage = latin1Bytes(
    "%PDF-1.7\n1 0 obj\n<< /Type /Catalog /AcroForm 2 0 R >>\nendobj\n" +
      "2 0 obj\n<< /Fields [ (unterminated >>\nendobj\nxref\n0 1\nstartxref\n64\n%%EOF\n",
  );
  expectCode(() => readFilledForm(garbage), "SVC_VAL_005", "corrupted");
});

Deno.test("readFilledForm() bounds decompression: a stream bomb is SVC_VAL_005", () => {
  const bomb = deflateSync(new Uint8Array(80 * 1024 * 1024));
  const head = "%PDF-1.7\n";
  const objects = [
    "1 0 obj\n<< /Type /Catalog /AcroForm << /Fields [2 0 R] >> >>\nendobj\n",
    "2 0 obj\n<< /T (a) /FT /Tx /V 3 0 R >>\nendobj\n",
    `3 0 obj\n<< /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`,
  ];
  const before = head + objects.join("");
  const after = "\nendstream\nendobj\n";
  const o1 = head.length;
  const o2 = o1 + objects[0]!.length;
  const o3 = o2 + objects[1]!.length;
  const xrefAt = before.length + bomb.length + after.length;
  const xref = `xref\n0 4\n0000000000 65535 f \n${
    [o1, o2, o3].map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")
  }trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  const pdf = new Uint8Array([
    ...latin1Bytes(before),
    ...bomb,
    ...latin1Bytes(after + xref),
  ]);
  const started = performance.now();
  expectCode(() => readFilledForm(pdf), "SVC_VAL_005", "too_complex");
  assert(performance.now() - started < 3000, "the bomb took too long to refuse");
});

Deno.test("readFilledForm() answers SVC_VAL_006 when there are no fillable text fields", async () => {
  const noForm = buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [] /Count 0 >>",
  ], "/Root 1 0 R");
  expectCode(() => readFilledForm(noForm), "SVC_VAL_006");
  expectCode(() => readFilledForm(formPdf([{ name: "ok", type: "Sig" }])), "SVC_VAL_006");
  // A final document carries only the hidden service fields.
  const final = await renderDocument("COMMERCIAL_INVOICE", incompleteShipment(), ctx(true));
  expectCode(() => readFilledForm(final), "SVC_VAL_006");
});

Deno.test("readFilledForm() refuses more than MAX_FORM_FIELDS fields quickly (SVC_VAL_013)", () => {
  const many = formPdf(
    Array.from({ length: MAX_FORM_FIELDS * 2 }, (_, i) => ({ name: `f${i}`, value: "(x)" })),
  );
  let started = performance.now();
  const error = expectCode(() => readFilledForm(many), "SVC_VAL_013");
  assertEquals(error.details, { max_fields: MAX_FORM_FIELDS });
  assert(performance.now() - started < 2000, "refusing took too long");

  const allowed = formPdf(
    Array.from({ length: 5000 }, (_, i) => ({ name: `g.${i}.v`, value: "(y)" })),
  );
  started = performance.now();
  equal(readFilledForm(allowed).fields.size, 5000);
  assert(performance.now() - started < 2000, "5,000 fields took too long");
});
