/** The cells of a markdown table's rows whose first cell matches `firstCell`, whatever the padding. */
export function tableRows(markdown: string, firstCell: RegExp): string[][] {
  return markdown.split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) =>
      line.split(/(?<!\\)\|/).slice(1, -1).map((cell) => cell.trim().replaceAll("\\|", "|"))
    )
    .filter((cells) => firstCell.test(cells[0] ?? ""));
}

export function readRepoText(path: string): Promise<string> {
  return Deno.readTextFile(new URL(`../../${path}`, import.meta.url));
}
