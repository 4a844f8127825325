/**
 * Small readers over pdf-lib's object model that never throw on a malformed file: a value of
 * the wrong type reads as undefined, references are resolved, and text strings are decoded
 * whatever their encoding (PDFDocEncoding, UTF-16BE with a BOM, or UTF-8 with a BOM).
 */
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFString,
} from "@pdfme/pdf-lib";

const names = new Map<string, PDFName>();

/** A PDF name, interned. */
export function name(s: string): PDFName {
  let n = names.get(s);
  if (!n) {
    n = PDFName.of(s);
    names.set(s, n);
  }
  return n;
}

export function resolve(ctx: PDFContext, obj: PDFObject | undefined): PDFObject | undefined {
  if (obj instanceof PDFRef) {
    try {
      return ctx.lookup(obj);
    } catch {
      return undefined;
    }
  }
  return obj;
}

/** A dictionary (a stream's own dictionary counts), or undefined. */
export function dictOf(ctx: PDFContext, obj: PDFObject | undefined): PDFDict | undefined {
  const value = resolve(ctx, obj);
  if (value instanceof PDFDict) return value;
  if (value instanceof PDFStream) return value.dict;
  return undefined;
}

export function arrayOf(ctx: PDFContext, obj: PDFObject | undefined): PDFArray | undefined {
  const value = resolve(ctx, obj);
  return value instanceof PDFArray ? value : undefined;
}

export function numberOf(ctx: PDFContext, obj: PDFObject | undefined): number | undefined {
  const value = resolve(ctx, obj);
  if (!(value instanceof PDFNumber)) return undefined;
  const n = value.asNumber();
  return Number.isFinite(n) ? n : undefined;
}

export function nameOf(ctx: PDFContext, obj: PDFObject | undefined): string | undefined {
  const value = resolve(ctx, obj);
  return value instanceof PDFName ? value.decodeText() : undefined;
}

/** A text string's value. */
export function textOf(ctx: PDFContext, obj: PDFObject | undefined): string | undefined {
  const value = resolve(ctx, obj);
  if (!(value instanceof PDFString || value instanceof PDFHexString)) return undefined;
  const bytes = value.asBytes();
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return new TextDecoder().decode(bytes.subarray(3));
  }
  try {
    return value.decodeText();
  } catch {
    return undefined;
  }
}

/** A rectangle as [left, bottom, right, top], or undefined unless it has four numbers. */
export function rectOf(
  ctx: PDFContext,
  obj: PDFObject | undefined,
): [number, number, number, number] | undefined {
  const array = arrayOf(ctx, obj);
  if (!array || array.size() !== 4) return undefined;
  const v = array.asArray().map((item) => numberOf(ctx, item));
  if (v.some((n) => n === undefined)) return undefined;
  const [a, b, c, d] = v as number[];
  return [Math.min(a!, c!), Math.min(b!, d!), Math.max(a!, c!), Math.max(b!, d!)];
}

/** Keeps only the listed keys of a dictionary. */
export function keepKeys(dict: PDFDict, keep: ReadonlySet<string>): void {
  for (const key of dict.keys()) {
    if (!keep.has(key.decodeText())) dict.delete(key);
  }
}
