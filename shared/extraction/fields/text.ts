/** Text comparison helpers: labels and names are matched folded (case, accents, punctuation). */

/** Lower case, accents removed, ß → ss, every run of non-letters/digits one space. */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/ß/g, "ss")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export function foldedTokens(text: string): string[] {
  const f = fold(text);
  return f === "" ? [] : f.split(" ");
}

/** Spaces collapsed, trimmed, stray separators at the ends removed. */
export function clean(text: string): string {
  return text.replace(/\s+/g, " ").replace(/^[\s:;,#|–—-]+|[\s:;,|–—-]+$/g, "").trim();
}
