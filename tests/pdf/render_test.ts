/**
 * The PDF layout engine, checked with real tools: qpdf (structure), pdffonts (embedded subset
 * fonts only), pdftotext (text in Latin, Greek, Cyrillic; the hash; "Page x of y"; repeated
 * table headers), zbarimg (the footer QR code), pdftk (form fields listed and filled), pdf-lib
 * (a third parser), byte-identical output, and page images against reviewed snapshots.
 *
 * Snapshots: tests/pdf/snapshots/*.png (pdftoppm, 50 dpi, gray). After a reviewed layout
 * change: `UPDATE_SNAPSHOTS=1 deno task test tests/pdf/`, then look at the PNGs.
 */
import { PDFDocument, PDFTextField } from "@pdfme/pdf-lib";
import { field } from "../../shared/documents/pdf/model.ts";
import { qrText } from "../../shared/documents/pdf/qr.ts";
import { renderPdf, SERVICE_FIELDS } from "../../shared/documents/pdf/render.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";
import { context, CYRILLIC, EMPTY_FIELDS, GREEK, HASH, invoiceSpec, VERIFY_BASE } from "./spec.ts";
import {
  decodeGrayPng,
  imageDifference,
  pageCount,
  pageTexts,
  pdffonts,
  pdftkFields,
  pdftkFill,
  pdftotext,
  qpdfCheck,
  renderPage,
  tempDir,
  zbarimg,
} from "./tools.ts";

const dir = tempDir("pdf-engine-test-");
const EXPORTER = "Hamburg Maschinenbau GmbH";
const VERIFY_URL = `${VERIFY_BASE}/${HASH}`;
const STANDARD_14 =
  /^(Times|Helvetica|Courier|Symbol|ZapfDingbats)(-|$)|^(Times-Roman|Arial|TimesNewRoman)/;

const cache = new Map<string, Promise<{ bytes: Uint8Array; path: string }>>();

/** Renders (once) the test invoice with n items, fillable or final, and writes it to a file. */
function invoice(items: number, finalDoc = false) {
  const key = `${items}-${finalDoc ? "final" : "fillable"}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = (async () => {
      const bytes = await renderPdf(invoiceSpec(items), context({ finalDoc }));
      const path = `${dir}/invoice-${key}.pdf`;
      await Deno.writeFile(path, bytes);
      return { bytes, path };
    })();
    cache.set(key, hit);
  }
  return hit;
}

for (const items of [10, 200]) {
  Deno.test(`pdf: ${items} items passes qpdf --check and embeds only subset Unicode fonts`, async () => {
    for (const finalDoc of [false, true]) {
      const { path } = await invoice(items, finalDoc);
      await qpdfCheck(path);
      const fonts = await pdffonts(path);
      assert(fonts.length >= 1, "pdffonts lists the fonts");
      for (const f of fonts) {
        assert(
          f.embedded && f.subset && f.unicode,
          `font not embedded subset with ToUnicode: ${JSON.stringify(f)}`,
        );
        // The text in Identity-H CID fonts; the form fields' font a simple one (form_font.ts).
        const cid = f.type === "CID TrueType" && f.encoding === "Identity-H";
        const form = f.type === "TrueType" && ["WinAnsi", "Custom"].includes(f.encoding);
        assert(cid || form, `font type ${f.type} ${f.encoding}`);
        // Noto Sans, and the fallback fonts for what it lacks (the spec has a "≤").
        const family =
          /^[A-Z]{6}\+(NotoSans-(Regular|Bold)|NotoSans\w+-Regular|DroidSansFallback)$/;
        assert(family.test(f.name), `font name ${f.name}`);
        assert(!STANDARD_14.test(f.name.replace(/^[A-Z]{6}\+/, "")), `standard font ${f.name}`);
      }
    }
  });

  Deno.test(`pdf: ${items} items text extracts: exporter, Greek, Cyrillic, hash, page numbers`, async () => {
    const { path } = await invoice(items);
    const text = await pdftotext(path);
    for (
      const expected of [
        EXPORTER,
        GREEK,
        CYRILLIC,
        HASH,
        "COMMERCIAL_INVOICE",
        "SHP-2026-0042",
        // Symbols Noto Sans lacks are drawn with a fallback font, not rewritten ("<=").
        "→",
        "(≤ 21 days)",
      ]
    ) {
      assert(text.includes(expected), `pdftotext finds ${expected}`);
    }
    const pages = await pageTexts(path);
    const count = await pageCount(path);
    equal(pages.length, count);
    pages.forEach((page, i) => {
      assert(
        page.includes(`Page ${i + 1} of ${count}`),
        `page ${i + 1} says Page ${i + 1} of ${count}`,
      );
      assert(page.includes(HASH), `page ${i + 1} has the hash in its footer`);
    });
  });

  Deno.test(`pdf: ${items} items footer QR code decodes to the verify URL`, async () => {
    const { path } = await invoice(items);
    const count = await pageCount(path);
    for (const page of new Set([1, count])) {
      const png = await renderPage(path, page, 150);
      assertEquals(await zbarimg(png), [qrText(VERIFY_URL)], `QR code on page ${page}`);
    }
  });
}

Deno.test("pdf: a long goods table breaks across pages with its header repeated", async () => {
  const { path } = await invoice(200);
  const pages = await pageTexts(path);
  assert(pages.length >= 3, `200 items take several pages, got ${pages.length}`);
  const withRows = pages.filter((p) => /\(lot \d{3}\)/.test(p) || /^\d{4}\.\d{2}$/m.test(p));
  assert(withRows.length >= 3, "goods rows on several pages");
  for (const [i, page] of pages.entries()) {
    if (!/^\d{4}\.\d{2}$/m.test(page)) continue;
    for (
      const header of ["Description of goods", "HS code", "Quantity", "Amount (EUR)", "Gross kg"]
    ) {
      assert(page.includes(header), `page ${i + 1} repeats the table header ${header}`);
    }
    if (i > 0) assert(page.includes("(continued)"), `page ${i + 1} says (continued)`);
  }
  // Every row is there once: the row numbers 1..200 in the first column.
  const layout = await pdftotext(path, true);
  const numbers = new Set<number>();
  for (
    const m of layout.matchAll(/^\s*(\d{1,3}) (?:Coffee|CNC|Portable|Men's|Lithium|Sparkling)/gm)
  ) {
    numbers.add(Number(m[1]));
  }
  equal(numbers.size, 200, "all 200 rows are printed");
  const last = pages.at(-1)!;
  assert(last.includes("7,628,037.70"), "the totals are on the last page");
  assert(last.includes("Signature of the exporter"), "the signature block ends the document");
});

Deno.test("pdf: fillable fields are named by their camelCase path, plus the hidden service fields", async () => {
  const { path } = await invoice(10);
  const fields = await pdftkFields(path);
  const names = fields.map((f) => f.name).sort();
  assertEquals(names, [...EMPTY_FIELDS, ...SERVICE_FIELDS].sort());
  for (const f of fields) equal(f.type, "Text");
  const byName = new Map(fields.map((f) => [f.name, f]));
  equal(byName.get("_service_shipment_id")?.value, context().shipmentId);
  equal(byName.get("_service_doc_type")?.value, "COMMERCIAL_INVOICE");
  equal(byName.get("_service_shipment_ref")?.value, "SHP-2026-0042");
  for (const name of SERVICE_FIELDS) equal(byName.get(name)!.flags & 1, 1, `${name} is read-only`);
  equal(byName.get("terms.remarks")!.flags & 4096, 4096, "terms.remarks is multi-line");
  equal(byName.get("charges.other")!.flags, 0);
  // The 200-item document has the same fields.
  const many = await pdftkFields((await invoice(200)).path);
  assertEquals(many.map((f) => f.name).sort(), names);
});

Deno.test("pdf: pdftk fills the fields, and a reader draws the values with the embedded font", async () => {
  // The invoice holds Cyrillic text, so its form font has Cyrillic letters besides WinAnsi.
  const { path } = await invoice(10);
  const values = {
    "charges.other": "EUR 125.00 Zürich",
    "terms.remarks": "Новосибирск Київ",
    "goods.lineItems.0.hsCode": "0901.21.00",
  };
  const out = `${dir}/filled.pdf`;
  await pdftkFill(path, values, out, true);
  await qpdfCheck(out);
  const fields = new Map((await pdftkFields(out)).map((f) => [f.name, f.value]));
  for (const [name, value] of Object.entries(values)) equal(fields.get(name), value);
  const text = await pdftotext(out);
  for (const value of Object.values(values)) {
    assert(text.includes(value), `pdftotext sees the filled value ${value}`);
  }
  for (const f of await pdffonts(out)) {
    assert(f.embedded, `no unembedded font after filling: ${f.name}`);
  }
});

Deno.test("pdf: pdf-lib reads the form and sets a value", async () => {
  const { bytes } = await invoice(10);
  const doc = await PDFDocument.load(bytes);
  const form = doc.getForm();
  const names = form.getFields().map((f) => f.getName()).sort();
  assertEquals(names, [...EMPTY_FIELDS, ...SERVICE_FIELDS].sort());
  const field = form.getField("charges.discount");
  assert(field instanceof PDFTextField);
  field.setText("5 %");
  const out = `${dir}/pdflib.pdf`;
  await Deno.writeFile(out, await doc.save({ updateFieldAppearances: false }));
  const fields = new Map((await pdftkFields(out)).map((f) => [f.name, f.value]));
  equal(fields.get("charges.discount"), "5 %");
  equal(doc.getPageCount(), 1);
});

Deno.test("pdf: a final document has no fields but the hidden service fields", async () => {
  for (const items of [10, 200]) {
    const { path } = await invoice(items, true);
    const fields = await pdftkFields(path);
    assertEquals(fields.map((f) => f.name).sort(), [...SERVICE_FIELDS].sort());
    const text = await pdftotext(path);
    assert(text.includes(EXPORTER) && text.includes(HASH));
  }
});

Deno.test("pdf: the same input gives the same bytes", async () => {
  for (const items of [10, 200]) {
    for (const finalDoc of [false, true]) {
      const a = await renderPdf(invoiceSpec(items), context({ finalDoc }));
      const b = await renderPdf(invoiceSpec(items), context({ finalDoc }));
      assert(
        a.length === b.length && a.every((v, i) => v === b[i]),
        `${items} items, final ${finalDoc}`,
      );
    }
  }
  const { bytes } = await invoice(10);
  const latin1 = new TextDecoder("latin1").decode(bytes);
  const id = "0B9D8C7E6F5A4B3C9D2E1F0A9B8C7D6E";
  assert(latin1.includes(`/ID [<${id}> <${id}>]`), "the file /ID is the document id");
  const other = await renderPdf(invoiceSpec(10), context({ documentId: "job-42" }));
  assert(!new TextDecoder("latin1").decode(other).includes(id), "another document id, another /ID");
});

Deno.test("pdf: without a hash there is no QR code and the footer says so", async () => {
  const bytes = await renderPdf(
    invoiceSpec(10),
    context({ validationHash: null, verifyUrl: null, finalDoc: true }),
  );
  const path = `${dir}/nohash.pdf`;
  await Deno.writeFile(path, bytes);
  await qpdfCheck(path);
  const text = await pdftotext(path);
  assert(text.includes("Not validated") && text.includes("Page 1 of 1"));
  assertEquals(await zbarimg(await renderPage(path, 1, 150)), []);
});

Deno.test("pdf: text is normalised to NFC and extracts as written, even without a glyph", async () => {
  const value = "Mu\u0308ller A \u0391 東京 𝔘 Ελλάδα Москва";
  const bytes = await renderPdf(
    {
      type: "COMMERCIAL_INVOICE",
      title: "Scripts",
      references: [],
      blocks: [
        { kind: "boxes", boxes: [{ label: "Name", lines: [field("exporter.name", value)] }] },
        { kind: "paragraph", text: "tab\there\r\nnext line\u0000" },
      ],
    },
    context({ finalDoc: true }),
  );
  const path = `${dir}/scripts.pdf`;
  await Deno.writeFile(path, bytes);
  await qpdfCheck(path);
  const text = await pdftotext(path);
  // Latin A and Greek Alpha stay distinct; CJK and U+1D518 (no glyph in Noto Sans) extract.
  assert(text.includes("Müller A \u0391 東京 𝔘 Ελλάδα Москва"), text);
  assert(text.includes("tab here\nnext line"), text);
});

const SNAPSHOTS = new URL("./snapshots/", import.meta.url);
const update = Deno.env.get("UPDATE_SNAPSHOTS") === "1";

Deno.test("pdf: pages look like the reviewed snapshots", async () => {
  const cases: [string, number, boolean, number | "last"][] = [
    ["invoice-10-fillable-p1", 10, false, 1],
    ["invoice-10-final-p1", 10, true, 1],
    ["invoice-200-fillable-p1", 200, false, 1],
    ["invoice-200-fillable-p2", 200, false, 2],
    ["invoice-200-fillable-last", 200, false, "last"],
  ];
  const failures: string[] = [];
  for (const [name, items, finalDoc, which] of cases) {
    const { path } = await invoice(items, finalDoc);
    const page = which === "last" ? await pageCount(path) : which;
    const png = await renderPage(path, page, 50, { gray: true });
    const snapshot = new URL(`${name}.png`, SNAPSHOTS);
    if (update) {
      await Deno.mkdir(SNAPSHOTS, { recursive: true });
      await Deno.copyFile(png, snapshot);
      continue;
    }
    const expected = decodeGrayPng(await Deno.readFile(snapshot));
    const actual = decodeGrayPng(await Deno.readFile(png));
    const difference = imageDifference(expected, actual);
    if (difference > 0.002) {
      const kept = `.test-output/pdf/${name}.png`;
      await Deno.mkdir(".test-output/pdf", { recursive: true });
      await Deno.copyFile(png, kept);
      failures.push(`${name}: ${(difference * 100).toFixed(2)} % of pixels differ (see ${kept})`);
    }
  }
  assertEquals(failures, [], "pages differ from the snapshots (UPDATE_SNAPSHOTS=1 after review)");
});
