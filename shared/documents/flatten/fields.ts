/**
 * Reads an AcroForm's values and where each is shown, from the field tree itself rather than
 * from appearance streams: a form filled by another tool may carry its values only in /V (with
 * NeedAppearances), or appearances drawn in a font that is not embedded. Inheritable entries
 * (FT, V, DA, Q, Ff) follow the tree; names are the dotted fully qualified names.
 *
 * The walk is bounded (depth, node count, each node once), so a hostile or cyclic tree ends.
 */
import {
  PDFArray,
  type PDFContext,
  type PDFDict,
  type PDFDocument,
  type PDFObject,
  PDFRef,
} from "@pdfme/pdf-lib";
import { arrayOf, dictOf, name, nameOf, numberOf, rectOf, resolve, textOf } from "./objects.ts";

/** Fields whose names start so are the service's own, kept as metadata, never drawn. */
export const SERVICE_FIELD_PREFIX = "_service_";

const MAX_DEPTH = 64;
const MAX_NODES = 50_000;

/** Annotation flags (/F) that keep a widget from being shown or printed. */
const F_INVISIBLE = 1;
const F_HIDDEN = 2;
const F_NO_VIEW = 32;
/** Field flags (/Ff) of text fields. */
const FF_MULTILINE = 1 << 12;
const FF_PASSWORD = 1 << 13;

export type Quadding = 0 | 1 | 2;

export interface Placement {
  page: number;
  rect: [number, number, number, number];
  /** From the widget's /DA: 0 means "fit the box". */
  fontSize: number;
  align: Quadding;
}

export interface ShownValue {
  name: string;
  value: string;
  multiline: boolean;
  placements: Placement[];
  /** A ticked check box or radio button: drawn as a cross in each placement, not as text. */
  tick?: boolean;
}

export interface FormValues {
  /** Values to draw, one entry per terminal field that has a value and a visible widget. */
  shown: ShownValue[];
  /** The `_service_*` fields' values, by field name. */
  service: Map<string, string>;
}

interface Inherited {
  parts: string[];
  ft: string | undefined;
  value: PDFObject | undefined;
  da: string | undefined;
  q: number | undefined;
  ff: number;
}

/**
 * The form's values. `pageOf` maps a widget annotation's reference to its page index (from the
 * pages' /Annots); a widget found on no page is placed by its /P entry, or not at all.
 */
export function readFormValues(doc: PDFDocument, pageOf: Map<PDFRef, number>): FormValues {
  const ctx = doc.context;
  const result: FormValues = { shown: [], service: new Map() };
  const acroForm = dictOf(ctx, doc.catalog.get(name("AcroForm")));
  const fields = arrayOf(ctx, acroForm?.get(name("Fields")));
  if (!acroForm || !fields) return result;

  const pageRefs = doc.getPages().map((p) => p.ref);
  const formDa = textOf(ctx, acroForm.get(name("DA")));
  const formQ = numberOf(ctx, acroForm.get(name("Q")));
  const seen = new Set<PDFDict>();

  const visit = (obj: PDFObject, ref: PDFRef | undefined, up: Inherited, depth: number) => {
    const node = dictOf(ctx, obj);
    if (!node || seen.has(node) || seen.size >= MAX_NODES || depth > MAX_DEPTH) return;
    seen.add(node);
    const partial = textOf(ctx, node.get(name("T")));
    const here: Inherited = {
      parts: partial === undefined ? up.parts : [...up.parts, partial],
      ft: nameOf(ctx, node.get(name("FT"))) ?? up.ft,
      value: node.has(name("V")) ? node.get(name("V")) : up.value,
      da: textOf(ctx, node.get(name("DA"))) ?? up.da,
      q: numberOf(ctx, node.get(name("Q"))) ?? up.q,
      ff: numberOf(ctx, node.get(name("Ff"))) ?? up.ff,
    };
    const kids = arrayOf(ctx, node.get(name("Kids")));
    const widgets: { dict: PDFDict; ref: PDFRef | undefined }[] = [];
    if (kids) {
      for (const kid of kids.asArray()) {
        const kidDict = dictOf(ctx, kid);
        if (!kidDict) continue;
        const isWidget = !kidDict.has(name("T")) &&
          nameOf(ctx, kidDict.get(name("Subtype"))) === "Widget";
        if (isWidget) widgets.push({ dict: kidDict, ref: kid instanceof PDFRef ? kid : undefined });
        else visit(kid, kid instanceof PDFRef ? kid : undefined, here, depth + 1);
      }
    } else if (nameOf(ctx, node.get(name("Subtype"))) === "Widget" || node.has(name("Rect"))) {
      widgets.push({ dict: node, ref });
    }
    if (widgets.length === 0) return;
    collect(here, widgets);
  };

  const collect = (field: Inherited, widgets: { dict: PDFDict; ref: PDFRef | undefined }[]) => {
    const fullName = field.parts.join(".");
    const value = valueText(ctx, field.value);
    if (fullName.startsWith(SERVICE_FIELD_PREFIX)) {
      if (value !== undefined) result.service.set(fullName, value);
      return;
    }
    if (field.ft === "Btn") {
      collectTicks(fullName, field, widgets);
      return;
    }
    if (field.ft !== "Tx" && field.ft !== "Ch") return;
    if (field.ft === "Tx" && field.ff & FF_PASSWORD) return;
    if (value === undefined || value.trim() === "") return;
    const placements: Placement[] = [];
    for (const { dict, ref } of widgets) {
      const flags = numberOf(ctx, dict.get(name("F"))) ?? 0;
      if (flags & (F_INVISIBLE | F_HIDDEN | F_NO_VIEW)) continue;
      const rect = rectOf(ctx, dict.get(name("Rect")));
      if (!rect || rect[2] - rect[0] < 1 || rect[3] - rect[1] < 1) continue;
      const page = widgetPage(ref, dict, pageOf, pageRefs);
      if (page === undefined) continue;
      const da = textOf(ctx, dict.get(name("DA"))) ?? field.da ?? formDa;
      const q = numberOf(ctx, dict.get(name("Q"))) ?? field.q ?? formQ ?? 0;
      placements.push({ page, rect, fontSize: fontSizeOf(da), align: quadding(q) });
    }
    if (placements.length === 0) return;
    result.shown.push({
      name: fullName,
      value,
      multiline: field.ft === "Tx" && (field.ff & FF_MULTILINE) !== 0,
      placements,
    });
  };

  /** A check box or radio group: the widgets whose "on" appearance is the field's value. */
  const collectTicks = (
    fullName: string,
    field: Inherited,
    widgets: { dict: PDFDict; ref: PDFRef | undefined }[],
  ) => {
    const value = nameOf(ctx, field.value);
    if (value === undefined || value === "Off") return;
    const placements: Placement[] = [];
    for (const { dict, ref } of widgets) {
      const flags = numberOf(ctx, dict.get(name("F"))) ?? 0;
      if (flags & (F_INVISIBLE | F_HIDDEN | F_NO_VIEW)) continue;
      const normal = dictOf(ctx, dictOf(ctx, dict.get(name("AP")))?.get(name("N")));
      const states = normal?.keys().map((k) => k.decodeText()) ?? [];
      if (!states.includes(value)) continue;
      const rect = rectOf(ctx, dict.get(name("Rect")));
      const page = widgetPage(ref, dict, pageOf, pageRefs);
      if (!rect || page === undefined) continue;
      placements.push({ page, rect, fontSize: 0, align: 0 });
    }
    if (placements.length) {
      result.shown.push({ name: fullName, value, multiline: false, placements, tick: true });
    }
  };

  const root: Inherited = {
    parts: [],
    ft: undefined,
    value: undefined,
    da: undefined,
    q: 0,
    ff: 0,
  };
  for (const field of fields.asArray()) {
    visit(field, field instanceof PDFRef ? field : undefined, root, 0);
  }
  return result;
}

/** A field value as text: a string, or a choice field's selected options joined. */
function valueText(ctx: PDFContext, obj: PDFObject | undefined): string | undefined {
  const value = resolve(ctx, obj);
  const text = textOf(ctx, value);
  if (text !== undefined) return text;
  if (value instanceof PDFArray) {
    const items = value.asArray().map((item) => textOf(ctx, item)).filter((s) => s !== undefined);
    return items.length > 0 ? items.join(", ") : undefined;
  }
  return undefined;
}

function widgetPage(
  ref: PDFRef | undefined,
  widget: PDFDict,
  pageOf: Map<PDFRef, number>,
  pageRefs: PDFRef[],
): number | undefined {
  if (ref) {
    const page = pageOf.get(ref);
    if (page !== undefined) return page;
  }
  const p = widget.get(name("P"));
  if (p instanceof PDFRef) {
    const index = pageRefs.indexOf(p);
    if (index >= 0) return index;
  }
  return undefined;
}

/** The font size of a default appearance string (`/F1 8.5 Tf 0 g`); 0 means auto. */
export function fontSizeOf(da: string | undefined): number {
  const match = da?.match(/\/[^\s/]+\s+(\d+(?:\.\d+)?|\.\d+)\s+Tf/);
  const size = match ? Number(match[1]) : 0;
  return Number.isFinite(size) && size > 0 && size < 300 ? size : 0;
}

function quadding(q: number): Quadding {
  return q === 1 ? 1 : q === 2 ? 2 : 0;
}
