/**
 * Renders a DocumentSpec to PDF bytes: layout (layout.ts), footer on every page (footer.ts),
 * form fields (form.ts), the QR code as one form XObject (qr.ts), the two embedded subset fonts
 * (subset.ts), metadata, written by writer.ts.
 *
 * Deterministic: the same spec and context give the same bytes (dates from ctx.createdAt, the
 * file /ID and XMP document id from ctx.documentId, subset tags from the glyphs used).
 */
import { createHash } from "node:crypto";
import { drawFooter } from "./footer.ts";
import { coverage } from "./fallback.ts";
import { type FontSet, loadFonts, type TrueTypeFont } from "./font.ts";
import { writeForm } from "./form.ts";
import {
  FORM_FONT_NAME,
  formEncoding,
  type FormFontRefs,
  formScript,
  winAnsiString,
  writeFormFont,
} from "./form_font.ts";
import { Composer, type Fonts, PAGE_HEIGHT, PAGE_WIDTH } from "./layout.ts";
import { type DocumentSpec, type RenderContext, specText } from "./model.ts";
import { qrContent } from "./qr.ts";
import { writeFont } from "./subset.ts";
import { FontUse } from "./text.ts";
import { num, pdfString, PdfWriter } from "./writer.ts";
import { uuidHex } from "../../platform/util/uuid.ts";

export const PRODUCER = "trade-docs PDF engine 1";

/** The names of the hidden fields every document carries. */
export const SERVICE_FIELDS = [
  "_service_shipment_id",
  "_service_doc_type",
  "_service_shipment_ref",
] as const;

export async function renderPdf(
  spec: DocumentSpec,
  ctx: RenderContext,
): Promise<Uint8Array<ArrayBuffer>> {
  const fontSet = await loadFonts();
  const { fonts } = await coverage(fontSet.regular, `${specText(spec)}\n${ctx.shipmentRef}`);
  return renderWithFonts(spec, ctx, fontSet, fonts);
}

/**
 * The synchronous core of renderPdf, for callers that hold the parsed fonts: `fallbacks` are
 * the fallback fonts the spec's text needs (fallback.ts), one PDF font each.
 */
export function renderWithFonts(
  spec: DocumentSpec,
  ctx: RenderContext,
  fontSet: FontSet,
  fallbacks: readonly TrueTypeFont[] = [],
): Uint8Array<ArrayBuffer> {
  const fonts: Fonts = {
    regular: new FontUse(fontSet.regular, "F1"),
    bold: new FontUse(fontSet.bold, "F2"),
  };
  const extra = fallbacks.map((f, i) => new FontUse(f, `FB${i + 1}`));
  fonts.regular.useFallbacks(extra);
  fonts.bold.useFallbacks(extra);
  const pages = new Composer(spec, ctx, fonts).layout();
  const fillable = pages.some((p) => p.widgets.length > 0);

  const hidden: [string, string][] = [
    [SERVICE_FIELDS[0], ctx.shipmentId ?? ""],
    [SERVICE_FIELDS[1], spec.type],
    [SERVICE_FIELDS[2], ctx.shipmentRef],
  ];
  for (const [name, value] of hidden) {
    pages[0]!.widgets.push({
      name,
      rect: [0, 0, 0, 0],
      multiline: false,
      fontSize: 8,
      align: "left",
      value,
      hidden: true,
    });
  }

  const qrName = ctx.validationHash && ctx.verifyUrl ? "QR" : null;
  pages.forEach((page, i) => drawFooter(page, i, pages.length, spec, ctx, fonts, qrName));

  const w = new PdfWriter();
  const catalog = w.alloc();
  const pagesRef = w.alloc();
  const info = w.alloc();
  const resources = w.alloc();
  const regularRef = w.alloc();
  const boldRef = w.alloc();
  // Fillable: the form font form fillers can encode. Otherwise only the hidden fields, which
  // nobody types into: the text font, and no form font program to embed.
  const formFont: FormFontRefs = fillable
    ? { name: FORM_FONT_NAME, dr: w.alloc(), appearance: w.alloc(), encode: winAnsiString }
    : {
      name: fonts.regular.name,
      dr: regularRef,
      appearance: regularRef,
      encode: (s) => fonts.regular.encode(s),
    };
  const pageRefs = pages.map(() => w.alloc());
  const contentRefs = pages.map(() => w.alloc());

  const form = writeForm(
    w,
    pages.map((p, i) => ({ ref: pageRefs[i]!, widgets: p.widgets })),
    formFont,
  );
  if (fillable) writeFormFont(w, fontSet.regular, formEncoding(formScript(spec)), formFont);

  let xobjects = "";
  if (qrName) {
    const qr = w.alloc();
    w.putDeflated(
      qr,
      "/Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources << >>",
      qrContent(ctx.verifyUrl!),
    );
    xobjects = ` /XObject << /${qrName} ${qr} 0 R >>`;
  }

  pages.forEach((page, i) => {
    w.putDeflated(contentRefs[i]!, "", page.content());
    const annots = [...form.annots[i]!];
    for (const link of page.links) {
      const ref = w.alloc();
      w.put(
        ref,
        `<< /Type /Annot /Subtype /Link /Rect [${link.rect.map(num).join(" ")}] /F 4 ` +
          `/Border [0 0 0] /A << /S /URI /URI ${pdfString(link.uri)} >> >>`,
      );
      annots.push(ref);
    }
    w.put(
      pageRefs[i]!,
      `<< /Type /Page /Parent ${pagesRef} 0 R /MediaBox [0 0 ${num(PAGE_WIDTH)} ${
        num(PAGE_HEIGHT)
      }] /Resources ${resources} 0 R /Contents ${contentRefs[i]} 0 R` +
        (annots.length ? ` /Annots [${annots.map((a) => `${a} 0 R`).join(" ")}]` : "") +
        " >>",
    );
  });
  w.put(
    pagesRef,
    `<< /Type /Pages /Kids [${
      pageRefs.map((r) => `${r} 0 R`).join(" ")
    }] /Count ${pages.length} >>`,
  );

  // Fonts last: every string (content, footers, field appearances) has been encoded now.
  let fontEntries = `/${fonts.regular.name} ${regularRef} 0 R`;
  writeFont(w, fonts.regular, regularRef);
  if (fonts.bold.used) {
    writeFont(w, fonts.bold, boldRef);
    fontEntries += ` /${fonts.bold.name} ${boldRef} 0 R`;
  } else {
    w.put(boldRef, "null");
  }
  for (const use of extra) {
    if (!use.used) continue;
    const ref = w.alloc();
    writeFont(w, use, ref);
    fontEntries += ` /${use.name} ${ref} 0 R`;
  }
  w.put(resources, `<< /Font << ${fontEntries} >>${xobjects} /ProcSet [/PDF /Text] >>`);

  const id = fileId(ctx.documentId);
  const created = pdfDate(ctx.createdAt);
  w.put(
    info,
    `<< /Title ${pdfString(spec.title)} /Creator (trade-docs) /Producer ${pdfString(PRODUCER)} ` +
      `/CreationDate (${created}) /ModDate (${created}) >>`,
  );
  const metadata = w.alloc();
  const xmp = new TextEncoder().encode(xmpPacket(spec.title, ctx, id));
  w.putStream(metadata, "/Type /Metadata /Subtype /XML", xmp);
  w.put(
    catalog,
    `<< /Type /Catalog /Pages ${pagesRef} 0 R /Metadata ${metadata} 0 R /Lang (en) ` +
      `/ViewerPreferences << /DisplayDocTitle true >>` +
      (form.acroForm !== null ? ` /AcroForm ${form.acroForm} 0 R` : "") + " >>",
  );
  return w.finish(catalog, info, id);
}

/** 16 bytes as hex: the UUID's own bytes when the document id is a UUID, else a digest. */
export function fileId(documentId: string): string {
  const hex = uuidHex(documentId);
  if (hex) return hex.toUpperCase();
  return createHash("sha256").update(documentId).digest("hex").slice(0, 32).toUpperCase();
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

function pdfDate(d: Date): string {
  return `D:${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
    `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}+00'00'`;
}

function xmpDate(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}Z`;
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(
    /"/g,
    "&quot;",
  );
}

function xmpPacket(title: string, ctx: RenderContext, id: string): string {
  const date = xmpDate(ctx.createdAt);
  const hex = id.toLowerCase();
  const uuid = `uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${
    hex.slice(16, 20)
  }-${hex.slice(20)}`;
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlEscape(title)}</rdf:li></rdf:Alt></dc:title>
<xmp:CreateDate>${date}</xmp:CreateDate>
<xmp:ModifyDate>${date}</xmp:ModifyDate>
<xmp:MetadataDate>${date}</xmp:MetadataDate>
<xmp:CreatorTool>trade-docs</xmp:CreatorTool>
<pdf:Producer>${xmlEscape(PRODUCER)}</pdf:Producer>
<xmpMM:DocumentID>${uuid}</xmpMM:DocumentID>
<xmpMM:InstanceID>${uuid}</xmpMM:InstanceID>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>`;
}
