/**
 * PDF object syntax (ISO 32000-1, 7.2–7.3) for reading uploaded forms: a lexer over the file's
 * bytes that parses one object at a time. It reads only what the form reader asks for, so a
 * large file costs little more than its cross-reference table and the field objects.
 *
 * Uploaded files are hostile: every loop is bounded by the input, nesting is capped, and any
 * malformation is a PdfSyntaxError (the caller answers 400), never a crash.
 */

export class PdfSyntaxError extends Error {
  override name = "PdfSyntaxError";
}

export class PdfName {
  constructor(readonly value: string) {}
}

/** A string object as its raw bytes; text decoding is text_string.ts's job. */
export class PdfString {
  constructor(readonly bytes: Uint8Array) {}
}

export class PdfRef {
  constructor(readonly num: number, readonly gen: number) {}
}

export class PdfDict {
  constructor(readonly entries: Map<string, PdfObject>) {}

  get(key: string): PdfObject | undefined {
    return this.entries.get(key);
  }
}

/** A stream: its dictionary and its raw (still filtered) data. */
export class PdfStream {
  constructor(readonly dict: PdfDict, readonly raw: Uint8Array) {}
}

export type PdfObject =
  | null
  | boolean
  | number
  | PdfName
  | PdfString
  | PdfRef
  | PdfDict
  | PdfStream
  | PdfObject[];

/** Deeper nesting of arrays and dictionaries than any real form needs. */
const MAX_NESTING = 64;

const WHITESPACE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of "()<>[]{}/%") DELIMITER[c.charCodeAt(0)] = 1;

const isRegular = (c: number) => WHITESPACE[c] === 0 && DELIMITER[c] === 0;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** A bare word that is not an object: `obj`, `endobj`, `stream`, `R`, `xref`, `trailer`, … */
export class Keyword {
  constructor(readonly value: string) {}
}

export class Lexer {
  pos: number;

  constructor(readonly bytes: Uint8Array, pos = 0) {
    this.pos = pos;
  }

  get atEnd(): boolean {
    this.skipSpace();
    return this.pos >= this.bytes.length;
  }

  /** Skips white space and comments. */
  skipSpace(): void {
    const b = this.bytes;
    while (this.pos < b.length) {
      const c = b[this.pos]!;
      if (WHITESPACE[c]) {
        this.pos++;
      } else if (c === 0x25) {
        while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
      } else {
        return;
      }
    }
  }

  /** One object; an `a b R` reference is one object. Keywords other than true/false/null throw. */
  readObject(depth = 0): PdfObject {
    const token = this.readToken(depth);
    if (token instanceof Keyword) throw new PdfSyntaxError(`unexpected "${token.value}"`);
    return token;
  }

  /** An object or a keyword; numbers followed by `gen R` become references. */
  readToken(depth = 0): PdfObject | Keyword {
    if (depth > MAX_NESTING) throw new PdfSyntaxError("objects nested too deeply");
    this.skipSpace();
    const b = this.bytes;
    if (this.pos >= b.length) throw new PdfSyntaxError("unexpected end of file");
    const c = b[this.pos]!;
    if (c === 0x2f) return this.readName();
    if (c === 0x28) return this.readLiteralString();
    if (c === 0x3c) {
      if (b[this.pos + 1] === 0x3c) {
        this.pos += 2;
        return this.readDict(depth);
      }
      return this.readHexString();
    }
    if (c === 0x5b) {
      this.pos++;
      return this.readArray(depth);
    }
    if (isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e) return this.readNumberOrRef();
    if (!isRegular(c)) throw new PdfSyntaxError(`unexpected "${String.fromCharCode(c)}"`);
    const word = this.readWord();
    if (word === "true") return true;
    if (word === "false") return false;
    if (word === "null") return null;
    return new Keyword(word);
  }

  /** The next bare word, or undefined when the next token is not one (position unchanged). */
  peekKeyword(): string | undefined {
    this.skipSpace();
    const c = this.bytes[this.pos];
    if (c === undefined || !isRegular(c) || isDigit(c) || c === 0x2b || c === 0x2d) {
      return undefined;
    }
    const start = this.pos;
    const word = this.readWord();
    this.pos = start;
    return word;
  }

  expectKeyword(word: string): void {
    this.skipSpace();
    const start = this.pos;
    if (this.readWord() !== word) {
      this.pos = start;
      throw new PdfSyntaxError(`expected "${word}"`);
    }
  }

  /** A non-negative integer (object numbers, offsets, counts). */
  readInt(): number {
    this.skipSpace();
    const b = this.bytes;
    const start = this.pos;
    let n = 0;
    while (this.pos < b.length && isDigit(b[this.pos]!)) {
      n = n * 10 + b[this.pos]! - 0x30;
      this.pos++;
    }
    if (this.pos === start || this.pos - start > 15) {
      throw new PdfSyntaxError("expected an integer");
    }
    return n;
  }

  private readWord(): string {
    const b = this.bytes;
    const start = this.pos;
    while (this.pos < b.length && isRegular(b[this.pos]!)) this.pos++;
    return latin1(b, start, this.pos);
  }

  private readNumberOrRef(): number | PdfRef {
    const first = this.readNumber();
    if (!Number.isInteger(first) || first < 0) return first;
    // `num gen R`: look ahead without consuming anything when it is not a reference.
    const save = this.pos;
    this.skipSpace();
    const b = this.bytes;
    if (this.pos < b.length && isDigit(b[this.pos]!)) {
      const genStart = this.pos;
      while (this.pos < b.length && isDigit(b[this.pos]!)) this.pos++;
      const genEnd = this.pos;
      this.skipSpace();
      if (
        b[this.pos] === 0x52 && (this.pos + 1 >= b.length || !isRegular(b[this.pos + 1]!))
      ) {
        this.pos++;
        return new PdfRef(first, Number(latin1(b, genStart, genEnd)));
      }
    }
    this.pos = save;
    return first;
  }

  private readNumber(): number {
    const b = this.bytes;
    const start = this.pos;
    if (b[this.pos] === 0x2b || b[this.pos] === 0x2d) this.pos++;
    while (this.pos < b.length && (isDigit(b[this.pos]!) || b[this.pos] === 0x2e)) this.pos++;
    const value = Number(latin1(b, start, this.pos));
    if (!Number.isFinite(value)) throw new PdfSyntaxError("malformed number");
    return value;
  }

  private readName(): PdfName {
    const b = this.bytes;
    const start = ++this.pos;
    let escaped = false;
    while (this.pos < b.length && isRegular(b[this.pos]!)) {
      if (b[this.pos] === 0x23) escaped = true;
      this.pos++;
    }
    if (!escaped) return new PdfName(latin1(b, start, this.pos));
    // `#xx` escapes a byte; a `#` not followed by two hex digits stands for itself.
    const out: number[] = [];
    for (let i = start; i < this.pos; i++) {
      const high = b[i] === 0x23 && i + 2 < this.pos ? hexValue(b[i + 1]!) : -1;
      const low = high >= 0 ? hexValue(b[i + 2]!) : -1;
      if (low >= 0) {
        out.push(high * 16 + low);
        i += 2;
      } else {
        out.push(b[i]!);
      }
    }
    return new PdfName(latin1(Uint8Array.from(out)));
  }

  private readLiteralString(): PdfString {
    const b = this.bytes;
    this.pos++;
    const out: number[] = [];
    let depth = 1;
    while (this.pos < b.length) {
      const c = b[this.pos++]!;
      if (c === 0x28) {
        depth++;
      } else if (c === 0x29) {
        if (--depth === 0) return new PdfString(Uint8Array.from(out));
      } else if (c === 0x5c) {
        if (this.pos >= b.length) break;
        const e = b[this.pos++]!;
        const simple = ESCAPES[e];
        if (simple !== undefined) {
          out.push(simple);
        } else if (e >= 0x30 && e <= 0x37) {
          let v = e - 0x30;
          for (let k = 0; k < 2 && b[this.pos]! >= 0x30 && b[this.pos]! <= 0x37; k++) {
            v = v * 8 + b[this.pos++]! - 0x30;
          }
          out.push(v & 0xff);
        } else if (e === 0x0d) {
          // A backslash before an end of line continues the string on the next line.
          if (b[this.pos] === 0x0a) this.pos++;
        } else if (e !== 0x0a) {
          out.push(e);
        }
        continue;
      } else if (c === 0x0d) {
        // An unescaped end of line of any kind reads as a line feed.
        if (b[this.pos] === 0x0a) this.pos++;
        out.push(0x0a);
        continue;
      }
      out.push(c);
    }
    throw new PdfSyntaxError("unterminated string");
  }

  private readHexString(): PdfString {
    const b = this.bytes;
    this.pos++;
    const out: number[] = [];
    let high = -1;
    while (this.pos < b.length) {
      const c = b[this.pos++]!;
      if (c === 0x3e) {
        if (high >= 0) out.push(high << 4);
        return new PdfString(Uint8Array.from(out));
      }
      if (WHITESPACE[c]) continue;
      const v = hexValue(c);
      if (v < 0) throw new PdfSyntaxError("malformed hex string");
      if (high < 0) {
        high = v;
      } else {
        out.push((high << 4) | v);
        high = -1;
      }
    }
    throw new PdfSyntaxError("unterminated hex string");
  }

  private readArray(depth: number): PdfObject[] {
    const out: PdfObject[] = [];
    while (true) {
      this.skipSpace();
      if (this.pos >= this.bytes.length) throw new PdfSyntaxError("unterminated array");
      if (this.bytes[this.pos] === 0x5d) {
        this.pos++;
        return out;
      }
      out.push(this.readObject(depth + 1));
    }
  }

  private readDict(depth: number): PdfDict {
    const entries = new Map<string, PdfObject>();
    const b = this.bytes;
    while (true) {
      this.skipSpace();
      if (this.pos >= b.length) throw new PdfSyntaxError("unterminated dictionary");
      if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return new PdfDict(entries);
      }
      const key = this.readToken(depth + 1);
      if (!(key instanceof PdfName)) throw new PdfSyntaxError("dictionary key is not a name");
      entries.set(key.value, this.readObject(depth + 1));
    }
  }
}

const ESCAPES: Record<number, number> = {
  0x6e: 0x0a, // \n
  0x72: 0x0d, // \r
  0x74: 0x09, // \t
  0x62: 0x08, // \b
  0x66: 0x0c, // \f
  0x28: 0x28, // \(
  0x29: 0x29, // \)
  0x5c: 0x5c, // \\
};

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** Bytes as ISO 8859-1 text (one character per byte). */
export function latin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let s = "";
  if (end - start < 64) {
    // Names and keywords: a plain loop beats building an argument list.
    for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]!);
    return s;
  }
  for (let i = start; i < end; i += 8192) {
    s += String.fromCharCode(...bytes.subarray(i, Math.min(end, i + 8192)));
  }
  return s;
}
