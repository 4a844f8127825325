/**
 * AcroForm text fields. Widget spots from the layout become a field tree: the dotted name
 * `goods.lineItems.0.hsCode` is the fully qualified name of a terminal field `hsCode` under
 * non-terminal fields `goods` → `lineItems` → `0` (a partial name may not contain a period),
 * which is how every reader (and pdftk, pikepdf, pdf.js) reports and fills it. A terminal
 * field with one widget is one merged field/widget dictionary; a name placed twice gets one
 * field with two widget kids.
 *
 * Every widget has an appearance stream (/AP /N); the AcroForm has /DR with the embedded font
 * and /DA with an explicit size, so tools that fill the form can draw the value themselves.
 * The font is the document's embedded regular font, which keeps the glyphs a user may type
 * (see TYPEABLE_RANGES) when the document has fillable fields.
 */
import type { Align, WidgetSpot } from "./canvas.ts";
import type { FontUse } from "./text.ts";
import { num, pdfString, type PdfWriter } from "./writer.ts";

/**
 * Code points kept in the form font when there are fillable fields: Basic Latin, Latin-1,
 * Latin Extended-A, Greek and Coptic, Cyrillic, general punctuation (dashes, quotes, bullet,
 * ellipsis), the euro sign and the numero sign.
 */
export const TYPEABLE_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x100, 0x17f],
  [0x370, 0x3ff],
  [0x400, 0x4ff],
  [0x2010, 0x2027],
  [0x20ac, 0x20ac],
  [0x2116, 0x2116],
];

/** Field flags (/Ff) and annotation flags (/F). */
const FF_READ_ONLY = 1;
const FF_MULTILINE = 4096;
const F_HIDDEN = 2;
const F_PRINT = 4;

export interface FormPage {
  ref: number;
  widgets: WidgetSpot[];
}

interface Node {
  partial: string;
  children: Map<string, Node>;
  widgets: { spot: WidgetSpot; page: number }[];
}

const QUADDING: Record<Align, number> = { left: 0, center: 1, right: 2 };

/**
 * Writes the fields and widgets; returns the AcroForm object number (null without fields)
 * and, per page, the widget annotation object numbers for its /Annots.
 */
export function writeForm(
  w: PdfWriter,
  pages: FormPage[],
  font: FontUse,
  fontRef: number,
): { acroForm: number | null; annots: number[][] } {
  const annots: number[][] = pages.map(() => []);
  const roots = new Map<string, Node>();
  pages.forEach((page, pageIndex) => {
    for (const spot of page.widgets) {
      const parts = spot.name.split(".");
      let level = roots;
      let node: Node | undefined;
      for (const part of parts) {
        node = level.get(part);
        if (!node) {
          node = { partial: part, children: new Map(), widgets: [] };
          level.set(part, node);
        }
        level = node.children;
      }
      node!.widgets.push({ spot, page: pageIndex });
    }
  });
  if (roots.size === 0) return { acroForm: null, annots };

  const resources = `<< /Font << /${font.name} ${fontRef} 0 R >> >>`;
  const emptyAppearances = new Map<string, number>();
  const appearance = (spot: WidgetSpot): number => {
    const width = spot.rect[2] - spot.rect[0];
    const height = spot.rect[3] - spot.rect[1];
    const bbox = `[0 0 ${num(width)} ${num(height)}]`;
    if (!spot.value) {
      const known = emptyAppearances.get(bbox);
      if (known !== undefined) return known;
      const ref = w.alloc();
      w.putStream(
        ref,
        `/Type /XObject /Subtype /Form /BBox ${bbox} /Resources ${resources}`,
        new TextEncoder().encode("/Tx BMC\nEMC"),
      );
      emptyAppearances.set(bbox, ref);
      return ref;
    }
    const ref = w.alloc();
    const y = Math.max(1, (height - spot.fontSize * 0.714) / 2);
    const content = `/Tx BMC\nq BT /${font.name} ${num(spot.fontSize)} Tf 0 g 2 ${num(y)} Td ` +
      `${font.encode(spot.value)} Tj ET Q\nEMC`;
    w.putStream(
      ref,
      `/Type /XObject /Subtype /Form /BBox ${bbox} /Resources ${resources}`,
      new TextEncoder().encode(content),
    );
    return ref;
  };

  const fieldEntries = (node: Node, spot: WidgetSpot): string => {
    let flags = 0;
    if (spot.multiline) flags |= FF_MULTILINE;
    if (spot.hidden) flags |= FF_READ_ONLY;
    let s = `/FT /Tx /T ${pdfString(node.partial)} /Ff ${flags} ` +
      `/DA (/${font.name} ${num(spot.fontSize)} Tf 0 g)`;
    if (QUADDING[spot.align]) s += ` /Q ${QUADDING[spot.align]}`;
    if (spot.value) s += ` /V ${pdfString(spot.value)}`;
    return s;
  };
  const widgetEntries = (spot: WidgetSpot, page: number): string => {
    const rect = spot.rect.map(num).join(" ");
    return `/Type /Annot /Subtype /Widget /Rect [${rect}] /F ${spot.hidden ? F_HIDDEN : F_PRINT} ` +
      `/P ${pages[page]!.ref} 0 R /AP << /N ${appearance(spot)} 0 R >>`;
  };

  const write = (node: Node, parent: number | null): number | null => {
    const ref = w.alloc();
    const parentEntry = parent === null ? "" : ` /Parent ${parent} 0 R`;
    if (node.children.size > 0) {
      // A name cannot be both a value and a group of values; the group wins.
      const kids: number[] = [];
      for (const child of node.children.values()) {
        const kid = write(child, ref);
        if (kid !== null) kids.push(kid);
      }
      w.put(
        ref,
        `<< /T ${pdfString(node.partial)}${parentEntry} /Kids [${
          kids.map((k) => `${k} 0 R`).join(" ")
        }] >>`,
      );
      return ref;
    }
    const first = node.widgets[0];
    if (!first) return null;
    if (node.widgets.length === 1) {
      w.put(
        ref,
        `<< ${fieldEntries(node, first.spot)}${parentEntry} ${
          widgetEntries(first.spot, first.page)
        } >>`,
      );
      annots[first.page]!.push(ref);
      return ref;
    }
    const kids: number[] = [];
    for (const { spot, page } of node.widgets) {
      const kid = w.alloc();
      w.put(kid, `<< ${widgetEntries(spot, page)} /Parent ${ref} 0 R >>`);
      annots[page]!.push(kid);
      kids.push(kid);
    }
    w.put(
      ref,
      `<< ${fieldEntries(node, first.spot)}${parentEntry} /Kids [${
        kids.map((k) => `${k} 0 R`).join(" ")
      }] >>`,
    );
    return ref;
  };

  const fields: number[] = [];
  for (const node of roots.values()) {
    const ref = write(node, null);
    if (ref !== null) fields.push(ref);
  }
  const acroForm = w.alloc();
  w.put(
    acroForm,
    `<< /Fields [${fields.map((f) => `${f} 0 R`).join(" ")}] ` +
      `/DR << /Font << /${font.name} ${fontRef} 0 R >> >> /DA (/${font.name} 8.5 Tf 0 g) >>`,
  );
  return { acroForm, annots };
}
