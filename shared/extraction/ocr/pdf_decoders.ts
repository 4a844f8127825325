/**
 * PDF's non-Flate generic filters (ISO 32000-1, 7.4.2–7.4.5), each stopping once `limit` bytes
 * are out, so a stream that expands without end costs no more than the budget its caller
 * allows. Lenient the way readers are: unknown bytes in the ASCII filters are skipped and a
 * missing end-of-data marker ends the data at the end of the stream.
 */

class Output {
  private buffer: Uint8Array;
  length = 0;

  constructor(private readonly limit: number, hint: number) {
    this.buffer = new Uint8Array(Math.max(16, Math.min(limit, hint)));
  }

  get full(): boolean {
    return this.length >= this.limit;
  }

  push(byte: number): void {
    if (this.length >= this.limit) return;
    if (this.length === this.buffer.length) {
      const grown = new Uint8Array(Math.min(this.limit, this.buffer.length * 2));
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[this.length++] = byte;
  }

  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

export function decodeAsciiHex(input: Uint8Array, limit: number): Uint8Array {
  const out = new Output(limit, input.length >> 1);
  let high = -1;
  for (let i = 0; i < input.length && !out.full; i++) {
    const c = input[i]!;
    if (c === 0x3e) break; // '>' ends the data
    const v = hexValue(c);
    if (v < 0) continue;
    if (high < 0) high = v;
    else {
      out.push((high << 4) | v);
      high = -1;
    }
  }
  if (high >= 0) out.push(high << 4);
  return out.bytes();
}

export function decodeAscii85(input: Uint8Array, limit: number): Uint8Array {
  const out = new Output(limit, input.length);
  const group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let k = 0; k < 5; k++) value = value * 85 + (group[k] ?? 84);
    for (let k = 0; k < count; k++) out.push((value >>> (24 - 8 * k)) & 255);
    group.length = 0;
  };
  for (let i = 0; i < input.length && !out.full; i++) {
    const c = input[i]!;
    if (c === 0x7e) break; // '~>' ends the data
    if (c === 0x7a && group.length === 0) {
      for (let k = 0; k < 4; k++) out.push(0);
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    group.push(c - 0x21);
    if (group.length === 5) flush(4);
  }
  if (group.length > 1) flush(group.length - 1);
  return out.bytes();
}

export function decodeRunLength(input: Uint8Array, limit: number): Uint8Array {
  const out = new Output(limit, input.length * 2);
  let i = 0;
  while (i < input.length && !out.full) {
    const n = input[i++]!;
    if (n === 128) break;
    if (n < 128) {
      for (let k = 0; k <= n && i < input.length; k++) out.push(input[i++]!);
    } else if (i < input.length) {
      const byte = input[i++]!;
      for (let k = 0; k < 257 - n; k++) out.push(byte);
    }
  }
  return out.bytes();
}

/** LZW with PDF's codes (256 clears the table, 257 ends) and, by default, early change. */
export function decodeLzw(input: Uint8Array, limit: number, earlyChange = true): Uint8Array {
  const out = new Output(limit, input.length * 3);
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const lengths = new Uint16Array(4096);
  for (let c = 0; c < 256; c++) {
    prefix[c] = -1;
    suffix[c] = c;
    lengths[c] = 1;
  }
  const entry = new Uint8Array(4096);
  let next = 258;
  let width = 9;
  let previous = -1;
  let bitBuffer = 0;
  let bitCount = 0;
  let i = 0;
  const write = (code: number): number => {
    const n = lengths[code]!;
    let c = code;
    for (let k = n - 1; k >= 0; k--) {
      entry[k] = suffix[c]!;
      c = prefix[c]!;
    }
    for (let k = 0; k < n; k++) out.push(entry[k]!);
    return entry[0]!;
  };
  while (!out.full) {
    while (bitCount < width && i < input.length) {
      bitBuffer = ((bitBuffer << 8) | input[i++]!) & 0xffffff;
      bitCount += 8;
    }
    if (bitCount < width) break;
    const code = (bitBuffer >>> (bitCount - width)) & ((1 << width) - 1);
    bitCount -= width;
    if (code === 256) {
      next = 258;
      width = 9;
      previous = -1;
      continue;
    }
    if (code === 257) break;
    if (previous < 0) {
      if (code > 255) throw new Error("LZW data starts with an unknown code");
      write(code);
      previous = code;
      continue;
    }
    let first: number;
    if (code < next) {
      first = write(code);
    } else if (code === next) {
      // The code being defined: the previous string and its own first byte.
      const n = lengths[previous]!;
      let c = previous;
      for (let k = n - 1; k >= 0; k--) {
        entry[k] = suffix[c]!;
        c = prefix[c]!;
      }
      first = entry[0]!;
      for (let k = 0; k < n; k++) out.push(entry[k]!);
      out.push(first);
    } else {
      throw new Error("LZW data refers to a code not yet defined");
    }
    if (next < 4096) {
      prefix[next] = previous;
      suffix[next] = first;
      lengths[next] = lengths[previous]! + 1;
      next++;
    }
    const early = earlyChange ? 1 : 0;
    if (next + early >= 1 << width && width < 12) width++;
    previous = code;
  }
  return out.bytes();
}
