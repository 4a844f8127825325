/**
 * Prepares a PDF for its signature: an incremental update (the original bytes stay as they
 * are) that adds an invisible signature field on the first page, listed in the AcroForm, whose
 * signature dictionary carries the ByteRange and Contents placeholders @signpdf/signpdf fills.
 *
 * The update follows the file's own cross-reference form (a table after a table, a stream
 * after a stream), copies the trailer's /Root, /Info and /ID (PDF/A wants the ID in the last
 * trailer), and gives the widget what PDF/A asks of an annotation: the print flag and an
 * appearance stream (empty, as the field is 0 × 0).
 */
import { DEFAULT_BYTE_RANGE_PLACEHOLDER } from "@signpdf/utils";
import { findStartXref, openPdf, type PdfFile } from "../forms/pdf_file.ts";
import type { PdfObject } from "../forms/pdf_syntax.ts";
import {
  Lexer,
  PdfDict,
  PdfName,
  PdfRef,
  PdfStream,
  PdfString,
  PdfSyntaxError,
} from "../forms/pdf_syntax.ts";
import { concatBytes } from "../../platform/util/bytes.ts";

/** Annotation flags: Print (4) and Locked (128). */
const WIDGET_FLAGS = 132;
/** SigFlags: SignaturesExist (1) and AppendOnly (2). */
const SIG_FLAGS = 3;

const ENC = new TextEncoder();

export interface PlaceholderOptions {
  /** Bytes reserved for the CMS signature (written as twice as many hex digits). */
  signatureBytes: number;
  signingTime: Date;
  /** The signer's name, shown by viewers. */
  name: string;
  reason: string;
}

export function addSignaturePlaceholder(pdf: Uint8Array, options: PlaceholderOptions): Uint8Array {
  const file = openPdf(pdf);
  const startxref = findStartXref(pdf);
  const previousIsStream = new Lexer(pdf, startxref).peekKeyword() !== "xref";
  const root = file.trailer.get("Root");
  if (!(root instanceof PdfRef)) throw new PdfSyntaxError("the trailer has no /Root reference");
  const catalog = file.dict(root);
  if (!catalog) throw new PdfSyntaxError("the catalog is not a dictionary");
  const page = firstPage(file, catalog.get("Pages"));

  const size = file.trailer.get("Size");
  let next = typeof size === "number" ? size : 0;
  const sigRef = next++;
  const widgetRef = next++;
  const appearanceRef = next++;

  const objects = new Map<number, string>();
  objects.set(
    sigRef,
    `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached ` +
      `/M ${pdfText(pdfDate(options.signingTime))} /Name ${pdfText(options.name)} ` +
      `/Reason ${pdfText(options.reason)} ` +
      `/ByteRange [0 /${DEFAULT_BYTE_RANGE_PLACEHOLDER} /${DEFAULT_BYTE_RANGE_PLACEHOLDER} ` +
      `/${DEFAULT_BYTE_RANGE_PLACEHOLDER}] ` +
      `/Contents <${"0".repeat(options.signatureBytes * 2)}> >>`,
  );
  objects.set(
    widgetRef,
    `<< /Type /Annot /Subtype /Widget /FT /Sig /T ${pdfText("Service signature")} ` +
      `/V ${sigRef} 0 R /F ${WIDGET_FLAGS} /Rect [0 0 0 0] /P ${page.ref.num} ${page.ref.gen} R ` +
      `/AP << /N ${appearanceRef} 0 R >> >>`,
  );
  objects.set(
    appearanceRef,
    "<< /Type /XObject /Subtype /Form /BBox [0 0 0 0] /Resources << >> /Length 0 >>\n" +
      "stream\n\nendstream",
  );

  // The widget joins the page's annotations and the form's fields.
  const widget = new PdfRef(widgetRef, 0);
  const annots = page.dict.get("Annots");
  if (annots instanceof PdfRef) {
    objects.set(annots.num, serialize([...(file.array(annots) ?? []), widget]));
  } else {
    const list = Array.isArray(annots) ? annots : [];
    objects.set(page.ref.num, serialize(withEntry(page.dict, "Annots", [...list, widget])));
  }
  const acroForm = catalog.get("AcroForm");
  const form = file.dict(acroForm) ?? new PdfDict(new Map());
  const fields = file.array(form.get("Fields")) ?? [];
  const newForm = withEntry(
    withEntry(form, "Fields", [...fields, widget]),
    "SigFlags",
    SIG_FLAGS,
  );
  if (acroForm instanceof PdfRef) objects.set(acroForm.num, serialize(newForm));
  else objects.set(root.num, serialize(withEntry(catalog, "AcroForm", newForm)));

  return appendUpdate(pdf, file, objects, { startxref, previousIsStream, size: next });
}

interface PageRef {
  ref: PdfRef;
  dict: PdfDict;
}

/** The first leaf of the page tree. */
function firstPage(file: PdfFile, node: PdfObject | undefined): PageRef {
  let current = node;
  for (let depth = 0; depth < 64; depth++) {
    if (!(current instanceof PdfRef)) break;
    const dict = file.dict(current);
    if (!dict) break;
    const type = dict.get("Type");
    if (type instanceof PdfName && type.value === "Page") return { ref: current, dict };
    current = file.array(dict.get("Kids"))?.[0];
  }
  throw new PdfSyntaxError("the document has no page to carry the signature field");
}

function withEntry(dict: PdfDict, key: string, value: PdfObject): PdfDict {
  const entries = new Map(dict.entries);
  entries.set(key, value);
  return new PdfDict(entries);
}

/**
 * Writes the objects and a cross-reference section for them (stream or table, as the file's
 * last one) with /Prev to the previous one.
 */
function appendUpdate(
  pdf: Uint8Array,
  file: PdfFile,
  objects: Map<number, string>,
  at: { startxref: number; previousIsStream: boolean; size: number },
): Uint8Array {
  const parts: Uint8Array[] = [pdf];
  let offset = pdf.length;
  const push = (text: string) => {
    const bytes = ENC.encode(text);
    parts.push(bytes);
    offset += bytes.length;
  };
  if (pdf[pdf.length - 1] !== 0x0a && pdf[pdf.length - 1] !== 0x0d) push("\n");
  const offsets = new Map<number, number>();
  for (const [num, body] of [...objects].sort((a, b) => a[0] - b[0])) {
    offsets.set(num, offset);
    push(`${num} 0 obj\n${body}\nendobj\n`);
  }
  const trailerKeys = ["Root", "Info", "ID"]
    .filter((k) => file.trailer.get(k) !== undefined)
    .map((k) => `/${k} ${serialize(file.trailer.get(k)!)}`)
    .join(" ");
  const xrefAt = offset;
  if (at.previousIsStream) {
    const xrefNum = at.size;
    offsets.set(xrefNum, xrefAt);
    const nums = [...offsets.keys()].sort((a, b) => a - b);
    const data = new Uint8Array(nums.length * 7);
    nums.forEach((num, i) => {
      const o = offsets.get(num)!;
      data.set([1, o >>> 24, (o >>> 16) & 255, (o >>> 8) & 255, o & 255, 0, 0], i * 7);
    });
    push(
      `${xrefNum} 0 obj\n<< /Type /XRef /Size ${xrefNum + 1} /W [1 4 2] ` +
        `/Index [${nums.map((n) => `${n} 1`).join(" ")}] /Prev ${at.startxref} ${trailerKeys} ` +
        `/Length ${data.length} >>\nstream\n`,
    );
    parts.push(data);
    offset += data.length;
    push("\nendstream\nendobj\n");
  } else {
    const nums = [...offsets.keys()].sort((a, b) => a - b);
    const rows = nums.map((n) => `${n} 1\n${String(offsets.get(n)).padStart(10, "0")} 00000 n \n`);
    push(
      `xref\n0 1\n0000000000 65535 f \n${rows.join("")}trailer\n` +
        `<< /Size ${at.size} /Prev ${at.startxref} ${trailerKeys} >>\n`,
    );
  }
  push(`startxref\n${xrefAt}\n%%EOF\n`);
  return concatBytes(parts);
}

/** A parsed object written back as PDF syntax (streams never appear inside dictionaries). */
function serialize(value: PdfObject): string {
  if (value === null) return "null";
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number") {
    return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
  }
  if (value instanceof PdfName) return `/${escapeName(value.value)}`;
  if (value instanceof PdfString) return hexString(value.bytes);
  if (value instanceof PdfRef) return `${value.num} ${value.gen} R`;
  if (Array.isArray(value)) return `[${value.map(serialize).join(" ")}]`;
  if (value instanceof PdfDict) {
    const entries = [...value.entries].map(([k, v]) => `/${escapeName(k)} ${serialize(v)}`);
    return `<< ${entries.join(" ")} >>`;
  }
  if (value instanceof PdfStream) throw new PdfSyntaxError("a direct stream cannot be rewritten");
  throw new PdfSyntaxError("an object that cannot be written");
}

function escapeName(name: string): string {
  let out = "";
  for (const byte of ENC.encode(name)) {
    const regular = byte > 0x20 && byte < 0x7f &&
      !"()<>[]{}/%#".includes(String.fromCharCode(byte));
    out += regular ? String.fromCharCode(byte) : `#${byte.toString(16).padStart(2, "0")}`;
  }
  return out;
}

function hexString(bytes: Uint8Array): string {
  let out = "<";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return `${out}>`;
}

/** A text string: PDFDocEncoding's ASCII subset as is, anything else as UTF-16BE. */
function pdfText(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return hexString(ENC.encode(text));
  const bytes = [0xfe, 0xff];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes.push(c >> 8, c & 255);
  }
  return hexString(new Uint8Array(bytes));
}

function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}` +
    `${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}
