import * as XLSX from "@e965/xlsx";
import { encode as encodePng } from "fast-png";
import { zipSync } from "fflate";
import jpeg from "jpeg-js";
import { PDFDocument, StandardFonts } from "@pdfme/pdf-lib";
import { sniffFileKind } from "../../shared/extraction/sniff.ts";
import { assert, equal } from "../support/assert.ts";

const text = (s: string) => new TextEncoder().encode(s);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function pdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  page.drawText("Invoice 42", { font: await doc.embedFont(StandardFonts.Helvetica) });
  return await doc.save();
}

function workbook(bookType: "xlsx" | "xls" | "biff5"): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["Exporter", "ACME"], [1, 2]]));
  return new Uint8Array(XLSX.write(book, { bookType, type: "array" }));
}

/** An OLE2 compound file holding the given streams (the container .doc and .msg use too). */
function compoundFile(streams: Record<string, string>): Uint8Array {
  const cfb = XLSX.CFB.utils.cfb_new();
  for (const [name, data] of Object.entries(streams)) {
    XLSX.CFB.utils.cfb_add(cfb, `/${name}`, text(data));
  }
  return new Uint8Array(XLSX.CFB.write(cfb, { type: "array" }));
}

/** TIFFs made by ImageMagick (see tests/fixtures/tiff/README.md), not by our own code. */
function tiff(name: string): Promise<Uint8Array> {
  return Deno.readFile(new URL(`../fixtures/tiff/${name}`, import.meta.url));
}

Deno.test("sniffFileKind() knows PDF, PNG, JPEG, TIFF, XLS and XLSX by their bytes", async () => {
  const gray = { width: 4, height: 2, data: new Uint8Array(8).fill(200), channels: 1 };
  const rgba = { width: 4, height: 2, data: new Uint8Array(32).fill(255) };
  const cases: [string, Uint8Array, string][] = [
    ["pdf-lib PDF", await pdf(), "pdf"],
    ["PNG (fast-png)", encodePng(gray), "png"],
    ["JPEG (jpeg-js)", jpeg.encode(rgba, 80).data, "jpeg"],
    ["TIFF little-endian", await tiff("white-8x8-lsb.tif"), "tiff"],
    ["TIFF big-endian", await tiff("white-8x8-msb.tif"), "tiff"],
    ["XLSX (SheetJS)", workbook("xlsx"), "xlsx"],
    ["XLS BIFF8 (Workbook stream)", workbook("xls"), "xls"],
    ["XLS BIFF5 (Book stream)", workbook("biff5"), "xls"],
  ];
  for (const [name, bytes, kind] of cases) equal(sniffFileKind(bytes), kind, name);
});

Deno.test("sniffFileKind() accepts a PDF header after junk within the first 1024 bytes", async () => {
  const body = await pdf();
  equal(sniffFileKind(concat(new Uint8Array(1000).fill(0x20), body)), "pdf");
  equal(sniffFileKind(concat(new Uint8Array(1020).fill(0x20), body)), null, "header past 1024");
});

Deno.test("sniffFileKind() refuses other files, whatever they resemble", async () => {
  const cases: [string, Uint8Array][] = [
    ["empty", new Uint8Array()],
    ["plain text", text("Commercial invoice\nExporter: ACME\n")],
    ["HTML", text("<!doctype html><title>invoice.pdf</title>")],
    ["random bytes", crypto.getRandomValues(new Uint8Array(4096))],
    ["a PDF cut to its first 4 bytes", (await pdf()).subarray(0, 4)],
    ["GIF", text("GIF89a\x01\x00\x01\x00")],
    [
      "DOCX (a ZIP, not a workbook)",
      zipSync({
        "[Content_Types].xml": text("<Types/>"),
        "word/document.xml": text("<w:document/>"),
      }),
    ],
    [
      "ZIP with a workbook part but no [Content_Types].xml",
      zipSync({
        "xl/workbook.xml": text("<workbook/>"),
      }),
    ],
    ["ZIP signature and nothing else", new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
    ["OLE2 without a Workbook stream (a .doc)", compoundFile({ WordDocument: "hello" })],
    ["OLE2 signature, truncated header", workbook("xls").subarray(0, 300)],
  ];
  for (const [name, bytes] of cases) equal(sniffFileKind(bytes), null, name);
});

Deno.test("sniffFileKind() walks hostile OLE2 and ZIP structures in bounded time", () => {
  // A directory (without a workbook) whose chain points back at itself, and a FAT count that
  // claims four billion sectors.
  const looping = compoundFile({ WordDocument: "hello" }).slice();
  const view = new DataView(looping.buffer);
  const directory = view.getUint32(0x30, true);
  const fatSector = view.getUint32(0x4c, true);
  view.setUint32(512 + fatSector * 512 + directory * 4, directory, true);
  view.setUint32(0x2c, 0xffffffff, true);
  // A ZIP whose end record claims 65,535 entries at an offset beyond the file.
  const zip = zipSync({ "a.txt": text("a") });
  const zipView = new DataView(zip.buffer);
  const eocd = zip.length - 22;
  zipView.setUint16(eocd + 10, 0xfffe, true);
  zipView.setUint32(eocd + 16, 0x7fffffff, true);
  // 20 MiB of noise after a ZIP signature: the end record is searched only in the last 64 KiB.
  const noise = new Uint8Array(20 * 1024 * 1024);
  noise.set([0x50, 0x4b, 0x03, 0x04]);
  const started = performance.now();
  equal(sniffFileKind(looping), null);
  equal(sniffFileKind(zip), null);
  equal(sniffFileKind(noise), null);
  const ms = performance.now() - started;
  assert(ms < 1000, `took ${ms} ms`);
});
