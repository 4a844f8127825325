/**
 * Helpers for the template tests: walking a DocumentSpec's contents, and checking that a data
 * path exists in the TradeShipment schema (objects, arrays by index, records by any key).
 */
import type { Content, DocumentSpec, FieldValue, Table } from "../../shared/documents/pdf/model.ts";
export { schemaHasPath } from "../support/schema_paths.ts";

/** Every Content of a spec: references, box lines, table cells and totals, signatures. */
export function contents(spec: DocumentSpec): Content[] {
  const out: Content[] = spec.references.map((r) => r.content);
  for (const block of spec.blocks) {
    switch (block.kind) {
      case "boxes":
        for (const box of block.boxes) out.push(...box.lines);
        break;
      case "table":
        for (const row of block.rows) out.push(...row);
        out.push(...(block.totals ?? []));
        break;
      case "signature":
        for (const c of [block.name, block.title, block.place, block.date]) if (c) out.push(c);
        break;
      case "paragraph":
        break;
    }
  }
  return out;
}

/** The values taken from shipment paths (not the drawn boxes of drawnChoice, which have none). */
export function fields(spec: DocumentSpec): FieldValue[] {
  return contents(spec).filter((c): c is FieldValue => c.kind === "field" && c.path !== "");
}

export function fieldPaths(spec: DocumentSpec): Set<string> {
  return new Set(fields(spec).map((f) => f.path));
}

/** All printed text: title, subtitle, labels, values, headers, paragraphs, captions. */
export function allText(spec: DocumentSpec): string {
  const parts: string[] = [spec.title, spec.subtitle ?? ""];
  for (const r of spec.references) parts.push(r.label);
  for (const block of spec.blocks) {
    switch (block.kind) {
      case "boxes":
        for (const box of block.boxes) parts.push(box.number ?? "", box.label);
        break;
      case "table":
        parts.push(block.title ?? "", ...block.columns.map((c) => c.header));
        break;
      case "paragraph":
        parts.push(block.text);
        break;
      case "signature":
        parts.push(block.caption);
        break;
    }
  }
  // A choice as the page shows it: each option with its box, "[X]" where ticked (a value
  // that is none of the options is printed as it is).
  parts.push(
    ...contents(spec).map((c) =>
      c.kind === "field" && c.options &&
        (c.checkBox || c.value === "" || c.options.some((o) => o.value === c.value))
        ? c.options.map((o) => `${o.value === c.value ? "[X]" : "[ ]"} ${o.label}`).join("\n")
        : c.value
    ),
  );
  return parts.join("\n");
}

export function tables(spec: DocumentSpec): Table[] {
  return spec.blocks.filter((b): b is Table => b.kind === "table");
}
