import { PdfSyntaxError } from "./pdf_syntax.ts";

/**
 * Undoes PNG row filters (PDF predictors 10–15; ISO 32000-1 7.4.4.4): each row of `rowBytes`
 * bytes follows its filter-type byte, `bpp` bytes per pixel. Cross-reference streams and image
 * streams use them alike. A trailing partial row is dropped; an unknown row type throws
 * PdfSyntaxError.
 */
export function unfilterPngRows(data: Uint8Array, rowBytes: number, bpp: number): Uint8Array {
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = new Uint8Array(rows * rowBytes);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowBytes + 1)]!;
    const src = r * (rowBytes + 1) + 1;
    const dst = r * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[src + i]!;
      const left = i >= bpp ? out[dst + i - bpp]! : 0;
      const up = r > 0 ? out[dst - rowBytes + i]! : 0;
      const upLeft = r > 0 && i >= bpp ? out[dst - rowBytes + i - bpp]! : 0;
      let v: number;
      switch (type) {
        case 0:
          v = raw;
          break;
        case 1:
          v = raw + left;
          break;
        case 2:
          v = raw + up;
          break;
        case 3:
          v = raw + ((left + up) >> 1);
          break;
        case 4: {
          const pa = Math.abs(up - upLeft);
          const pb = Math.abs(left - upLeft);
          const pc = Math.abs(left + up - 2 * upLeft);
          v = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
          break;
        }
        default:
          throw new PdfSyntaxError(`unknown PNG predictor row type ${type}`);
      }
      out[dst + i] = v & 0xff;
    }
  }
  return out;
}
