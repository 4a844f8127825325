/**
 * Just enough of a PDF content stream to find where images are drawn: the graphics state stack
 * (q, Q), the transformation matrix (cm) and the XObjects painted (Do). Text, paths and colour
 * are skipped; inline images (BI … ID … EI) are stepped over.
 */

/** [a b c d e f]: user space of the stream to the page's default user space. */
export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `m` applied first, then `n` (PDF's order for `cm` and a form's /Matrix). */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

export interface XObjectDraw {
  name: string;
  ctm: Matrix;
}

const MAX_STACK = 256;

export function findXObjectDraws(content: Uint8Array, start: Matrix): XObjectDraw[] {
  const draws: XObjectDraw[] = [];
  const stack: Matrix[] = [];
  let ctm = start;
  const operands: (number | string)[] = [];
  const lexer = new Lexer(content);
  for (let token = lexer.next(); token !== null; token = lexer.next()) {
    if (token.kind === "number") operands.push(token.value);
    else if (token.kind === "name") operands.push(token.value);
    else if (token.kind === "operator") {
      switch (token.value) {
        case "q":
          if (stack.length < MAX_STACK) stack.push(ctm);
          break;
        case "Q":
          ctm = stack.pop() ?? ctm;
          break;
        case "cm": {
          const m = operands.slice(-6);
          if (m.length === 6 && m.every((v) => typeof v === "number")) {
            ctm = multiply(m as Matrix, ctm);
          }
          break;
        }
        case "Do": {
          const name = operands[operands.length - 1];
          if (typeof name === "string") draws.push({ name, ctm });
          break;
        }
        case "ID":
          lexer.skipInlineImage();
          break;
      }
      operands.length = 0;
    }
  }
  return draws;
}

type Token =
  | { kind: "number"; value: number }
  | { kind: "name"; value: string }
  | { kind: "operator"; value: string }
  | { kind: "other" };

const WHITE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set([40, 41, 60, 62, 91, 93, 123, 125, 47, 37]);

class Lexer {
  #at = 0;
  constructor(private readonly bytes: Uint8Array) {}

  next(): Token | null {
    const b = this.bytes;
    while (this.#at < b.length) {
      const c = b[this.#at]!;
      if (WHITE.has(c)) {
        this.#at++;
      } else if (c === 37) { // % comment
        while (this.#at < b.length && b[this.#at] !== 10 && b[this.#at] !== 13) this.#at++;
      } else {
        break;
      }
    }
    if (this.#at >= b.length) return null;
    const c = b[this.#at]!;
    if (c === 47) return { kind: "name", value: this.#name() };
    if (c === 40) return this.#skipString();
    if (c === 60) {
      if (b[this.#at + 1] === 60) this.#at += 2;
      else while (this.#at < b.length && b[this.#at++] !== 62);
      return { kind: "other" };
    }
    if (DELIMITERS.has(c)) {
      this.#at += c === 62 && b[this.#at + 1] === 62 ? 2 : 1;
      return { kind: "other" };
    }
    const start = this.#at;
    while (this.#at < b.length && !WHITE.has(b[this.#at]!) && !DELIMITERS.has(b[this.#at]!)) {
      this.#at++;
    }
    const word = String.fromCharCode(...b.subarray(start, Math.min(this.#at, start + 64)));
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { kind: "number", value: Number(word) };
    return { kind: "operator", value: word };
  }

  /** After `ID` and one white byte, the image data runs to the `EI` that stands alone. */
  skipInlineImage(): void {
    const b = this.bytes;
    this.#at++;
    for (; this.#at + 1 < b.length; this.#at++) {
      if (
        b[this.#at] === 69 && b[this.#at + 1] === 73 && WHITE.has(b[this.#at - 1]!) &&
        (this.#at + 2 >= b.length || WHITE.has(b[this.#at + 2]!))
      ) {
        this.#at += 2;
        return;
      }
    }
    this.#at = b.length;
  }

  #name(): string {
    const b = this.bytes;
    const start = ++this.#at;
    while (this.#at < b.length && !WHITE.has(b[this.#at]!) && !DELIMITERS.has(b[this.#at]!)) {
      this.#at++;
    }
    const raw = String.fromCharCode(...b.subarray(start, Math.min(this.#at, start + 256)));
    return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  }

  #skipString(): Token {
    const b = this.bytes;
    let depth = 0;
    for (; this.#at < b.length; this.#at++) {
      const c = b[this.#at]!;
      if (c === 92) this.#at++; // backslash escapes the next byte
      else if (c === 40) depth++;
      else if (c === 41 && --depth === 0) {
        this.#at++;
        break;
      }
    }
    return { kind: "other" };
  }
}
