/**
 * A minimal PDF file writer: numbered indirect objects (dictionaries and streams, written as
 * ASCII source), plain objects packed into one compressed object stream, a cross-reference
 * stream with a fixed /ID. The layout
 * engine builds the object graph itself; nothing here is clever, so the output is byte-for-byte
 * deterministic and fast (one pass, one allocation for the file).
 */
import { deflateSync } from "node:zlib";
import { concatBytes } from "../../platform/util/bytes.ts";

const encoder = new TextEncoder();

export class PdfWriter {
  /** Per object number: ASCII source of a plain object, or the bytes of a whole stream object. */
  private readonly objects: (string | Uint8Array | undefined)[] = [undefined];

  /** Reserves an object number, to be filled with `put` or `putStream`. */
  alloc(): number {
    this.objects.push(undefined);
    return this.objects.length - 1;
  }

  /**
   * Sets an object's value: a dictionary, array or other PDF object as ASCII source. Plain
   * objects are written together in one compressed object stream.
   */
  put(num: number, source: string): void {
    this.objects[num] = source;
  }

  /**
   * Sets a stream object. `dict` is the dictionary's inner entries without /Length
   * ("/Type /XObject ..."); `data` the (already filtered) bytes.
   */
  putStream(num: number, dict: string, data: Uint8Array): void {
    const head = encoder.encode(`${num} 0 obj\n<< ${dict} /Length ${data.length} >>\nstream\n`);
    const tail = encoder.encode("\nendstream\nendobj\n");
    this.objects[num] = concatBytes([head, data, tail]);
  }

  /** A Flate-compressed stream (native zlib). */
  putDeflated(num: number, dict: string, data: Uint8Array | string, extra = ""): void {
    this.putStream(num, `${dict}${extra} /Filter /FlateDecode`, deflate(data));
  }

  /**
   * The finished file (PDF 1.7): the stream objects, one object stream holding every plain
   * object, and a cross-reference stream. `id` is the 16-byte file identifier, as 32 hex digits.
   */
  finish(root: number, info: number, id: string): Uint8Array<ArrayBuffer> {
    const count = this.objects.length;
    const objStm = count;
    const xrefNum = count + 1;
    const size = count + 2;

    // Object stream: "num offset" pairs, then the objects.
    let pairs = "";
    let body = "";
    const index = new Int32Array(count).fill(-1);
    let n = 0;
    for (let i = 1; i < count; i++) {
      const obj = this.objects[i];
      if (obj === undefined) throw new Error(`PDF object ${i} was reserved but never written`);
      if (typeof obj !== "string") continue;
      pairs += `${i} ${body.length} `;
      body += obj + "\n";
      index[i] = n++;
    }
    const first = pairs.length;
    const packed = deflate(pairs + body);
    const streamParts: Uint8Array[] = [];
    const offsets = new Float64Array(size);
    // The second line is a comment of raw bytes above 127 (the binary marker), not UTF-8.
    const header = new Uint8Array([
      ...encoder.encode("%PDF-1.7\n"),
      0x25,
      0xe2,
      0xe3,
      0xcf,
      0xd3,
      0x0a,
    ]);
    streamParts.push(header);
    let at = header.length;
    for (let i = 1; i < count; i++) {
      const obj = this.objects[i];
      if (typeof obj === "string") continue;
      offsets[i] = at;
      streamParts.push(obj!);
      at += obj!.length;
    }
    const objStmHead = encoder.encode(
      `${objStm} 0 obj\n<< /Type /ObjStm /N ${n} /First ${first} /Filter /FlateDecode ` +
        `/Length ${packed.length} >>\nstream\n`,
    );
    const endStream = encoder.encode("\nendstream\nendobj\n");
    offsets[objStm] = at;
    streamParts.push(objStmHead, packed, endStream);
    at += objStmHead.length + packed.length + endStream.length;
    offsets[xrefNum] = at;

    // Cross-reference stream, /W [1 4 2]: type, offset or object stream, generation or index.
    const table = new Uint8Array(size * 7);
    const view = new DataView(table.buffer);
    for (let i = 0; i < size; i++) {
      const row = i * 7;
      if (i === 0) {
        view.setUint16(row + 5, 65535);
      } else if (i < count && index[i]! >= 0) {
        table[row] = 2;
        view.setUint32(row + 1, objStm);
        view.setUint16(row + 5, index[i]!);
      } else {
        table[row] = 1;
        view.setUint32(row + 1, offsets[i]!);
      }
    }
    const xref = deflate(table);
    const xrefHead = encoder.encode(
      `${xrefNum} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Root ${root} 0 R ` +
        `/Info ${info} 0 R /ID [<${id}> <${id}>] /Filter /FlateDecode /Length ${xref.length} >>` +
        "\nstream\n",
    );
    const tail = encoder.encode(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`);
    streamParts.push(xrefHead, xref, tail);
    at += xrefHead.length + xref.length + tail.length;

    const out = new Uint8Array(at);
    let p = 0;
    for (const part of streamParts) {
      out.set(part, p);
      p += part.length;
    }
    return out;
  }
}

/** zlib (Flate) compression with the runtime's native zlib. */
export function deflate(data: Uint8Array | string): Uint8Array {
  const raw = typeof data === "string" ? encoder.encode(data) : data;
  const packed = deflateSync(raw);
  return new Uint8Array(packed.buffer, packed.byteOffset, packed.byteLength);
}

/** A number for content streams and dictionaries: at most 2 decimals, no exponent. */
export function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return r === 0 ? "0" : String(r);
}

/** A PDF literal string for ASCII text, or a UTF-16BE hex string with a BOM otherwise. */
export function pdfString(s: string): string {
  if (/^[\x20-\x7e]*$/.test(s)) return `(${s.replace(/[\\()]/g, "\\$&")})`;
  let hex = "<FEFF";
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, "0");
  return hex.toUpperCase() + ">";
}

/** A PDF name object from arbitrary text (delimiters and non-regular bytes as #xx). */
export function pdfName(s: string): string {
  let out = "/";
  for (const byte of encoder.encode(s)) {
    const c = String.fromCharCode(byte);
    out += byte > 0x20 && byte < 0x7f && !"#()<>[]{}/%".includes(c)
      ? c
      : "#" + byte.toString(16).padStart(2, "0").toUpperCase();
  }
  return out;
}
