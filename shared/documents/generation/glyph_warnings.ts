/**
 * Soft warnings for characters the documents cannot print: a value with characters that no font
 * of the engine's chain draws (shared/documents/pdf/fallback.ts; Arabic and the Indic scripts until they
 * are shaped) would print as empty boxes, so generate-documents names the field and the
 * characters and asks for confirmation instead of generating it silently. Each type is checked
 * against the values its template prints.
 */
import { loadFonts } from "../pdf/font.ts";
import { coverage } from "../pdf/fallback.ts";
import { TEMPLATES } from "../pdf/documents.ts";
import { forEachContent } from "../pdf/model.ts";
import type { DocumentType } from "../catalogue/document_types.ts";
import type { ShipmentData } from "../../shipments/types.ts";
import type { Tab } from "../catalogue/field_requirements.ts";
import { toFieldPath } from "../catalogue/paths.ts";
import type { Finding, Warnings } from "./prechecks.ts";

/** The form tab a data path is edited on, by its top-level key. */
function tabOf(path: string): Tab {
  const top = path.split(".")[0]!;
  if (
    ["exporter", "importer", "consignee", "notify_party", "certifier", "producer"].includes(top)
  ) {
    return "parties";
  }
  if (top === "route") return "route";
  if (top === "goods") return "goods";
  if (/origin|declaration|certif|phyto|veterin|analysis/.test(top)) return "compliance";
  return "logistics";
}

function describe(cp: number): string {
  return `${String.fromCodePoint(cp)} (U+${cp.toString(16).toUpperCase().padStart(4, "0")})`;
}

export async function glyphWarnings(
  types: readonly DocumentType[],
  data: ShipmentData,
): Promise<Warnings[]> {
  const { regular } = await loadFonts();
  const out: Warnings[] = [];
  for (const docType of types) {
    const values = new Map<string, string>();
    forEachContent(TEMPLATES[docType](data), (c) => {
      if (c.kind === "field" && /[^\x20-\x7e]/.test(c.value)) {
        values.set(c.path, (values.get(c.path) ?? "") + c.value);
      }
    });
    const warnings: Finding[] = [];
    for (const [path, value] of values) {
      const { uncovered } = await coverage(regular, value);
      if (uncovered.size === 0) continue;
      warnings.push({
        message: `cannot be printed: no font draws ${[...uncovered].map(describe).join(", ")}; ` +
          "those characters would print as empty boxes",
        fieldPath: toFieldPath(path),
        tab: tabOf(path),
      });
    }
    if (warnings.length) out.push({ docType, warnings });
  }
  return out;
}
