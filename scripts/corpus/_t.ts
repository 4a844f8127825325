import { readPdfText } from "../../shared/extraction/readers/pdf_text.ts";
import { linesOf } from "../../shared/extraction/fields/layout_lines.ts";
import { findTable } from "../../shared/extraction/fields/table.ts";
import { findHeaders } from "../../shared/extraction/fields/table_header.ts";
const doc = linesOf(await readPdfText(await Deno.readFile(Deno.args[0]!), { signal: AbortSignal.timeout(60000) }));
console.log(JSON.stringify(findHeaders(doc).map(h=>({...h, columns: h.columns.map(c=>`${c.type}:${c.header}:${c.x0.toFixed(0)}-${c.x1.toFixed(0)}`)}))));
const t = findTable(doc);
for (const r of t?.rows ?? []) console.log(Object.fromEntries(Object.entries(r.cells).map(([k,v])=>[k,v!.text])));
