/** A national tariff line's text: its own description and the unnumbered lines above it. */
export interface LineText {
  description: string | null;
  context: string | null;
}

/**
 * A national line's description as shown: the texts from the highest national line down to
 * this one, each preceded by its context, joined with ` > ` (trailing colons removed), e.g.
 * `Coffee, roasted > Not decaffeinated > In retail containers weighing 2 kg or less > Arabica >
 * Certified organic`. Lines without a description are skipped.
 */
export function nationalDescription(chain: readonly LineText[]): string {
  return chain.map(lineText).filter((t) => t !== "").join(" > ");
}

/** One line's own text: its context, then its description. */
export function lineText(line: LineText): string {
  if (line.description === null) return "";
  const own = line.description.replace(/[\s:]+$/, "");
  const context = line.context?.trim();
  return context ? `${context} > ${own}` : own;
}
