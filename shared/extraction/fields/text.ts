/** Text comparison helpers: labels and names are matched folded (case, accents, punctuation). */

/** Chinese and Japanese script, which is written without spaces between words. */
const CJK = "\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}ー々";
/** Where CJK text meets other letters or digits ("发票号码CN45171", "HS编码"). */
const SCRIPT_BOUNDARY = new RegExp(
  `(?<=[${CJK}])(?=[^${CJK}\\s])|(?<=[^${CJK}\\s])(?=[${CJK}])`,
  "gu",
);

/** Spaces between CJK characters, which forms set to spread a short header ("数 量"). */
const SPACED_CJK = new RegExp(`(?<=[${CJK}])[\\s\u3000]+(?=[${CJK}])`, "gu");

/**
 * Lower case, accents removed, ß → ss, ı → i, every run of non-letters/digits one space, and
 * a space where CJK script meets other letters or digits.
 */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/ß/g, "ss")
    .replace(/ı/g, "i")
    .toLowerCase()
    .replace(SPACED_CJK, "")
    .replace(SCRIPT_BOUNDARY, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A run of text cut where CJK script meets other letters, with each part's offset. */
export function scriptParts(run: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  let start = 0;
  for (const part of run.split(SCRIPT_BOUNDARY)) {
    out.push({ text: part, start });
    start += part.length;
  }
  return out;
}

export function foldedTokens(text: string): string[] {
  const f = fold(text);
  return f === "" ? [] : f.split(" ");
}

/** Spaces collapsed, trimmed, stray separators at the ends removed. */
export function clean(text: string): string {
  return text.replace(/\s+/g, " ").replace(/^[\s:;,#|–—-]+|[\s:;,|–—-]+$/g, "").trim();
}
