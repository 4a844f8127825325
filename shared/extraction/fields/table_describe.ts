/**
 * A table whose header names no description column (its goods under a word the vocabulary
 * lacks: "Text", "Mal hizmet", "Artikel/Bezeichnung" run together) still has one: the unnamed
 * column whose cells, line after line, are words. It is found from what stands under the
 * header, wherever it is among the columns, and is marked unknown like a description guessed
 * from the header alone (items.ts then trusts it less).
 */
import type { DocumentLines, Line, Segment } from "./layout_lines.ts";
import type { Column } from "./table_header.ts";
import { bestColumn, linesUnder } from "./table_columns.ts";

/** Share of the lines under the header whose text must stand in the column. */
const MOST = 0.5;

/**
 * A phrase of words: a word of `minWord` letters at least (three by default), and more letters
 * than anything else.
 */
export function wordy(seg: Segment, minWord = 3): boolean {
  const chars = seg.text.replace(/\s/g, "");
  const letters = chars.match(/\p{L}/gu)?.length ?? 0;
  return new RegExp(`\\p{L}{${minWord},}`, "u").test(seg.text) && letters >= 0.5 * chars.length;
}

export function describedByContent(
  doc: DocumentLines,
  columns: Column[],
  lastHeaderLine: number,
  ends: (line: Line) => boolean,
): Column[] {
  if (doc.source === "sheet" || columns.some((c) => c.type === "description")) return columns;
  const unnamed = columns.filter((c) => c.type === "other" && c.unknown);
  if (unnamed.length === 0) return columns;
  const lines = linesUnder(doc, lastHeaderLine, ends);
  const counts = new Map<Column, number>();
  for (const line of lines) {
    const hosts = new Set(
      line.segments.filter((seg) => wordy(seg)).map((s) => bestColumn(s, columns, 0)),
    );
    for (const c of unnamed) if (hosts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  const [best, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!best || count! < Math.max(2, MOST * lines.length)) return columns;
  return columns.map((c) => c === best ? { ...c, type: "description" } : c);
}
