/**
 * Embeds a FontUse (the glyphs the flattened values and the stamp need) into a pdf-lib document
 * with the engine's own font writer (shared/documents/pdf/subset.ts): the same Type0 / CIDFontType2 /
 * Identity-H subset with a ToUnicode map and /CIDToGIDMap /Identity that generation writes.
 * The writer emits objects as PDF source; here they are parsed into the document's context.
 */
import { type PDFContext, PDFDict, PDFObjectParser, PDFRawStream, PDFRef } from "@pdfme/pdf-lib";
import { writeFont } from "../pdf/subset.ts";
import type { FontUse } from "../pdf/text.ts";
import { PdfWriter } from "../pdf/writer.ts";

const encoder = new TextEncoder();

/** A PdfWriter whose objects land in a pdf-lib context instead of a new file. */
class ContextWriter extends PdfWriter {
  constructor(private readonly ctx: PDFContext) {
    super();
  }

  override alloc(): number {
    return this.ctx.nextRef().objectNumber;
  }

  override put(num: number, source: string): void {
    this.ctx.assign(PDFRef.of(num), this.#parse(source));
  }

  override putStream(num: number, dict: string, data: Uint8Array): void {
    const parsed = this.#parse(`<< ${dict} /Length ${data.length} >>`);
    if (!(parsed instanceof PDFDict)) throw new Error("stream dictionary did not parse");
    this.ctx.assign(PDFRef.of(num), PDFRawStream.of(parsed, data));
  }

  #parse(source: string) {
    return PDFObjectParser.forBytes(encoder.encode(source), this.ctx).parseObject();
  }
}

/** Writes the font's objects; returns the reference of its Type0 font dictionary. */
export function embedFont(ctx: PDFContext, use: FontUse): PDFRef {
  const writer = new ContextWriter(ctx);
  const type0 = writer.alloc();
  writeFont(writer, use, type0);
  return PDFRef.of(type0);
}
