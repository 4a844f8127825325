/**
 * Labels found in a document and the values they point at: after the label in the same
 * phrase or cell ("Invoice No.: 123"), right of it on its line, or under it (a box, a header
 * cell above its value).
 */
import type { DocumentLines, Segment } from "./layout_lines.ts";
import {
  alignedIn,
  gapBetween,
  linesBelow,
  maxLineGap,
  maxRightGap,
  rightNeighbour,
} from "./geometry.ts";
import {
  isLabel,
  type LabelKind,
  type LabelMatch,
  looksLikeLabel,
  matchLabel,
  matchLabelText,
} from "./labels.ts";

export interface LabelHit {
  segment: Segment;
  match: LabelMatch;
  /** A label wrapped over lines of a narrow cell: the index of its last line. */
  through?: number;
}

export type FoundHow = "inline" | "right" | "below";

export interface Candidate {
  text: string;
  segments: Segment[];
  how: FoundHow;
}

export function labelHits(doc: DocumentLines): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const line of doc.lines) {
    for (const segment of line.segments.flatMap(splitAtLabels)) {
      const match = matchLabel(segment);
      if (!match) {
        const wrapped = wrappedLabel(doc, segment);
        if (wrapped) hits.push({ segment, match: wrapped.match, through: wrapped.through });
        continue;
      }
      // "Porto di partenza /" over "Loading at": the label goes on under itself.
      const goesOn = match.rest === "" && WRAPPED_KINDS.has(match.kind)
        ? wrappedLabel(doc, segment, match.kind)
        : null;
      hits.push(goesOn ? { segment, match, through: goesOn.through } : { segment, match });
      // "Invoice No. & Date": one label, two fields; "Firma": one of two meanings.
      if (match.also) {
        hits.push({ segment, match: { ...match, kind: match.also, rank: match.alsoRank ?? 0 } });
      }
    }
  }
  return hits;
}

/**
 * "Port of loading: Kobe (JPUKB) Port of discharge: Gothenburg (SEGOT)" set as one phrase:
 * split before each further label a colon closes, so each label's value ends where the next
 * label starts. Only a phrase that itself opens with such a label is split.
 */
function splitAtLabels(segment: Segment): Segment[] {
  const { words } = segment;
  const twoParties = partyLabelsRunTogether(segment);
  if (twoParties) return twoParties;
  if (words.length < 3 || !matchLabel(segment)?.colon) return [segment];
  const parts: Segment[] = [];
  let start = 0;
  const text = (from: number, to: number) => words.slice(from, to).map((w) => w.text).join(" ");
  const labelWithValue = (from: number, to: number) => {
    const match = matchLabelText(text(from, to));
    return match !== null && match.colon && match.rest !== "";
  };
  for (let k = 2; k < words.length; k++) {
    // Both sides must be "label: value": "Port de chargement / Port of loading : Le Havre" is
    // one bilingual label, not two.
    if (!labelWithValue(k, words.length) || !labelWithValue(start, k)) continue;
    parts.push(subSegment(segment, start, k));
    start = k;
  }
  if (parts.length === 0) return [segment];
  parts.push(subSegment(segment, start, words.length));
  return parts;
}

/** Kinds whose labels a grid's narrow cell is seen to wrap with no line a label of its own. */
const WRAPPED_KINDS: ReadonlySet<LabelKind> = new Set(["port_of_loading", "port_of_discharge"]);
/** The most lines a wrapped label spans ("Puerto de" / "descarga / Port of" / "discharge"). */
const WRAP_LINES = 4;

/**
 * A port label a narrow grid cell broke over two to four lines, none of which reads as a label
 * alone ("Port of" over "destination", "Haven van" over "bestemming", "Port" over
 * "d'embarquement"): the lines under one another, read together, are the label and nothing
 * more. The longest such reading wins, so a bilingual label's English half is not taken for
 * its value. Returns the label and its last line, or null.
 */
export function wrappedLabel(
  doc: DocumentLines,
  segment: Segment,
  /** The kind the segment alone already labels, which the lines under it go on with. */
  kind?: LabelKind,
): { match: LabelMatch; through: number } | null {
  // A label starts with a capital ("of delivery" is the rest of a label above, not a start).
  if (!/^[\p{Lu}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u.test(segment.text)) return null;
  if (/\d/.test(segment.text) || segment.text.length > 40) return null;
  if (kind === undefined && matchLabel(segment)) return null;
  let last = segment;
  let text = segment.text;
  let found: { match: LabelMatch; through: number } | null = null;
  for (const line of linesBelow(doc, segment.line)) {
    if (gapBetween(last, line) > maxLineGap(doc)) break;
    const part = alignedIn(doc, line, segment);
    // A line of another column between the cell's lines (set a little higher or lower).
    if (!part || Math.abs(part.x0 - segment.x0) > 1.5 * doc.unit) continue;
    if (/\d/.test(part.text)) break;
    text = `${text} ${part.text}`;
    last = part;
    const match = matchLabelText(text);
    if (
      match && WRAPPED_KINDS.has(match.kind) && match.rest === "" &&
      (kind === undefined || match.kind === kind)
    ) {
      found = { match, through: part.line };
    }
    if (line.index - segment.line >= WRAP_LINES - 1) break;
  }
  return found;
}

const PARTIES: ReadonlySet<LabelKind> = new Set(["exporter", "importer"]);

/**
 * Two party labels side by side that a scan read as one phrase ("Manufacturer / Exporter
 * Dirección de entrega / Sold To Party", heading two blocks): each label a segment of its own,
 * over its own block. Only when the words after the first label are the other party's label
 * and nothing more.
 */
function partyLabelsRunTogether(segment: Segment): Segment[] | null {
  const first = matchLabel(segment);
  if (!first || first.colon || first.rest === "" || !PARTIES.has(first.kind)) return null;
  const second = matchLabelText(first.rest);
  if (!second || second.rest !== "" || !PARTIES.has(second.kind) || second.kind === first.kind) {
    return null;
  }
  const { words } = segment;
  const k = words.findIndex((_, i) =>
    i > 0 && words.slice(i).map((w) => w.text).join(" ") === first.rest
  );
  if (k <= 0) return null;
  return [subSegment(segment, 0, k), subSegment(segment, k, words.length)];
}

/** The words `from` to `to` of a segment, as a segment of their own. */
export function subSegment(segment: Segment, from: number, to: number): Segment {
  const words = segment.words.slice(from, to);
  const last = words[words.length - 1]!;
  return {
    ...segment,
    words,
    text: words.map((w) => w.text).join(" "),
    x0: words[0]!.x,
    x1: last.x + last.width,
    confidence: Math.min(...words.map((w) => w.confidence)),
  };
}

/** The hits of one kind, the most specific label first, then in reading order. */
export function hitsOf(hits: LabelHit[], kind: LabelKind): LabelHit[] {
  return hits.filter((h) => h.match.kind === kind).sort((a, b) =>
    a.match.rank - b.match.rank || a.segment.line - b.segment.line || a.segment.x0 - b.segment.x0
  );
}

/** How many lines under a label are offered as its value. */
const BELOW_LINES = 2;

/** Where the value of a label may be, nearest first. */
/** The label's text and the line under it read as one label of the same kind, no value left. */
function continuesLabel(hit: LabelHit, tail: Segment): boolean {
  if (/\d/.test(tail.text)) return false;
  const joined = matchLabelText(`${hit.segment.text} ${tail.text}`);
  return joined?.kind === hit.match.kind && joined.rest === "";
}

/**
 * A label cell clipped by the value beside it ("Port of loadi Amsterdam", a spreadsheet's
 * print with no gap between the cells): where the values of the label lines around start (a
 * value in a segment of its own, "€" beside "Valuta / Currency" under it), the label's text
 * ends, when a word of the run starts right there.
 */
function clippedLabelCut(doc: DocumentLines, hit: LabelHit): string {
  const { segment, match } = hit;
  const near = doc.lines.slice(Math.max(0, segment.line - 4), segment.line + 5)
    .filter((l) => l.page === segment.page && l.index !== segment.line);
  // Only lines of a label and its value, not a table's header further down.
  const edges = near.filter((l) => l.segments.length === 2 && matchLabel(l.segments[0]!))
    .map((l) => l.segments[1]!.x0).filter((x) => x > segment.x0 && x < segment.x1);
  const k = segment.words.findIndex((w, i) =>
    i > 0 && edges.some((x) => Math.abs(w.x - x) <= 0.1 * doc.unit)
  );
  if (k <= 0) return match.rest;
  const tail = segment.words.slice(k).map((w) => w.text).join(" ");
  // Words in capitals before the edge are the value's own, set wider than its cell ("NEW"
  // of "NEW YORK"); a label's remnant is written in lower case ("Port of loadi", "Desti").
  if (!match.rest.endsWith(tail) || tail.length >= match.rest.length) return match.rest;
  const dropped = match.rest.slice(0, match.rest.length - tail.length);
  return /\p{Ll}/u.test(dropped) ? tail : match.rest;
}

export function candidatesOf(doc: DocumentLines, hit: LabelHit): Candidate[] {
  const out: Candidate[] = [];
  // A label broken over two lines of a narrow cell ("Laadhaven / Port of" over "Loading"):
  // the second line is the label's, and the value is under it.
  const next = doc.lines[hit.segment.line + 1];
  const tail = next && next.page === hit.segment.page
    ? alignedIn(doc, next, hit.segment)
    : undefined;
  const broken = tail !== undefined && gapBetween(hit.segment, tail) <= maxLineGap(doc) &&
    continuesLabel(hit, tail);
  if (hit.match.rest !== "" && !broken) {
    out.push({ text: clippedLabelCut(doc, hit), segments: [hit.segment], how: "inline" });
  }
  const right = pastLabelParts(doc, hit, rightNeighbour(doc, hit.segment));
  if (
    right && !looksLikeLabel(right) && !underOtherLabel(doc, right) && !inLabelRow(doc, hit) &&
    !wrappedLabel(doc, right)
  ) {
    out.push({ text: right.text, segments: [right], how: "right" });
  } else if (hit.through !== undefined && !right) {
    // A value set beside the middle of a wrapped label ("La Spezia" between "Porto di
    // partenza /" and "Loading at").
    const beside = doc.lines.slice(hit.segment.line + 1, hit.through + 1)
      .map((l) => l.segments.find((s) => s.x0 >= hit.segment.x1 - 0.01))
      .find((s) => s && s.x0 - hit.segment.x1 <= maxRightGap(doc, s.page));
    if (beside && !looksLikeLabel(beside) && !wrappedLabel(doc, beside)) {
      out.push({ text: beside.text, segments: [beside], how: "right" });
    }
  }
  let previous: { y1: number } = hit.segment;
  let taken = 0;
  let upper: Segment | undefined;
  let upperAt = -1;
  for (const line of linesBelow(doc, hit.segment.line)) {
    if (gapBetween(previous, line) > 1.5 * maxLineGap(doc)) break;
    previous = line;
    // The wrapped label's own lines.
    if (hit.through !== undefined && line.index <= hit.through) continue;
    const below = alignedIn(doc, line, hit.segment);
    if (!below) continue;
    if (broken && below === tail) continue;
    if (looksLikeLabel(below)) break;
    // The next box's port label, wrapped ("Haven van" over "bestemming"), is no port's value.
    // (Other kinds read on past it, as they did: their values may stand further down.)
    if (WRAPPED_KINDS.has(hit.match.kind) && wrappedLabel(doc, below)) break;
    // A value wrapped in a narrow cell ("23 oktober" over "2026"): both lines as one, after
    // the first alone.
    if (upper && gapBetween(upper, below) <= maxLineGap(doc)) {
      out.push({ text: `${upper.text} ${below.text}`, segments: [upper, below], how: "below" });
      // A code the cell broke after its hyphen or slash ("INV-2026-" over "7981", "GB-" over
      // "5622/2026") is one word again, before its first line alone.
      if (/[-/]$/.test(upper.text) && !/\s/.test(below.text)) {
        const whole = `${upper.text}${below.text}`;
        out.splice(upperAt, 0, { text: whole, segments: [upper, below], how: "below" });
      }
    }
    upper = below;
    upperAt = out.length;
    out.push({ text: below.text, segments: [below], how: "below" });
    // "HBE-26-0307   Mar. 20, 2026" under "No. & date of invoice": the rest of the line too.
    // Not past a segment under another label of the label's own line: that is the next
    // box's value ("Marseille   GBFXT - Le Havre" under "Port of loading   Port of destination").
    const others = doc.lines[hit.segment.line]!.segments.filter((s) =>
      s !== hit.segment && s.x0 > hit.segment.x1 && looksLikeLabel(s)
    );
    const fence = Math.min(...others.map((s) => s.x0 - 0.5 * doc.unit));
    const further = line.segments.filter((s) =>
      s.x0 > below.x1 && !looksLikeLabel(s) && s.x0 < fence
    );
    const joined = [below, ...further.slice(0, 2)];
    if (
      further.length > 0 &&
      joined.every((s, i) => i === 0 || s.x0 - joined[i - 1]!.x1 < 12 * doc.unit)
    ) {
      out.push({ text: joined.map((s) => s.text).join(" "), segments: joined, how: "below" });
    }
    if (++taken >= BELOW_LINES) break;
  }
  return out;
}

/**
 * The segment right of a label, past the label's own words that a scan set apart as phrases of
 * their own ("Factuur nr." "/ Inv." "No.:" "26-EX-9978"): one or two phrases with no digit
 * that, read after the label, still read as that label and nothing more.
 */
function pastLabelParts(
  doc: DocumentLines,
  hit: LabelHit,
  right: Segment | undefined,
): Segment | undefined {
  if (doc.source !== "ocr" || hit.match.rest !== "") return right;
  let text = hit.segment.text;
  const continues = (parts: Segment[]) => {
    const joined = [text, ...parts.map((s) => s.text)].join(" ");
    const match = matchLabelText(joined);
    return !parts.some((s) => /\d/.test(s.text)) && match?.kind === hit.match.kind &&
      match.rest === "";
  };
  for (let k = 0; right && k < 2; k++) {
    const next = rightNeighbour(doc, right);
    const parts = continues([right])
      ? [right]
      : next && continues([right, next])
      ? [right, next]
      : [];
    if (parts.length === 0) break;
    text = [text, ...parts.map((s) => s.text)].join(" ");
    right = rightNeighbour(doc, parts.at(-1)!);
  }
  return right;
}

/**
 * A row of labels ("Invoice No.  Date  Incoterm  Port of loading  Port of discharge  Origin")
 * heads a grid whose values stand under them: what is right of one label is the next label,
 * known to the vocabulary or not. Three labels on the line make such a row.
 */
function inLabelRow(doc: DocumentLines, hit: LabelHit): boolean {
  if (doc.source === "sheet") return false;
  const line = doc.lines[hit.segment.line]!;
  return line.segments.filter((s) => s !== hit.segment && isLabel(s)).length >= 2;
}

/**
 * A segment set under another label of the line just above ("Euro" under "Currency", right of
 * "Destination port" whose own value is under it): that label's value.
 */
function underOtherLabel(doc: DocumentLines, seg: Segment): boolean {
  const above = doc.lines[seg.line - 1];
  if (
    doc.source === "sheet" || !above || above.page !== seg.page ||
    gapBetween(above, seg) > maxLineGap(doc)
  ) return false;
  return above.segments.some((s) => Math.abs(s.x0 - seg.x0) <= 1.5 * doc.unit && looksLikeLabel(s));
}

/**
 * The first value some label of `kind` gives that `parse` accepts, trying the most specific
 * labels first and, for each, inline, then right, then below.
 */
export function firstLabelled<T>(
  doc: DocumentLines,
  hits: LabelHit[],
  kind: LabelKind,
  parse: (candidate: Candidate, hit: LabelHit) => T | null,
): { value: T; hit: LabelHit; candidate: Candidate } | null {
  for (const hit of hitsOf(hits, kind)) {
    for (const candidate of candidatesOf(doc, hit)) {
      const value = parse(candidate, hit);
      if (value !== null) return { value, hit, candidate };
    }
  }
  return null;
}
