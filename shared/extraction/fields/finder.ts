/**
 * The field finder: a read document (text layer, OCR or sheets) → ExtractionResult. Finds the
 * labels, the line-item table and the party blocks, reads the values, then checks them against
 * the reference data (HS nomenclature, UN/LOCODE, ISO lists) to settle their confidences.
 */
import type { ReadDocument } from "../layout.ts";
import { ExtractionResult, type Leaf } from "../result.ts";
import { linesOf } from "./layout_lines.ts";
import { labelHits } from "./labelled.ts";
import { detectDecimalMark } from "./numbers.ts";
import { CountryIndex } from "./countries.ts";
import type { ExtractionLookups } from "./lookups.ts";
import { party, type TableArea } from "./parties.ts";
import { findTable } from "./table.ts";
import { applyHsCheck, readItems } from "./items.ts";
import { CHECKED, FOUND_WEAK_LABEL, leaf, readerAdjusted } from "./confidence.ts";
import { type Amount, reconciledTotal, trailingAmounts } from "./reconcile.ts";
import {
  type Context,
  currency,
  incoterm,
  invoiceDate,
  invoiceNumber,
  portCodes,
  portLeaf,
  portReadings,
  type TotalReading,
  totals,
} from "./scalars.ts";

export async function findFields(
  doc: ReadDocument,
  lookups: ExtractionLookups,
): Promise<ExtractionResult> {
  const lines = linesOf(doc);
  const [countryNames, currencies] = await Promise.all([
    lookups.countries(),
    lookups.currencies(),
  ]);
  const countries = new CountryIndex(countryNames);
  const mark = detectDecimalMark(
    lines.lines.flatMap((l) => l.segments.filter((s) => s.cell === undefined).map((s) => s.text)),
  );
  const ctx: Context = {
    doc: lines,
    hits: labelHits(lines),
    mark,
    // A document that writes 1.234,56 writes 14/03/2026 day first, too.
    dayFirst: mark === "," ? true : null,
    currencies,
    countries,
  };
  const ocr = lines.source === "ocr";

  const table = findTable(lines);
  const items = table ? readItems(table, mark, ocr) : null;
  const loading = portReadings(ctx, "port_of_loading");
  const discharge = portReadings(ctx, "port_of_discharge");
  const [hsExisting, places] = await Promise.all([
    lookups.hsCodes(items ? [...new Set(items.hsToCheck.values())] : []),
    lookups.locodes([...new Set([...portCodes(loading), ...portCodes(discharge)])]),
  ]);
  if (items) applyHsCheck(items, hsExisting);

  // Party blocks end where a table starts.
  const inTable = new Set(
    (table?.regions ?? []).flatMap((r) =>
      Array.from({ length: r.to - r.from + 1 }, (_, i) => r.from + i)
    ),
  );
  const tableLeft = lines.source === "sheet" && table
    ? Math.min(...table.columns.map((c) => c.x0))
    : null;
  const tableLines: TableArea = {
    has: (line, x1) =>
      inTable.has(line) && (tableLeft === null || x1 === undefined || x1 > tableLeft),
  };
  const importer = party(lines, ctx.hits, "importer", countries, tableLines);
  const tradeDocument = (items?.items.length ?? 0) > 0 || importer.name !== undefined;
  const exporter = party(lines, ctx.hits, "exporter", countries, tableLines, tradeDocument);
  const result: ExtractionResult = {
    goods: { line_items: items?.items ?? [] },
  };
  if (Object.keys(exporter).length > 0) result.exporter = exporter;
  if (Object.keys(importer).length > 0) result.importer = importer;
  const cur = currency(ctx);
  if (cur) result.goods.currency = cur;
  const area = table
    ? { regions: table.regions, amount: table.columns.find((c) => c.type === "amount") }
    : null;
  const lastRegion = table?.regions.at(-1);
  const below = lastRegion ? trailingAmounts(lines, lastRegion.header + 1, mark) : [];
  const total = totalValue(totals(ctx, area), items?.sum ?? null, below, ocr);
  if (total) result.goods.total_value = total;
  const number = invoiceNumber(ctx), date = invoiceDate(ctx);
  if (number || date) {
    result.invoice = { ...(number ? { number } : {}), ...(date ? { date } : {}) };
  }
  const term = incoterm(ctx);
  if (term) result.terms = { incoterm: term };
  // Whether the route's other end is under a port label proper (not "From:", "To:").
  const proper = (readings: typeof loading) =>
    readings.some((r) => !r.vague && (r.name || r.explicit));
  const pol = portLeaf(ctx, loading, places, proper(discharge));
  const pod = portLeaf(ctx, discharge, places, proper(loading));
  if (pol || pod) {
    result.route = {
      ...(pol ? { port_of_loading: pol } : {}),
      ...(pod ? { port_of_discharge: pod } : {}),
    };
  }
  return ExtractionResult.parse(result);
}

/**
 * The invoice's total: the amount below the table that equals the lines' sum plus the charges
 * (less the discounts) printed between them is sure; else the stated total that equals the sum
 * of the lines (no charges printed); without one, a total labelled as the goods' value, then
 * the invoice's total, less surely.
 */
function totalValue(
  stated: TotalReading[],
  sum: number | null,
  below: Amount[],
  ocr: boolean,
): Leaf<number> | undefined {
  if (sum !== null) {
    const reconciled = reconciledTotal(below, sum);
    if (reconciled) {
      return leaf(reconciled.value, readerAdjusted(CHECKED, reconciled.segments, ocr));
    }
    // The sum, stated (labelled, or the last amount under the table): sure, unless more
    // amounts follow it that did not reconcile (charges misread, perhaps).
    const last = below.at(-1);
    const agreeing = stated.find((t) => Math.abs(t.value - sum) <= 0.011) ??
      (last && Math.abs(last.value - sum) <= 0.011 ? { ...last, goods: false } : undefined);
    if (agreeing) {
      const more = below.some((a) => a.line > agreeing.line && a.value > sum + 0.011);
      return leaf(
        agreeing.value,
        readerAdjusted(more ? FOUND_WEAK_LABEL - 0.05 : CHECKED, agreeing.segments, ocr),
      );
    }
  }
  const best = stated.find((t) => t.goods) ?? stated[0];
  if (!best) return undefined;
  const base = sum === null ? (best.goods ? 0.85 : 0.75) : 0.5;
  return leaf(
    best.value,
    readerAdjusted(best.ambiguous ? Math.min(base, 0.6) : base, best.segments, ocr),
  );
}
