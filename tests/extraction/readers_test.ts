/**
 * The readers: a PDF's text layer and spreadsheet cells, and the hostile files they must refuse
 * quickly with bounded memory (zip bombs, a million-row sheet, a PDF claiming 100,000 pages, a
 * Flate bomb, truncated files). Bombs are built compactly: one DEFLATE chunk, ended with a sync
 * flush so that it is byte-aligned, repeated, and closed with an empty final block.
 */
import zlib from "node:zlib";
import * as XLSX from "@e965/xlsx";
import { assert, equal } from "../support/assert.ts";
import { readPdfText } from "../../shared/extraction/readers/pdf_text.ts";
import { readSpreadsheet } from "../../shared/extraction/readers/spreadsheet.ts";
import { READER_LIMITS } from "../../shared/extraction/readers/limits.ts";
import { ExtractionFailure } from "../../shared/extraction/provider.ts";
import { renderDocument } from "../../shared/documents/pdf/documents.ts";
import { sampleShipment } from "../fixtures/sample_shipment.ts";

const signal = () => AbortSignal.timeout(60_000);
const MiB = 1024 * 1024;

/** A DEFLATE stream (raw) of `chunk` repeated `times`, built without inflating it. */
function repeatedDeflate(chunk: Uint8Array, times: number): Uint8Array {
  const block = zlib.deflateRawSync(chunk, { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 9 });
  const out = new Uint8Array(block.length * times + 2);
  for (let i = 0; i < times; i++) out.set(block, i * block.length);
  out.set([0x03, 0x00], block.length * times); // an empty final block
  return out;
}

/** Raw DEFLATE of text produced in batches (each batch its own sync-flushed blocks). */
function deflateBatches(batches: Iterable<string>): { data: Uint8Array; size: number } {
  const parts: Uint8Array[] = [];
  let size = 0;
  for (const text of batches) {
    const bytes = new TextEncoder().encode(text);
    size += bytes.length;
    parts.push(zlib.deflateRawSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH, level: 1 }));
  }
  parts.push(new Uint8Array([0x03, 0x00]));
  const data = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) data.set(p, at), at += p.length;
  return { data, size };
}

interface ZipEntry {
  name: string;
  /** Compressed with raw DEFLATE (method 8). */
  data: Uint8Array;
  /** What the directory claims the entry inflates to (a lie, in some tests). */
  size: number;
}

/** A zip written by hand, so that its directory can say whatever a test needs. */
function zip(entries: ZipEntry[]): Uint8Array {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = enc.encode(e.name);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, 8, true);
    lv.setUint32(18, e.data.length, true);
    lv.setUint32(22, e.size, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(10, 8, true);
    cv.setUint32(20, e.data.length, true);
    cv.setUint32(24, e.size, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, e.data);
    centrals.push(central);
    offset += local.length + e.data.length;
  }
  const dirSize = centrals.reduce((n, c) => n + c.length, 0);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, dirSize, true);
  ev.setUint32(16, offset, true);
  const all = [...locals, ...centrals, eocd];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) out.set(p, at), at += p.length;
  return out;
}

function deflated(name: string, text: string): ZipEntry {
  const bytes = new TextEncoder().encode(text);
  return { name, data: zlib.deflateRawSync(bytes), size: bytes.length };
}

const NS = "http://schemas.openxmlformats.org";
const OOXML = "application/vnd.openxmlformats";
const RELS = `${NS}/package/2006/relationships`;
const DOC_RELS = `${NS}/officeDocument/2006/relationships`;

/** The parts of an XLSX that SheetJS needs, with the given worksheet and shared strings. */
function xlsx(sheet: ZipEntry, sharedStrings?: ZipEntry): Uint8Array {
  return zip([
    deflated(
      "[Content_Types].xml",
      `<?xml version="1.0"?><Types xmlns="${NS}/package/2006/content-types">` +
        `<Default Extension="rels" ContentType="${OOXML}-package.relationships+xml"/>` +
        `<Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ` +
        `ContentType="${OOXML}-officedocument.spreadsheetml.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ` +
        `ContentType="${OOXML}-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    deflated(
      "_rels/.rels",
      `<?xml version="1.0"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" ` +
        `Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    deflated(
      "xl/workbook.xml",
      `<?xml version="1.0"?><workbook xmlns="${NS}/spreadsheetml/2006/main" ` +
        `xmlns:r="${DOC_RELS}"><sheets><sheet name="Invoice" sheetId="1" r:id="rId1"/>` +
        `</sheets></workbook>`,
    ),
    deflated(
      "xl/_rels/workbook.xml.rels",
      `<?xml version="1.0"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" ` +
        `Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    sheet,
    ...(sharedStrings ? [sharedStrings] : []),
  ]);
}

const SHEET_HEAD = `<?xml version="1.0"?><worksheet xmlns="${NS}/spreadsheetml/2006/main">` +
  "<sheetData>";
const SHEET_TAIL = `</sheetData></worksheet>`;

async function rejects(work: Promise<unknown>, pattern: RegExp): Promise<ExtractionFailure> {
  try {
    await work;
  } catch (error) {
    assert(error instanceof ExtractionFailure, `expected an ExtractionFailure, got ${error}`);
    assert(pattern.test(error.message), `unexpected message: ${error.message}`);
    return error;
  }
  throw new Error("expected the read to be refused");
}

/** Runs `fn` and checks it took less than `ms` and grew the process by less than `maxMiB`. */
async function bounded<T>(ms: number, maxMiB: number, fn: () => Promise<T>): Promise<T> {
  const rss = Deno.memoryUsage().rss;
  let peak = rss;
  const sampler = setInterval(() => peak = Math.max(peak, Deno.memoryUsage().rss), 5);
  const started = performance.now();
  try {
    return await fn();
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, Deno.memoryUsage().rss);
    const took = performance.now() - started;
    assert(took < ms, `took ${took.toFixed(0)} ms (bound ${ms} ms)`);
    const grew = (peak - rss) / MiB;
    assert(grew < maxMiB, `grew by ${grew.toFixed(0)} MiB (bound ${maxMiB} MiB)`);
  }
}

// --- PDF ----------------------------------------------------------------------------------------

async function ourInvoice(): Promise<Uint8Array> {
  return await renderDocument(
    "COMMERCIAL_INVOICE",
    sampleShipment(3) as unknown as Record<string, unknown>,
    {
      shipmentId: null,
      shipmentRef: "READERS-TEST",
      validationHash: null,
      verifyUrl: null,
      finalDoc: true,
      createdAt: new Date("2026-11-28T00:00:00Z"),
      documentId: "readers-test",
    },
  );
}

/** A small PDF written by hand (xref offsets computed): page trees and boxes pdf.js must meet. */
function handPdf(
  opts: { count?: number; mediaBox?: string; content?: Uint8Array; filter?: string },
): Uint8Array {
  const enc = new TextEncoder();
  const content = opts.content ?? enc.encode("BT /F1 24 Tf 72 720 Td (Hello invoice) Tj ET");
  const parts: (string | Uint8Array)[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (p: string | Uint8Array) => {
    parts.push(p);
    length += typeof p === "string" ? enc.encode(p).length : p.length;
  };
  const obj = (n: number, body: string | (string | Uint8Array)[]) => {
    offsets[n] = length;
    push(`${n} 0 obj\n`);
    for (const p of Array.isArray(body) ? body : [body]) push(p);
    push("\nendobj\n");
  };
  push("%PDF-1.4\n");
  obj(1, "<< /Type /Catalog /Pages 2 0 R >>");
  // Every page of the tree is the same page object: 100,000 pages cost 600 KB.
  const count = opts.count ?? 1;
  obj(2, `<< /Type /Pages /Kids [${"3 0 R ".repeat(count)}] /Count ${count} >>`);
  obj(
    3,
    `<< /Type /Page /Parent 2 0 R /MediaBox ${opts.mediaBox ?? "[0 0 612 792]"} ` +
      "/Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
  );
  obj(4, [
    `<< /Length ${content.length}${opts.filter ? ` /Filter ${opts.filter}` : ""} >>\nstream\n`,
    content,
    "\nendstream",
  ]);
  obj(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const xref = length;
  push(`xref\n0 6\n0000000000 65535 f \n`);
  for (let n = 1; n <= 5; n++) push(`${String(offsets[n]).padStart(10, "0")} 00000 n \n`);
  push(`trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    const bytes = typeof p === "string" ? enc.encode(p) : p;
    out.set(bytes, at);
    at += bytes.length;
  }
  return out;
}

Deno.test("readPdfText() gives our invoice's words with their places on the page", async () => {
  const doc = await readPdfText(await ourInvoice(), { signal: signal() });
  equal(doc.source, "pdf_text");
  equal(doc.pages.length, 1);
  const page = doc.pages[0]!;
  assert(Math.abs(page.width - 595.28) < 1 && Math.abs(page.height - 841.89) < 1);
  const number = page.words.find((w) => w.text === "INV-2026-0042");
  assert(number, "the invoice number is a word");
  const title = page.words.find((w) => w.text === "COMMERCIAL")!;
  // Top-left origin: the title is near the top, the number below it and to the right.
  assert(title.y < 80 && number!.y > title.y && number!.x > title.x);
  assert(page.words.every((w) => w.confidence === 1 && w.x >= 0 && w.y >= 0 && w.x < page.width));
});

Deno.test("readPdfText() reads a page of absurd size without trouble", async () => {
  const doc = await bounded(
    10_000,
    200,
    () => readPdfText(handPdf({ mediaBox: "[0 0 14400 14400]" }), { signal: signal() }),
  );
  assert(doc.pages[0]!.words.some((w) => w.text === "invoice"));
  equal(Math.round(doc.pages[0]!.width), 14400);
});

Deno.test("readPdfText() refuses a PDF claiming 100,000 pages", async () => {
  await bounded(
    5_000,
    200,
    () => rejects(readPdfText(handPdf({ count: 100_000 }), { signal: signal() }), /100000 pages/),
  );
});

Deno.test("readPdfText() refuses a Flate bomb before decompressing it", async () => {
  // 1 KiB of zlib header and blocks per MiB of output: 200 MiB of spaces in ~200 KB.
  const raw = repeatedDeflate(new Uint8Array(MiB).fill(32), 200);
  const content = new Uint8Array(raw.length + 6);
  content.set([0x78, 0x01]);
  content.set(raw, 2);
  const pdf = handPdf({ content, filter: "/FlateDecode" });
  assert(pdf.length < MiB);
  await bounded(
    5_000,
    200,
    () => rejects(readPdfText(pdf, { signal: signal() }), /decompresses to more than/),
  );
});

Deno.test("readPdfText() refuses truncated and foreign files", async () => {
  const pdf = await ourInvoice();
  await rejects(readPdfText(pdf.slice(0, 200), { signal: signal() }), /could not be read|PDF/);
  await rejects(readPdfText(new TextEncoder().encode("hello"), { signal: signal() }), /PDF/);
  // Cut in the middle: pdf.js may rebuild what is left or give up; either way it settles.
  const half = await readPdfText(pdf.slice(0, pdf.length / 2), { signal: signal() }).catch((e) =>
    e
  );
  assert(half instanceof ExtractionFailure || half.kind === "text");
});

Deno.test("readPdfText() stops when its signal fires", async () => {
  const controller = new AbortController();
  controller.abort();
  await rejects(readPdfText(await ourInvoice(), { signal: controller.signal }), /stopped/);
});

// --- spreadsheets -------------------------------------------------------------------------------

function workbook(): XLSX.WorkBook {
  const ws = XLSX.utils.aoa_to_sheet([
    ["Commercial Invoice"],
    ["Invoice No.", "INV-1"],
    ["Date", new Date(2026, 2, 14)],
    [],
    ["Description", "HS Code", "Qty", "Unit price", "Amount"],
    ["Widget", "8466.93", 2, 6250, { t: "n", f: "C6*D6", v: 12500 }],
  ], { cellDates: true });
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, "Invoice");
  return wb;
}

for (const kind of ["xlsx", "xls"] as const) {
  Deno.test(`readSpreadsheet() reads ${kind} cells, dates as ISO, formula values`, async () => {
    const bytes = new Uint8Array(XLSX.write(workbook(), { type: "array", bookType: kind }));
    const doc = await readSpreadsheet(bytes, kind, { signal: signal() });
    const rows = doc.sheets[0]!.rows;
    equal(doc.sheets[0]!.name, "Invoice");
    equal(rows[1]![1], "INV-1");
    equal(rows[2]![1], "2026-03-14");
    equal(rows[5]![4], 12500);
    equal(rows[3]!.length, 0);
  });
}

Deno.test("readSpreadsheet() refuses an XLSX zip bomb without inflating it whole", async () => {
  // 300 MiB of spaces in the shared strings, in about 300 KB; the directory tells the truth.
  const bomb = repeatedDeflate(new Uint8Array(MiB).fill(32), 300);
  const honest = xlsx(
    deflated("xl/worksheets/sheet1.xml", SHEET_HEAD + SHEET_TAIL),
    { name: "xl/sharedStrings.xml", data: bomb, size: 300 * MiB },
  );
  await bounded(
    5_000,
    150,
    () => rejects(readSpreadsheet(honest, "xlsx", { signal: signal() }), /decompression bomb/),
  );
  // The same bomb whose directory claims 1 KB: found while inflating, at the cap.
  const lying = xlsx(
    deflated("xl/worksheets/sheet1.xml", SHEET_HEAD + SHEET_TAIL),
    { name: "xl/sharedStrings.xml", data: bomb, size: 1024 },
  );
  await bounded(
    10_000,
    400,
    () =>
      rejects(readSpreadsheet(lying, "xlsx", { signal: signal() }), /decompresses to more than/),
  );
});

Deno.test("readSpreadsheet() reads only the first rows of a million-row sheet", async () => {
  const ROWS = 1_000_000;
  function* batches() {
    yield SHEET_HEAD;
    for (let start = 1; start <= ROWS; start += 50_000) {
      let xml = "";
      for (let r = start; r < start + 50_000 && r <= ROWS; r++) {
        xml += `<row r="${r}"><c r="A${r}"><v>${r}</v></c>` +
          `<c r="B${r}" t="inlineStr"><is><t>item</t></is></c></row>`;
      }
      yield xml;
    }
    yield SHEET_TAIL;
  }
  const sheet = deflateBatches(batches());
  const file = xlsx({ name: "xl/worksheets/sheet1.xml", data: sheet.data, size: sheet.size });
  assert(sheet.size > 50 * MiB, `the sheet is ${sheet.size} bytes`);
  const doc = await bounded(20_000, 400, () => readSpreadsheet(file, "xlsx", { signal: signal() }));
  const rows = doc.sheets[0]!.rows;
  equal(rows.length, READER_LIMITS.maxSheetRows);
  equal(rows[0]![0], 1);
  equal(rows[rows.length - 1]![1], "item");
});

Deno.test("readSpreadsheet() refuses truncated and mislabelled files", async () => {
  const xlsxBytes = new Uint8Array(XLSX.write(workbook(), { type: "array", bookType: "xlsx" }));
  const xlsBytes = new Uint8Array(XLSX.write(workbook(), { type: "array", bookType: "xls" }));
  await rejects(
    readSpreadsheet(xlsxBytes.slice(0, xlsxBytes.length / 2), "xlsx", { signal: signal() }),
    /not a complete XLSX|truncated|damaged/,
  );
  await rejects(
    readSpreadsheet(xlsBytes.slice(0, xlsBytes.length / 2), "xls", { signal: signal() }),
    /could not be read/,
  );
  await rejects(readSpreadsheet(xlsBytes, "xlsx", { signal: signal() }), /not an XLSX/);
  await rejects(readSpreadsheet(xlsxBytes, "xls", { signal: signal() }), /not an XLS/);
});
