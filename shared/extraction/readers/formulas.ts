/**
 * Formulas a workbook stores without their values. Excel and LibreOffice save each formula's
 * last value with it; a workbook written by a library (openpyxl) may hold the formula alone, and
 * what a reader of the printed page sees ("E18*F18", "SUM(G18:G25)") is then empty. The
 * arithmetic trade documents use is evaluated here: numbers, references to cells of the same
 * sheet, ranges, + - * / and parentheses, SUM and ROUND. Anything else (another sheet, text,
 * another function, a cycle) gives no value, as before. Work is bounded: a formula's length,
 * a range's cells, the references followed from one cell and their depth are capped.
 */

/** A sheet's cell as the evaluator sees it: a number, a formula without a value, or else. */
export type FormulaCell = { n: number } | { f: string } | null;

const MAX_FORMULA = 500;
const MAX_RANGE_CELLS = 5_000;
const MAX_STEPS = 20_000;
const MAX_DEPTH = 200;
/**
 * Cells read through ranges, all formulas of a sheet together: each range is capped, but a
 * hostile sheet of thousands of formulas, each summing its own 5,000 cells, would still read
 * tens of millions.
 */
const MAX_RANGE_READS = 200_000;

export class FormulaSheet {
  readonly #cell: (r: number, c: number) => FormulaCell;
  readonly #memo = new Map<string, number | null>();
  readonly #active = new Set<string>();
  #steps = 0;
  #rangeReads = 0;

  constructor(cell: (r: number, c: number) => FormulaCell) {
    this.#cell = cell;
  }

  /** The value of the formula at row r, column c (0-based), or null. */
  value(r: number, c: number): number | null {
    const key = `${r},${c}`;
    if (this.#memo.has(key)) return this.#memo.get(key)!;
    const cell = this.#cell(r, c);
    if (cell === null) return 0;
    if ("n" in cell) return cell.n;
    // A cycle, too much work, or a chain of references too deep to follow on the stack.
    if (this.#active.has(key) || this.#active.size >= MAX_DEPTH || ++this.#steps > MAX_STEPS) {
      return null;
    }
    this.#active.add(key);
    let out: number | null = null;
    try {
      out = this.#evaluate(cell.f);
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
    }
    this.#active.delete(key);
    // Binary fractions: 4800 × 6.85 is 32880.000000000004 in floating point, 32880 on paper.
    out = out !== null && Number.isFinite(out) ? Number(out.toPrecision(12)) : null;
    this.#memo.set(key, out);
    return out;
  }

  #evaluate(formula: string): number | null {
    if (formula.length > MAX_FORMULA) return null;
    const tokens = tokenize(formula.replace(/^=/, ""));
    const parser = new Parser(tokens, this);
    const value = parser.expression();
    if (!parser.done()) throw new Unreadable();
    return value;
  }

  /** A referenced cell: its number, a formula's value, 0 when empty; text is unreadable. */
  ref(r: number, c: number): number {
    const cell = this.#cell(r, c);
    if (cell === null) return 0;
    const v = "n" in cell ? cell.n : this.value(r, c);
    if (v === null) throw new Unreadable();
    return v;
  }

  /** The numbers of a range (empty cells and text left out, as SUM does). */
  range(r0: number, c0: number, r1: number, c1: number): number[] {
    const [top, bottom] = [Math.min(r0, r1), Math.max(r0, r1)];
    const [left, right] = [Math.min(c0, c1), Math.max(c0, c1)];
    const size = (bottom - top + 1) * (right - left + 1);
    if (size > MAX_RANGE_CELLS) throw new Unreadable();
    this.#rangeReads += size;
    if (this.#rangeReads > MAX_RANGE_READS) throw new Unreadable();
    const out: number[] = [];
    for (let r = top; r <= bottom; r++) {
      for (let c = left; c <= right; c++) {
        const cell = this.#cell(r, c);
        if (cell === null) continue;
        const v = "n" in cell ? cell.n : this.value(r, c);
        if (v === null) throw new Unreadable();
        out.push(v);
      }
    }
    return out;
  }
}

/** A cell whose formula does not evaluate here: no value. */
export class Unreadable extends Error {}

type Token =
  | { k: "num"; v: number }
  | { k: "ref"; r: number; c: number }
  | { k: "fn"; name: string }
  | { k: "op"; v: string };

const TOKEN =
  /\s*(?:(\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|\$?([A-Z]{1,3})\$?(\d{1,7})|([A-Z][A-Z0-9.]*)\(|([-+*/(),:]))/y;

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) throw new Unreadable();
    at = TOKEN.lastIndex;
    if (m[1] !== undefined) out.push({ k: "num", v: Number(m[1]) });
    else if (m[2] !== undefined) {
      out.push({ k: "ref", r: Number(m[3]) - 1, c: columnIndex(m[2]) });
    } else if (m[4] !== undefined) out.push({ k: "fn", name: m[4] });
    else out.push({ k: "op", v: m[5]! });
  }
  return out;
}

function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

class Parser {
  #at = 0;
  constructor(readonly tokens: Token[], readonly sheet: FormulaSheet) {}

  done(): boolean {
    return this.#at === this.tokens.length;
  }

  #peekOp(...ops: string[]): string | null {
    const t = this.tokens[this.#at];
    return t?.k === "op" && ops.includes(t.v) ? t.v : null;
  }

  #expect(op: string): void {
    if (this.#peekOp(op) === null) throw new Unreadable();
    this.#at++;
  }

  expression(): number {
    let value = this.#term();
    for (let op = this.#peekOp("+", "-"); op; op = this.#peekOp("+", "-")) {
      this.#at++;
      const right = this.#term();
      value = op === "+" ? value + right : value - right;
    }
    return value;
  }

  #term(): number {
    let value = this.#unary();
    for (let op = this.#peekOp("*", "/"); op; op = this.#peekOp("*", "/")) {
      this.#at++;
      const right = this.#unary();
      if (op === "/" && right === 0) throw new Unreadable();
      value = op === "*" ? value * right : value / right;
    }
    return value;
  }

  #unary(): number {
    const op = this.#peekOp("+", "-");
    if (op) {
      this.#at++;
      const v = this.#unary();
      return op === "-" ? -v : v;
    }
    return this.#primary();
  }

  #primary(): number {
    const t = this.tokens[this.#at++];
    if (!t) throw new Unreadable();
    if (t.k === "num") return t.v;
    if (t.k === "ref") {
      if (this.#peekOp(":")) throw new Unreadable(); // a range outside SUM
      return this.sheet.ref(t.r, t.c);
    }
    if (t.k === "op" && t.v === "(") {
      const v = this.expression();
      this.#expect(")");
      return v;
    }
    if (t.k === "fn") return this.#call(t.name);
    throw new Unreadable();
  }

  #call(name: string): number {
    const args: number[][] = [];
    if (!this.#peekOp(")")) {
      do {
        args.push(this.#argument());
      } while (this.#peekOp(",") && ++this.#at);
    }
    this.#expect(")");
    if (name === "SUM") return args.flat().reduce((a, b) => a + b, 0);
    if (name === "ROUND" && args.length === 2 && args.every((a) => a.length === 1)) {
      const [x, digits] = [args[0]![0]!, args[1]![0]!];
      const f = 10 ** Math.trunc(digits);
      return Math.round(x * f) / f;
    }
    throw new Unreadable();
  }

  /** A function's argument: a range's numbers, or one value. */
  #argument(): number[] {
    const t = this.tokens[this.#at], colon = this.tokens[this.#at + 1];
    const end = this.tokens[this.#at + 2];
    if (t?.k === "ref" && colon?.k === "op" && colon.v === ":" && end?.k === "ref") {
      this.#at += 3;
      return this.sheet.range(t.r, t.c, end.r, end.c);
    }
    return [this.expression()];
  }
}
