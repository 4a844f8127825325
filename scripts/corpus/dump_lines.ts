/**
 * Prints a corpus file's lines and segments as the field finder sees them (x positions in
 * brackets), for tuning: `deno run -A scripts/corpus/dump_lines.ts <file>`.
 */
import { readPdfText } from "../../shared/extraction/readers/pdf_text.ts";
import { readSpreadsheet } from "../../shared/extraction/readers/spreadsheet.ts";
import { linesOf } from "../../shared/extraction/fields/layout_lines.ts";

const path = Deno.args[0]!;
const bytes = await Deno.readFile(path);
const signal = AbortSignal.timeout(60_000);
const doc = path.endsWith(".pdf")
  ? await readPdfText(bytes, { signal })
  : await readSpreadsheet(bytes, path.endsWith(".xls") ? "xls" : "xlsx", { signal });
for (const line of linesOf(doc).lines) {
  console.log(
    `${line.index} p${line.page} y${line.y0.toFixed(0)}: ` +
      line.segments.map((s) => `[${s.x0.toFixed(0)}-${s.x1.toFixed(0)}] ${s.text}`).join(" | "),
  );
}
