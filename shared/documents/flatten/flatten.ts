/**
 * The built-in flattener: a generated (possibly filled-in) PDF in, an archival PDF/A-2b out.
 *
 * 1. Parse with pdf-lib; read every field's value from the field tree (fields.ts), not from
 *    appearance streams, so values filled without appearances (NeedAppearances) or drawn in a
 *    font that is not embedded come out right.
 * 2. Draw each visible value inside its widget's box, and the hash stamp on every page, as
 *    static page content, in a fresh Noto Sans subset of exactly the glyphs needed (any
 *    character the font has, whatever the form's original subset held).
 * 3. Keep the `_service_*` fields' values as XMP metadata, not as visible text.
 * 4. Remove the form, the widgets, actions and other annotations (sanitize.ts); add the sRGB
 *    output intent, the XMP with PDF/A identification and the Info dictionary to match, a
 *    trailer ID; drop every object nothing refers to any more; write a PDF 1.7 file.
 *
 * The output depends only on the input and the options: dates come from the source's Info
 * dictionary, the IDs from digests.
 */
import { createHash } from "node:crypto";
import {
  EncryptedPDFError,
  ParseSpeeds,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFHeader,
  PDFHexString,
  type PDFPage,
  PDFRawStream,
  type PDFRef,
  PDFString,
} from "@pdfme/pdf-lib";
import { coverage } from "../pdf/fallback.ts";
import type { FontSet, TrueTypeFont } from "../pdf/font.ts";
import { FontUse } from "../pdf/text.ts";
import { deflate } from "../pdf/writer.ts";
import { FlattenFailure } from "./provider.ts";
import { type ContinuationItem, continuationPages, continuationReference } from "./continuation.ts";
import { overflows, stampOps, tickOps, valueOps } from "./draw.ts";
import { embedFont } from "./embed_font.ts";
import { type FormValues, readFormValues } from "./fields.ts";
import { SRGB_DESCRIPTION, srgbProfile } from "./icc.ts";
import { arrayOf, dictOf, name, textOf } from "./objects.ts";
import { annotationPages, collectGarbage, stripInteractivity } from "./sanitize.ts";
import { pdfDate, type ServiceProperty, xmpPacket } from "./xmp.ts";

export const FLATTEN_PRODUCER = "trade-docs PDF/A-2b flattener 1";
const CREATOR_TOOL = "trade-docs";

export interface FlattenOptions {
  /** Default: the source's /Title, else "Document". */
  title?: string;
  hashStamp?: string;
  /** The caller's label for the document, kept in the metadata. */
  docLabel?: string;
  /** The date to use when the source has none (default: now). */
  fallbackDate?: Date;
}

/** The `_service_*` field names and the XMP properties their values become. */
const SERVICE_METADATA: Record<string, ServiceProperty> = {
  _service_shipment_id: "shipmentId",
  _service_doc_type: "docType",
  _service_shipment_ref: "shipmentRef",
};

export async function flattenToPdfA(
  pdf: Uint8Array,
  options: FlattenOptions,
  fonts: FontSet,
): Promise<Uint8Array> {
  const doc = await load(pdf);
  try {
    return await flattenDocument(doc, pdf, options, fonts);
  } catch (cause) {
    if (cause instanceof FlattenFailure) throw cause;
    // A damaged file can parse and still lack what any PDF has (a catalog, a page tree).
    throw new FlattenFailure("The PDF is damaged: it has no readable page tree", { cause });
  }
}

async function flattenDocument(
  doc: PDFDocument,
  pdf: Uint8Array,
  options: FlattenOptions,
  fonts: FontSet,
): Promise<Uint8Array> {
  const ctx = doc.context;
  const pages = doc.getPages();
  if (pages.length === 0) throw new FlattenFailure("The PDF has no pages");

  const form = readFormValues(doc, annotationPages(doc));
  const shownText = [
    ...form.shown.filter((f) => !f.tick).map((f) => f.value),
    options.hashStamp ?? "",
  ].join("\n");
  const fallbacks = (await coverage(fonts.regular, shownText)).fonts;
  drawStaticContent(doc, pages, form, options.hashStamp, fonts, fallbacks);
  stripInteractivity(doc);

  const sourceInfo = dictOf(ctx, ctx.trailerInfo.Info);
  const title = options.title?.trim() || textOf(ctx, sourceInfo?.get(name("Title")))?.trim() ||
    "Document";
  const created = pdfDateOf(textOf(ctx, sourceInfo?.get(name("CreationDate")))) ??
    options.fallbackDate ?? new Date();
  const modified = pdfDateOf(textOf(ctx, sourceInfo?.get(name("ModDate")))) ?? created;
  const [documentId, instanceId] = fileIds(ctx, pdf, options);
  const service: Partial<Record<ServiceProperty, string>> = {};
  for (const [field, value] of form.service) {
    const key = SERVICE_METADATA[field];
    if (key && value !== "") service[key] = value;
  }
  if (options.docLabel) service.docLabel = options.docLabel;
  if (options.hashStamp) service.hashStamp = options.hashStamp;

  const info = ctx.obj({
    Title: PDFHexString.fromText(title),
    Creator: PDFHexString.fromText(CREATOR_TOOL),
    Producer: PDFHexString.fromText(FLATTEN_PRODUCER),
    CreationDate: PDFString.of(pdfDate(created)),
    ModDate: PDFString.of(pdfDate(modified)),
  });
  ctx.trailerInfo.Info = ctx.register(info);
  ctx.trailerInfo.ID = ctx.obj([PDFHexString.of(documentId), PDFHexString.of(instanceId)]);
  ctx.trailerInfo.Encrypt = undefined;

  const xmp = new TextEncoder().encode(xmpPacket({
    title,
    created,
    modified,
    producer: FLATTEN_PRODUCER,
    creatorTool: CREATOR_TOOL,
    documentId,
    instanceId,
    service,
  }));
  // Uncompressed: archival readers find the packet by scanning for it.
  doc.catalog.set(
    name("Metadata"),
    ctx.register(PDFRawStream.of(ctx.obj({ Type: "Metadata", Subtype: "XML" }), xmp)),
  );
  doc.catalog.set(name("OutputIntents"), ctx.obj([outputIntent(ctx)]));

  collectGarbage(doc);
  ctx.header = PDFHeader.forVersion(1, 7);
  return await doc.save({
    useObjectStreams: true,
    addDefaultPage: false,
    objectsPerTick: Infinity,
    updateFieldAppearances: false,
  });
}

async function load(pdf: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(pdf, {
      updateMetadata: false,
      parseSpeed: ParseSpeeds.Fastest,
      throwOnInvalidObject: false,
    });
  } catch (cause) {
    if (cause instanceof EncryptedPDFError) {
      throw new FlattenFailure("The PDF is encrypted", { cause });
    }
    throw new FlattenFailure("The file is not a readable PDF", { cause });
  }
}

/**
 * Form values and the stamp, drawn on each page in one fresh font subset; values too long for
 * their boxes on continuation pages added at the end (continuation.ts).
 */
function drawStaticContent(
  doc: PDFDocument,
  sourcePages: PDFPage[],
  form: FormValues,
  hashStamp: string | undefined,
  fonts: FontSet,
  fallbacks: TrueTypeFont[],
): void {
  const ctx = doc.context;
  const fontName = unusedFontName(ctx, sourcePages);
  const font = new FontUse(fonts.regular, fontName);
  const extra = fallbacks.map((f, i) => new FontUse(f, `${fontName}B${i + 1}`));
  font.useFallbacks(extra);
  const pages = [...sourcePages];
  const ops = pages.map(() => "");
  const continued: ContinuationItem[] = [];
  for (const field of form.shown) {
    if (field.tick) {
      for (const at of field.placements) ops[at.page] += tickOps(at.rect);
      continue;
    }
    let value = field.value;
    if (field.placements.some((at) => overflows(font, value, at, field.multiline))) {
      continued.push({ name: field.name, value });
      value = continuationReference(continued.length);
    }
    for (const at of field.placements) {
      ops[at.page] += valueOps(font, value, at, field.multiline);
    }
  }
  if (continued.length) {
    const { width, height } = sourcePages[0]!.getSize();
    for (const sheet of continuationPages(font, continued, width, height)) {
      pages.push(doc.addPage([width, height]));
      ops.push(sheet);
    }
  }
  if (hashStamp) {
    pages.forEach((page, i) => {
      const box = page.getCropBox();
      ops[i] += stampOps(font, hashStamp, [
        box.x,
        box.y,
        box.x + box.width,
        box.y + box.height,
      ]);
    });
  }
  // After every string is encoded: each subset holds exactly the glyphs used.
  const embedded = [font, ...extra].filter((use) => use.used)
    .map((use) => [use.name, embedFont(ctx, use)] as const);
  pages.forEach((page, i) => {
    if (ops[i]) appendContent(ctx, page, ops[i]!, embedded);
  });
}

/** A font resource name no page uses yet. */
function unusedFontName(ctx: PDFContext, pages: PDFPage[]): string {
  const used = new Set<string>();
  for (const page of pages) {
    const fonts = dictOf(ctx, pageResources(ctx, page).get(name("Font")));
    for (const key of fonts?.keys() ?? []) used.add(key.decodeText());
  }
  let n = 1;
  while (used.has(`FlatV${n}`)) n++;
  return `FlatV${n}`;
}

/** The page's resources dictionary: its own, or a copy of the inherited one set on it. */
function pageResources(ctx: PDFContext, page: PDFPage): PDFDict {
  const own = dictOf(ctx, page.node.get(name("Resources")));
  if (own) return own;
  const inherited = page.node.Resources();
  const resources = inherited ? inherited.clone(ctx) : ctx.obj({});
  page.node.set(name("Resources"), resources);
  return resources;
}

/**
 * Adds the drawing after the page's own content, which is wrapped in q … Q so whatever
 * graphics state it leaves behind does not move or recolour the values.
 */
function appendContent(
  ctx: PDFContext,
  page: PDFPage,
  ops: string,
  fonts: readonly (readonly [string, PDFRef])[],
): void {
  if (fonts.length) {
    const resources = pageResources(ctx, page);
    let fontDict = dictOf(ctx, resources.get(name("Font")));
    if (!fontDict) {
      fontDict = ctx.obj({});
      resources.set(name("Font"), fontDict);
    }
    for (const [fontName, fontRef] of fonts) fontDict.set(name(fontName), fontRef);
  }

  const existing = page.node.get(name("Contents"));
  const parts = arrayOf(ctx, existing)?.asArray() ?? (existing ? [existing] : []);
  const open = ctx.register(rawStream(ctx, "q\n"));
  const drawn = ctx.register(rawStream(ctx, `Q\n${ops}`, true));
  page.node.set(name("Contents"), ctx.obj([open, ...parts, drawn]));
}

function rawStream(ctx: PDFContext, text: string, compress = false): PDFRawStream {
  const bytes = new TextEncoder().encode(text);
  if (!compress) return PDFRawStream.of(ctx.obj({}), bytes);
  return PDFRawStream.of(ctx.obj({ Filter: "FlateDecode" }), deflate(bytes));
}

function outputIntent(ctx: PDFContext): PDFDict {
  const profile = ctx.register(
    PDFRawStream.of(ctx.obj({ N: 3, Filter: "FlateDecode" }), deflate(srgbProfile())),
  );
  return ctx.obj({
    Type: "OutputIntent",
    S: "GTS_PDFA1",
    OutputConditionIdentifier: PDFString.of(SRGB_DESCRIPTION),
    RegistryName: PDFString.of("http://www.color.org"),
    Info: PDFString.of(SRGB_DESCRIPTION),
    DestOutputProfile: profile,
  });
}

/**
 * The trailer /ID: the source's permanent identifier when it has one (the document is the same
 * document), and a new instance identifier from a digest of everything the output depends on.
 */
function fileIds(ctx: PDFContext, pdf: Uint8Array, options: FlattenOptions): [string, string] {
  const source = arrayOf(ctx, ctx.trailerInfo.ID)?.asArray()[0];
  let permanent: string | undefined;
  if (source instanceof PDFHexString || source instanceof PDFString) {
    const bytes = source.asBytes();
    if (bytes.length === 16) permanent = hex(bytes);
  }
  permanent ??= sha256Hex([pdf]).slice(0, 32);
  const text = new TextEncoder();
  const instance = sha256Hex([
    pdf,
    text.encode(`\0${options.title ?? ""}\0${options.hashStamp ?? ""}\0${options.docLabel ?? ""}`),
  ]).slice(0, 32);
  return [permanent.toUpperCase(), instance.toUpperCase()];
}

function sha256Hex(parts: Uint8Array[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part);
  return hash.digest("hex");
}

function hex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A PDF date string (D:YYYYMMDDHHmmSSOHH'mm', every part after the year optional). */
export function pdfDateOf(s: string | undefined): Date | undefined {
  const m = s?.match(
    /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(?:(\d{2})'?(?:(\d{2})'?)?)?)?/,
  );
  if (!m) return undefined;
  const [year, month = "01", day = "01", hour = "00", minute = "00", second = "00"] = m.slice(1);
  const sign = m[7] === "-" ? -1 : 1;
  const offset = m[7] && m[7] !== "Z" && m[7] !== "z"
    ? sign * (Number(m[8] ?? 0) * 60 + Number(m[9] ?? 0))
    : 0;
  const utc = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second),
  );
  const date = new Date(utc - offset * 60_000);
  return Number.isNaN(date.getTime()) || Number(year) < 1900 ? undefined : date;
}
