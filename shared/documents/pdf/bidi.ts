/**
 * Visual order for right-to-left text (Hebrew, Arabic) in the engine's left-to-right documents: a
 * simplified Unicode bidirectional algorithm, enough for names, addresses and descriptions.
 * Each run from a right-to-left character to the last one before the next left-to-right
 * letter (with the spaces, punctuation and numbers between) is drawn reversed; numbers inside
 * it keep their own order, and brackets are mirrored. Lines without right-to-left characters
 * are returned unchanged.
 */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const STRONG_LTR = /[\p{L}]/u;
const DIGIT = /\p{Nd}/u;
const MIRROR: Record<string, string> = {
  "(": ")",
  ")": "(",
  "[": "]",
  "]": "[",
  "{": "}",
  "}": "{",
  "<": ">",
  ">": "<",
};

export function bidiVisual(line: string): string {
  if (!RTL.test(line)) return line;
  return bidiTokens([...line]).join("");
}

/**
 * The same for a line cut into tokens (characters, or whole words of a script that is shaped:
 * a shaped word stays one token in logical order, and the shaper puts its glyphs in visual
 * order). Each token is classed by its first character.
 */
export function bidiTokens(tokens: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < tokens.length) {
    if (!RTL.test(first(tokens[i]!))) {
      out.push(tokens[i++]!);
      continue;
    }
    let lastRtl = i;
    for (let j = i; j < tokens.length; j++) {
      const c = tokens[j]!;
      const f = first(c);
      if (RTL.test(f) || DIGIT.test(f)) lastRtl = j;
      else if (STRONG_LTR.test(f)) break;
    }
    out.push(...reversed(tokens.slice(i, lastRtl + 1)));
    i = lastRtl + 1;
  }
  return out;
}

function first(token: string): string {
  return String.fromCodePoint(token.codePointAt(0)!);
}

/** A right-to-left run in visual order: numbers (digits with . , between) stay as they are. */
function reversed(run: readonly string[]): string[] {
  const units: string[] = [];
  for (let k = 0; k < run.length; k++) {
    const c = run[k]!;
    const last = units.length - 1;
    const inNumber = last >= 0 && DIGIT.test(units[last]!.at(-1)!);
    if (DIGIT.test(c) && c.length === 1 && inNumber) units[last] += c;
    else if ((c === "." || c === ",") && inNumber && DIGIT.test(run[k + 1] ?? "")) {
      units[last] += c;
    } else units.push(MIRROR[c] ?? c);
  }
  return units.reverse();
}
