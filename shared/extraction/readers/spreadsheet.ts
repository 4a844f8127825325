/**
 * XLS and XLSX → sheets of cells (SheetJS Community Edition 0.20.3, published to npm as
 * `@e965/xlsx`; the `xlsx` package on npm stops at 0.18.5, which has a prototype pollution and
 * a ReDoS advisory when reading files). An XLSX is opened under the zip caps first
 * (zip_guard.ts) and handed to SheetJS re-packed without compression, so SheetJS inflates
 * nothing itself. Formulas give their cached values, or where a workbook stores none (openpyxl)
 * the value of their arithmetic (formulas.ts); dates become YYYY-MM-DD.
 */
import * as XLSX from "@e965/xlsx";
import { zipSync } from "fflate";
import type { Cell, SheetDocument } from "../layout.ts";
import { ExtractionFailure } from "../provider.ts";
import { mib, READER_LIMITS, refuse, throwIfAborted } from "./limits.ts";
import { openXlsx } from "./zip_guard.ts";
import { type FormulaCell, FormulaSheet } from "./formulas.ts";

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function readSpreadsheet(
  bytes: Uint8Array,
  kind: "xls" | "xlsx",
  options: { signal: AbortSignal },
): Promise<SheetDocument> {
  // SheetJS is synchronous: the caps, not the signal, bound its work; the signal is honoured
  // before it starts. Wrapped in a promise so every failure arrives as a rejection.
  return Promise.resolve().then(() => {
    throwIfAborted(options.signal);
    if (bytes.length > READER_LIMITS.maxInputBytes) {
      refuse(`The spreadsheet is larger than ${mib(READER_LIMITS.maxInputBytes)}`);
    }
    const input = kind === "xlsx" ? repackedXlsx(bytes) : checkedXls(bytes);
    throwIfAborted(options.signal);
    return sheetsOf(parse(input));
  });
}

function repackedXlsx(bytes: Uint8Array): Uint8Array {
  if (!startsWith(bytes, XLSX_MAGIC)) refuse("The file is not an XLSX spreadsheet");
  const files = openXlsx(bytes);
  if (![...files.keys()].some((name) => /^xl\/workbook\.xml$/i.test(name))) {
    refuse("The XLSX file has no workbook in it");
  }
  return zipSync(Object.fromEntries(files), { level: 0 });
}

function checkedXls(bytes: Uint8Array): Uint8Array {
  if (!startsWith(bytes, CFB_MAGIC)) refuse("The file is not an XLS spreadsheet");
  return bytes;
}

function parse(input: Uint8Array): XLSX.WorkBook {
  try {
    return XLSX.read(input, {
      type: "array",
      dense: true,
      sheetRows: READER_LIMITS.maxSheetRows,
      cellDates: true,
      // A formula stored without its value (openpyxl) comes back only as a cell of type "z",
      // which SheetJS drops unless asked to keep such cells: formulas.ts evaluates those.
      cellFormula: true,
      sheetStubs: true,
      cellHTML: false,
      // The number format's text ("€" 0.00, " PCS") is a currency or a unit (formatMark).
      cellNF: true,
      cellStyles: false,
      cellText: false,
      bookVBA: false,
      bookFiles: false,
      bookDeps: false,
      WTF: false,
    });
  } catch (error) {
    if (error instanceof ExtractionFailure) throw error;
    throw new ExtractionFailure(
      `The spreadsheet could not be read${error instanceof Error ? `: ${error.message}` : ""}`,
    );
  }
}

function sheetsOf(book: XLSX.WorkBook): SheetDocument {
  const sheets: SheetDocument["sheets"] = [];
  let cells = 0;
  for (const name of book.SheetNames.slice(0, READER_LIMITS.maxSheets)) {
    const sheet = book.Sheets[name];
    const data = sheet?.["!data"] as (XLSX.CellObject | undefined)[][] | undefined;
    if (!data) continue;
    const rows: Cell[][] = [];
    const marks: (string | null)[][] = [];
    const formulas = new FormulaSheet((r, c) => formulaCell(data[r]?.[c]));
    for (const [r, row] of data.slice(0, READER_LIMITS.maxSheetRows).entries()) {
      const out: Cell[] = [];
      for (const [c, cell] of (row ?? []).slice(0, READER_LIMITS.maxSheetColumns).entries()) {
        out.push(unstored(cell) ? formulas.value(r, c) : cellValue(cell));
      }
      while (out.length > 0 && out[out.length - 1] === null) out.pop();
      cells += out.length;
      rows.push(out);
      const shown = out.map((value, c) => typeof value === "number" ? formatMark(row![c]) : null);
      marks.push(shown.some((m) => m !== null) ? shown : []);
    }
    if (cells > READER_LIMITS.maxCells) {
      refuse(`The spreadsheet holds more than ${READER_LIMITS.maxCells} cells in its first rows`);
    }
    while (rows.length > 0 && rows[rows.length - 1]!.length === 0) rows.pop();
    marks.length = rows.length;
    sheets.push(marks.some((m) => m?.length) ? { name, rows, marks } : { name, rows });
  }
  return { kind: "sheet", sheets };
}

/**
 * The text a number format prints beside the number: its quoted literals (`"€" #,##0.00`,
 * `#,##0" PCS"`) or the currency of a locale part (`[$€-413]`), trimmed; null for none.
 */
function formatMark(cell: XLSX.CellObject | undefined): string | null {
  const z = typeof cell?.z === "string" ? cell.z : "";
  if (z === "" || z === "General") return null;
  const parts = [
    ...[...z.matchAll(/"([^"]*)"/g)].map((m) => m[1]!),
    ...[...z.matchAll(/\[\$([^\]-]+)(?:-[0-9A-Fa-f]+)?\]/g)].map((m) => m[1]!),
  ].map((p) => p.trim()).filter((p) => p !== "" && !/\d/.test(p));
  return parts.length === 1 ? parts[0]!.slice(0, 16) : null;
}

/** A formula whose workbook holds no value of it. */
function unstored(cell: XLSX.CellObject | undefined): boolean {
  return typeof cell?.f === "string" && cell.f !== "" && (cell.t === "z" || cell.v === undefined);
}

function formulaCell(cell: XLSX.CellObject | undefined): FormulaCell {
  if (!cell) return null;
  if (unstored(cell)) return { f: cell.f! };
  if (cell.t === "z" || cell.v === undefined || cell.v === null) return null;
  if (cell.t === "n" && typeof cell.v === "number") return { n: cell.v };
  // Text, a date, an error: no number for arithmetic.
  return { f: "#" };
}

function cellValue(cell: XLSX.CellObject | undefined): Cell {
  if (!cell || cell.t === "z" || cell.v === undefined || cell.v === null) return null;
  const v = cell.v;
  if (v instanceof Date) return isoDate(v);
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  const text = String(v).trim();
  return text === "" || cell.t === "e" ? null : text;
}

/** SheetJS gives dates at local midnight of the date shown; the date shown is what counts. */
function isoDate(d: Date): string | null {
  if (Number.isNaN(d.getTime())) return null;
  const y = d.getFullYear(), m = d.getMonth() + 1, day = d.getDate();
  return `${y}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}
