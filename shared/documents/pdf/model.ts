/**
 * The document model: what a template says (what goes where), separate from the layout engine
 * (fonts, boxes, tables, pagination, form fields, footer, QR code). A template is a pure
 * function from shipment data to a DocumentSpec; the engine renders any DocumentSpec.
 */
import type { DocumentType } from "../catalogue/document_types.ts";

/**
 * A value taken from the shipment data. `path` is the snake_case data path it came from
 * (`goods.line_items.0.hs_code`); the engine names the form field after its camelCase form
 * (`goods.lineItems.0.hsCode`). When `value` is empty, a fillable document gets a form field
 * there, a final one a blank.
 */
export interface FieldValue {
  kind: "field";
  path: string;
  value: string;
  /** Wider than one line: the form field is multi-line. */
  multiline?: boolean;
  /** Empty in a final document: takes no line (an address line without its city). */
  omitWhenEmpty?: boolean;
  /**
   * A choice among these values, each printed with a box to tick (the one equal to `value`
   * ticked): a radio group in a fillable document while `value` is empty.
   */
  options?: ChoiceOption[];
  /**
   * With one option: a box ticked on its own (a yes/no at a boolean path), a check box in a
   * fillable document while unset; `value` is CHECKED, "Off" or "" (unset).
   */
  checkBox?: boolean;
}

export interface ChoiceOption {
  /** The value the data path takes (and the radio button's export value). */
  value: string;
  label: string;
}

/** Literal text: a label, mandated wording, a computed figure (not a form field). */
export interface TextValue {
  kind: "text";
  value: string;
  bold?: boolean;
}

export type Content = FieldValue | TextValue;

/** A labelled box of the form, like "1 Exporter" on the EUR.1 or "Shipper" on the B/L. */
export interface Box {
  /** The box number printed before the label, where the real form numbers its boxes. */
  number?: string;
  label: string;
  /** Lines of content, top to bottom. */
  lines: Content[];
  /** Columns of the grid row this box spans (default 1). */
  span?: number;
  /** Lines of height to reserve at least (for a signature, a stamp, a blank to fill). */
  minLines?: number;
}

/** A row of boxes across the page; the columns share the width in proportion to their spans. */
export interface BoxRow {
  kind: "boxes";
  boxes: Box[];
}

export interface Column {
  header: string;
  /** Share of the table width. */
  width: number;
  align?: "left" | "right" | "center";
}

/**
 * A table whose rows may run over several pages: the header repeats on each page. Totals are
 * printed after the last row.
 */
export interface Table {
  kind: "table";
  title?: string;
  columns: Column[];
  rows: Content[][];
  totals?: Content[];
}

/** A paragraph: mandated declaration wording, a note, or a heading between sections. */
export interface Paragraph {
  kind: "paragraph";
  text: string;
  style?: "declaration" | "note" | "heading";
}

/** Where someone signs: a name, a place and date, the signature line, maybe a stamp area. */
export interface Signature {
  kind: "signature";
  /** What the signature means: "Signature of the exporter", "Official veterinarian". */
  caption: string;
  name?: Content;
  title?: Content;
  place?: Content;
  date?: Content;
  stamp?: boolean;
}

export type Block = BoxRow | Table | Paragraph | Signature;

export interface DocumentSpec {
  type: DocumentType;
  /** The form's title, as printed: "COMMERCIAL INVOICE", "MOVEMENT CERTIFICATE". */
  title: string;
  /** A line under the title: "ORIGINAL", "Not Negotiable", "EUR.1 No …". */
  subtitle?: string;
  /** Reference boxes at the top right: invoice number and date, B/L number, … */
  references: { label: string; content: Content }[];
  blocks: Block[];
  /**
   * ISO codes of the shipment's countries, printed or not: they choose the script the form
   * font adds (form_font.ts). Set by renderDocument.
   */
  countries?: string[];
}

/** Everything the engine needs besides the spec: footer, form mode, fixed metadata. */
export interface RenderContext {
  shipmentId: string | null;
  shipmentRef: string;
  /** SHA-256 validation hash for the footer and QR code, when the request gave one. */
  validationHash: string | null;
  /** `{PUBLIC_VERIFY_URL}/<hash>`, encoded in the QR code. */
  verifyUrl: string | null;
  /** true: every value is static text; false: empty values become fillable form fields. */
  finalDoc: boolean;
  /** Fixed creation time (from the job), so the same input gives the same bytes. */
  createdAt: Date;
  /** Fixed document id (the job id): the PDF trailer /ID and the XMP document id. */
  documentId: string;
}

export function field(path: string, value: unknown, multiline = false): FieldValue {
  return { kind: "field", path, value: stringify(value), ...(multiline ? { multiline } : {}) };
}

export function text(value: string, bold = false): TextValue {
  return { kind: "text", value, ...(bold ? { bold } : {}) };
}

/** A choice field: the box of the option equal to `value` ticked. */
export function choice(path: string, value: unknown, options: ChoiceOption[]): FieldValue {
  return { ...field(path, value), options };
}

/**
 * Boxes to tick that are no shipment data (customs' result of verification, a box the
 * template ticks itself): drawn, the option equal to `selected` crossed, never a form field.
 */
export function drawnChoice(selected: string, options: ChoiceOption[]): FieldValue {
  return { kind: "field", path: "", value: selected, options };
}

/** The "on" state of a check box: what pdftk and viewers set, read back as true. */
export const CHECKED = "Yes";

/** A box ticked when `value` is true, at a boolean path: a check box while unset. */
export function checkBox(path: string, value: unknown, label: string): FieldValue {
  return {
    kind: "field",
    path,
    value: value === true ? CHECKED : value === false ? "Off" : "",
    options: [{ value: CHECKED, label }],
    checkBox: true,
  };
}

function stringify(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "";
}

/** Calls `visit` with every value of the spec: references, box lines, cells, signatures. */
export function forEachContent(spec: DocumentSpec, visit: (c: Content) => void): void {
  for (const r of spec.references) visit(r.content);
  for (const block of spec.blocks) {
    if (block.kind === "boxes") { for (const b of block.boxes) b.lines.forEach(visit); }
    else if (block.kind === "table") {
      for (const row of block.rows) row.forEach(visit);
      block.totals?.forEach(visit);
    } else if (block.kind === "signature") {
      for (const c of [block.name, block.title, block.place, block.date]) if (c) visit(c);
    }
  }
}

/** Every piece of text the spec prints (values, labels, headings, wording), joined. */
export function specText(spec: DocumentSpec): string {
  const parts = [spec.title, spec.subtitle ?? ""];
  for (const r of spec.references) parts.push(r.label);
  for (const block of spec.blocks) {
    if (block.kind === "boxes") {
      for (const b of block.boxes) parts.push(b.label, b.number ?? "");
    } else if (block.kind === "table") {
      parts.push(block.title ?? "", ...block.columns.map((c) => c.header));
    } else if (block.kind === "paragraph") parts.push(block.text);
    else parts.push(block.caption);
  }
  forEachContent(spec, (c) => {
    parts.push(c.value);
    if (c.kind === "field") { for (const o of c.options ?? []) parts.push(o.label); }
  });
  return parts.join("\n");
}
