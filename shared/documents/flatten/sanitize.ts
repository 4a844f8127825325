/**
 * What PDF/A-2b forbids or an archival copy must not keep, removed from a parsed document:
 *
 * - the form (AcroForm, with XFA and NeedAppearances) and every widget annotation (values are
 *   drawn as page content first, see flatten.ts);
 * - actions: the catalog's OpenAction and AA, page AA, the JavaScript and embedded-file name
 *   trees (the whole Names dictionary), outlines (their items carry actions);
 * - every annotation, links included: an archival copy carries no actions at all (ISO 19005-2
 *   6.5 would allow a URI link, but the verify URL is printed and in the QR code anyway);
 * - stream keys ISO 19005-2 6.1.7 forbids (F, FFilter, FDecodeParms), image interpolation and
 *   alternates (6.2.8), transfer functions and halftone overrides in graphics states (6.2.5);
 * - every object no longer reachable from the trailer, so no field or widget survives as an
 *   orphan and no reference dangles.
 */
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  type PDFObject,
  PDFRef,
  PDFStream,
} from "@pdfme/pdf-lib";
import { arrayOf, dictOf, keepKeys, name, nameOf, resolve } from "./objects.ts";

const CATALOG_KEYS = new Set([
  "Type",
  "Version",
  "Pages",
  "PageLabels",
  "Dests",
  "ViewerPreferences",
  "PageLayout",
  "Metadata",
  "StructTreeRoot",
  "MarkInfo",
  "Lang",
  "OutputIntents",
]);

const PAGE_KEYS = new Set([
  "Type",
  "Parent",
  "LastModified",
  "Resources",
  "MediaBox",
  "CropBox",
  "BleedBox",
  "TrimBox",
  "ArtBox",
  "Contents",
  "Rotate",
  "Group",
  "Annots",
  "StructParents",
  "UserUnit",
]);

const STREAM_FORBIDDEN = ["F", "FFilter", "FDecodeParms"];
const IMAGE_FORBIDDEN = ["Alternates", "OPI"];
const GSTATE_FORBIDDEN = ["TR", "HTP", "HTO"];

/** Map of each annotation reference to its page index, read before anything is removed. */
export function annotationPages(doc: PDFDocument): Map<PDFRef, number> {
  const ctx = doc.context;
  const pages = new Map<PDFRef, number>();
  doc.getPages().forEach((page, index) => {
    const annots = arrayOf(ctx, page.node.get(name("Annots")));
    for (const item of annots?.asArray() ?? []) {
      if (item instanceof PDFRef && !pages.has(item)) pages.set(item, index);
    }
  });
  return pages;
}

/** Removes the form, actions and annotations, and page keys outside the allowed set. */
export function stripInteractivity(doc: PDFDocument): void {
  const ctx = doc.context;
  keepKeys(doc.catalog, CATALOG_KEYS);
  const pageMode = nameOf(ctx, doc.catalog.get(name("PageMode")));
  if (pageMode !== undefined && pageMode !== "UseNone") doc.catalog.delete(name("PageMode"));
  for (const page of doc.getPages()) {
    const node = page.node;
    keepKeys(node, PAGE_KEYS);
    node.delete(name("Annots"));
  }
}

/**
 * Deletes every indirect object the trailer cannot reach, and cleans the keys PDF/A forbids
 * in the streams and graphics states it can.
 */
export function collectGarbage(doc: PDFDocument): void {
  const ctx = doc.context;
  const reached = new Set<PDFRef>();
  const stack: PDFObject[] = [];
  const { Root, Info } = ctx.trailerInfo;
  if (Root) stack.push(Root);
  if (Info) stack.push(Info);
  while (stack.length > 0) {
    const obj = stack.pop()!;
    if (obj instanceof PDFRef) {
      if (reached.has(obj)) continue;
      reached.add(obj);
      const target = resolve(ctx, obj);
      if (target) stack.push(target);
    } else if (obj instanceof PDFDict) {
      cleanDict(ctx, obj);
      for (const [, value] of obj.entries()) stack.push(value);
    } else if (obj instanceof PDFArray) {
      for (const value of obj.asArray()) stack.push(value);
    } else if (obj instanceof PDFStream) {
      cleanStream(obj.dict);
      for (const [, value] of obj.dict.entries()) stack.push(value);
    }
  }
  for (const [ref] of ctx.enumerateIndirectObjects()) {
    if (!reached.has(ref)) ctx.delete(ref);
  }
}

function cleanStream(dict: PDFDict): void {
  for (const key of STREAM_FORBIDDEN) dict.delete(name(key));
  if (dict.get(name("Subtype")) === name("Image")) {
    for (const key of IMAGE_FORBIDDEN) dict.delete(name(key));
    if (dict.has(name("Interpolate"))) dict.delete(name("Interpolate"));
  }
}

function cleanDict(ctx: PDFContext, dict: PDFDict): void {
  // Additional actions are forbidden wherever they are (catalog, pages, fields, annotations).
  dict.delete(name("AA"));
  // Graphics states are found through the resources that name them (their /Type is optional).
  const states = dictOf(ctx, dict.get(name("ExtGState")));
  for (const [, value] of states?.entries() ?? []) {
    const state = dictOf(ctx, value);
    if (!state) continue;
    for (const key of GSTATE_FORBIDDEN) state.delete(name(key));
    const tr2 = state.get(name("TR2"));
    if (tr2 !== undefined && tr2 !== name("Default")) state.delete(name("TR2"));
  }
}
