/**
 * The files of the hostile-load bench: a valid noise PNG (incompressible, so its decoded pixels
 * are as large as the file allows) and a fillable PDF whose thousands of long field values sit
 * in compressed object streams (a small file that is slow and large to read).
 */
import { deflateSync } from "node:zlib";
import { concatBytes } from "../../shared/platform/util/bytes.ts";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** xorshift32: the same bytes for the same seed. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
}

/** A `size`×`size` 8-bit greyscale PNG of random pixels (4,400: about 18.5 MiB). */
export function noisePng(size: number, seed = 1): Uint8Array {
  const next = random(seed);
  const pixels = new Uint8Array(size * size);
  for (let i = 0; i < pixels.length; i++) pixels[i] = next() & 0xff;
  return greyPng(size, pixels, 0);
}

/**
 * A `size`×`size` page of lines of random dark "glyphs" (small bars the size of 10 pt letters
 * at 300 dpi) on white: it looks like text to Tesseract, which spends seconds on it.
 */
export function glyphPagePng(size: number, seed = 1): Uint8Array {
  const next = random(seed);
  const pixels = new Uint8Array(size * size).fill(255);
  for (let top = 40; top + 30 < size; top += 50) {
    for (let left = 40; left + 20 < size - 40;) {
      const width = 4 + (next() % 14);
      const height = 14 + (next() % 14);
      for (let y = top + 28 - height; y < top + 28; y++) {
        pixels.fill(0, y * size + left, y * size + left + width);
      }
      left += width + 3 + (next() % 5) + (next() % 6 === 0 ? 20 : 0);
    }
  }
  return greyPng(size, pixels, 6);
}

/** An 8-bit greyscale PNG of `pixels` (rows of `size`), deflated at `level`. */
function greyPng(size: number, pixels: Uint8Array, level: 0 | 6): Uint8Array {
  const raw = new Uint8Array(size * (size + 1));
  for (let y = 0; y < size; y++) {
    raw.set(pixels.subarray(y * size, (y + 1) * size), y * (size + 1) + 1);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 0, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", new Uint8Array(deflateSync(raw, { level }))),
    chunk("IEND", new Uint8Array()),
  ];
  return concatBytes(parts);
}

/**
 * A PDF with `fields` text fields of `valueChars` characters each; the fields are in object
 * streams of 100, deflated, found through a cross-reference stream.
 */
export function compressedFormPdf(fields: number, valueChars: number): Uint8Array {
  const encoder = new TextEncoder();
  const first = 5;
  const perStream = 100;
  const streams = Math.ceil(fields / perStream);
  const firstStream = first + fields;
  const xrefObject = firstStream + streams;
  const chunks: Uint8Array[] = [];
  let length = 0;
  const push = (bytes: Uint8Array) => {
    chunks.push(bytes);
    length += bytes.length;
  };
  const offsets = new Map<number, number>();
  const plain = (num: number, source: string) => {
    offsets.set(num, length);
    push(encoder.encode(`${num} 0 obj\n${source}\nendobj\n`));
  };
  push(encoder.encode("%PDF-1.7\n%\u00e2\u00e3\n"));
  plain(1, "<< /Type /Catalog /Pages 2 0 R /AcroForm 4 0 R >>");
  plain(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  plain(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>");
  const refs = Array.from({ length: fields }, (_, i) => `${first + i} 0 R`).join(" ");
  plain(4, `<< /Fields [${refs}] >>`);
  for (let s = 0; s < streams; s++) {
    const nums = Array.from(
      { length: Math.min(perStream, fields - s * perStream) },
      (_, i) => first + s * perStream + i,
    );
    const bodies = nums.map((n) =>
      `<< /FT /Tx /T (f${n}) /V (${String(n % 10).repeat(valueChars)}) >>\n`
    );
    let offset = 0;
    const index = nums.map((n, i) => {
      const entry = `${n} ${offset}`;
      offset += bodies[i]!.length;
      return entry;
    }).join(" ") + "\n";
    const data = deflateSync(encoder.encode(index + bodies.join("")));
    offsets.set(firstStream + s, length);
    push(encoder.encode(
      `${firstStream + s} 0 obj\n<< /Type /ObjStm /N ${nums.length} /First ${index.length} ` +
        `/Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
    ));
    push(new Uint8Array(data));
    push(encoder.encode("\nendstream\nendobj\n"));
  }
  // Cross-reference stream: type 1 (offset) or 2 (object stream, index), W [1 4 2].
  const size = xrefObject + 1;
  const table = new Uint8Array(size * 7);
  const entry = (num: number, type: number, a: number, b: number) => {
    const at = num * 7;
    table[at] = type;
    new DataView(table.buffer).setUint32(at + 1, a);
    new DataView(table.buffer).setUint16(at + 5, b);
  };
  entry(0, 0, 0, 0xffff);
  for (const [num, offset] of offsets) entry(num, 1, offset, 0);
  for (let i = 0; i < fields; i++) {
    entry(first + i, 2, firstStream + Math.floor(i / perStream), i % perStream);
  }
  const xrefOffset = length;
  entry(xrefObject, 1, xrefOffset, 0);
  push(encoder.encode(
    `${xrefObject} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Root 1 0 R ` +
      `/Length ${table.length} >>\nstream\n`,
  ));
  push(table);
  push(encoder.encode(`\nendstream\nendobj\nstartxref\n${xrefOffset}\n%%EOF\n`));
  return concatBytes(chunks);
}
