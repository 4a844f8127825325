/**
 * The AcroForm field tree (ISO 32000-1, 12.7.3): walks /Fields down through /Kids, joining
 * partial names (/T) with periods into fully qualified names, inheriting /FT and /V, and answers
 * each terminal field with its type and value. A terminal field's kids are its widgets (they
 * carry no /T); a kid with a /T or /Kids of its own is a field.
 *
 * Bounded for hostile files: every dictionary visited counts against `maxNodes`, terminal fields
 * against `maxFields` (TooManyFieldsError), nesting against MAX_DEPTH, and each object is
 * visited once (a /Kids cycle ends there).
 */
import type { PdfFile } from "./pdf_file.ts";
import {
  PdfName,
  type PdfObject,
  PdfRef,
  PdfStream,
  PdfString,
  PdfSyntaxError,
} from "./pdf_syntax.ts";
import { decodeTextString } from "./text_string.ts";

export interface TerminalField {
  /** Fully qualified name: `goods.lineItems.0.hsCode`. */
  name: string;
  /** The field type (/FT, possibly inherited): `Tx`, `Btn`, `Ch`, `Sig`, or "" when absent. */
  type: string;
  /** The value as text ("" when there is none). */
  value: string;
}

export interface FieldTreeLimits {
  maxFields: number;
  maxNodes: number;
  /** Characters of the terminal fields' names and values together (TooMuchTextError). */
  maxTextChars?: number;
}

/** Stops a read as soon as the text passes the cap, so a hostile form costs little to refuse. */
export class TooMuchTextError extends Error {
  override name = "TooMuchTextError";
  constructor(readonly limit: number) {
    super(`the form's fields hold more than ${limit} characters`);
  }
}

export class TooManyFieldsError extends Error {
  override name = "TooManyFieldsError";
  constructor(readonly limit: number) {
    super(`the form has more than ${limit} fields`);
  }
}

/** Field names nest deeper than this only in a file built to hurt. */
const MAX_DEPTH = 32;

interface Pending {
  node: PdfObject;
  parentName: string;
  type: string;
  value: PdfObject | undefined;
  depth: number;
}

/** The terminal fields in document order; [] when the document has no AcroForm. */
export function readFieldTree(file: PdfFile, limits: FieldTreeLimits): TerminalField[] {
  const catalog = file.dict(file.trailer.get("Root"));
  if (!catalog) throw new PdfSyntaxError("the document catalog is missing");
  const acroForm = file.dict(catalog.get("AcroForm"));
  const roots = acroForm ? file.array(acroForm.get("Fields")) ?? [] : [];

  const out: TerminalField[] = [];
  const visited = new Set<number>();
  let nodes = 0;
  let chars = 0;
  const stack: Pending[] = roots.toReversed().map((node) => ({
    node,
    parentName: "",
    type: "",
    value: undefined,
    depth: 0,
  }));
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item.node instanceof PdfRef) {
      if (visited.has(item.node.num)) continue;
      visited.add(item.node.num);
    }
    if (++nodes > limits.maxNodes) throw new TooManyFieldsError(limits.maxFields);
    if (item.depth > MAX_DEPTH) throw new PdfSyntaxError("the field tree nests too deeply");
    const dict = file.dict(item.node);
    if (!dict) continue;

    const title = file.resolve(dict.get("T"));
    const partial = title instanceof PdfString ? decodeTextString(title.bytes) : undefined;
    const name = partial === undefined
      ? item.parentName
      : item.parentName
      ? `${item.parentName}.${partial}`
      : partial;
    const ft = file.resolve(dict.get("FT"));
    const type = ft instanceof PdfName ? ft.value : item.type;
    const value = dict.entries.has("V") ? dict.get("V") : item.value;

    const kids = file.array(dict.get("Kids")) ?? [];
    const fieldKids = kids.filter((kid) => {
      const kidDict = file.dict(kid);
      return kidDict !== undefined && (kidDict.entries.has("T") || kidDict.entries.has("Kids"));
    });
    nodes += kids.length;
    if (fieldKids.length > 0) {
      for (const kid of fieldKids.toReversed()) {
        stack.push({ node: kid, parentName: name, type, value, depth: item.depth + 1 });
      }
      continue;
    }
    if (name === "") continue;
    if (out.length >= limits.maxFields) throw new TooManyFieldsError(limits.maxFields);
    const text = valueText(file, value);
    chars += name.length + text.length;
    if (chars > (limits.maxTextChars ?? Infinity)) throw new TooMuchTextError(limits.maxTextChars!);
    out.push({ name, type, value: text });
  }
  return out;
}

/** A field value as text: a string, a text stream, or (from sloppy writers) a name or number. */
function valueText(file: PdfFile, raw: PdfObject | undefined): string {
  const value = file.resolve(raw);
  if (value instanceof PdfString) return decodeTextString(value.bytes);
  if (value instanceof PdfStream) return decodeTextString(file.streamData(value));
  if (value instanceof PdfName) return value.value;
  if (typeof value === "number") return String(value);
  return "";
}
