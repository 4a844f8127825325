/**
 * AcroForm text fields, radio groups and check boxes. Widget spots from the layout become a field tree: the dotted name
 * `goods.lineItems.0.hsCode` is the fully qualified name of a terminal field `hsCode` under
 * non-terminal fields `goods` → `lineItems` → `0` (a partial name may not contain a period),
 * which is how every reader (and pdftk, pikepdf, pdf.js) reports and fills it. A terminal
 * field with one widget is one merged field/widget dictionary; a name placed twice gets one
 * field with two widget kids.
 *
 * Every widget has an appearance stream (/AP /N); the AcroForm has /DR with the form font
 * (form_font.ts: a simple-encoding font that form fillers can encode) and /DA with an explicit
 * size, so tools that fill the form draw the value themselves, and /NeedAppearances true, so
 * that viewers redraw values in scripts the form font lacks with a font of their own.
 */
import { type Align, crossOps, type WidgetSpot } from "./canvas.ts";
import type { FormFontRefs } from "./form_font.ts";
import { num, pdfName, pdfString, type PdfWriter } from "./writer.ts";

/** Field flags (/Ff) and annotation flags (/F). */
const FF_READ_ONLY = 1;
const FF_MULTILINE = 4096;
const FF_NO_TOGGLE_TO_OFF = 1 << 14;
const FF_RADIO = 1 << 15;
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

const encoder = new TextEncoder();
/** The content of an empty field's appearance stream (a 200-line form has hundreds). */
const EMPTY_APPEARANCE = encoder.encode("/Tx BMC\nEMC");

/**
 * Writes the fields and widgets; returns the AcroForm object number (null without fields)
 * and, per page, the widget annotation object numbers for its /Annots.
 */
export function writeForm(
  w: PdfWriter,
  pages: FormPage[],
  fontRefs: FormFontRefs,
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

  const font = fontRefs.name;
  // One resource dictionary for every appearance stream (qpdf takes the font from it as it is).
  const resourcesRef = w.alloc();
  w.put(resourcesRef, `<< /Font << /${font} ${fontRefs.appearance} 0 R >> >>`);
  const resources = `${resourcesRef} 0 R`;
  const appearance = (spot: WidgetSpot): number => {
    const width = spot.rect[2] - spot.rect[0];
    const height = spot.rect[3] - spot.rect[1];
    const bbox = `[0 0 ${num(width)} ${num(height)}]`;
    // Each widget its own stream, even when empty: qpdf writes a value into the stream in place.
    const ref = w.alloc();
    if (!spot.value) {
      w.putStream(
        ref,
        `/Type /XObject /Subtype /Form /BBox ${bbox} /Resources ${resources}`,
        EMPTY_APPEARANCE,
      );
      return ref;
    }
    const y = Math.max(1, (height - spot.fontSize * 0.714) / 2);
    const content = `/Tx BMC\nq BT /${font} ${num(spot.fontSize)} Tf 0 g 2 ${num(y)} Td ` +
      `${fontRefs.encode(spot.value)} Tj ET Q\nEMC`;
    w.putStream(
      ref,
      `/Type /XObject /Subtype /Form /BBox ${bbox} /Resources ${resources}`,
      encoder.encode(content),
    );
    return ref;
  };

  const fieldEntries = (node: Node, spot: WidgetSpot): string => {
    let flags = 0;
    if (spot.multiline) flags |= FF_MULTILINE;
    if (spot.hidden) flags |= FF_READ_ONLY;
    let s = `/FT /Tx /T ${pdfString(node.partial)} /Ff ${flags} ` +
      `/DA (/${font} ${num(spot.fontSize)} Tf 0 g)`;
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
    if (first.spot.radio !== undefined) return writeButtons(node, ref, parentEntry);
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

  /**
   * A radio group (Btn, Radio | NoToggleToOff) or a check box (Btn): one widget per option,
   * each with an "on" appearance named by its export value (a cross) and /Off (nothing; the
   * page draws the box).
   */
  const writeButtons = (node: Node, ref: number, parentEntry: string): number => {
    const kids: number[] = [];
    for (const { spot, page } of node.widgets) {
      const size = spot.rect[2] - spot.rect[0];
      const bbox = `/Type /XObject /Subtype /Form /BBox [0 0 ${num(size)} ${num(size)}]`;
      const on = w.alloc();
      w.putStream(on, bbox, new TextEncoder().encode(crossOps(0, 0, size)));
      const off = w.alloc();
      w.putStream(off, bbox, new Uint8Array());
      const kid = w.alloc();
      w.put(
        kid,
        `<< /Type /Annot /Subtype /Widget /Rect [${spot.rect.map(num).join(" ")}] /F ${F_PRINT} ` +
          `/P ${pages[page]!.ref} 0 R /Parent ${ref} 0 R /AS /Off ` +
          `/AP << /N << ${pdfName(spot.radio!)} ${on} 0 R /Off ${off} 0 R >> >> >>`,
      );
      annots[page]!.push(kid);
      kids.push(kid);
    }
    w.put(
      ref,
      `<< /FT /Btn /Ff ${node.widgets[0]!.spot.check ? 0 : FF_RADIO | FF_NO_TOGGLE_TO_OFF} /T ${
        pdfString(node.partial)
      } /V /Off` +
        `${parentEntry} /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] >>`,
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
      `/DR << /Font << /${font} ${fontRefs.dr} 0 R >> >> /DA (/${font} 8.5 Tf 0 g) ` +
      `/NeedAppearances true >>`,
  );
  return { acroForm, annots };
}
