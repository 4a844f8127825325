/**
 * PDF rendering benchmark: the engine's commercial-invoice-like test spec with 10 and 200 line
 * items, fillable (empty fields become form fields) and final, rendered N times warm on one
 * thread. Each iteration uses a different validation hash, so the QR code is never a cache hit.
 * Prints p50/p99 in ms and the PDF size in bytes.
 *
 *   deno run -A bench/pdf_render.ts [iterations=200]
 */
import { PDFDocument } from "@pdfme/pdf-lib";
import { loadFonts } from "../shared/documents/pdf/font.ts";
import { renderWithFonts } from "../shared/documents/pdf/render.ts";
import { context, invoiceSpec } from "../tests/pdf/spec.ts";

const iterations = Number(Deno.args[0] ?? 200);
const fonts = await loadFonts();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

function hashFor(i: number): string {
  return (i.toString(16).padStart(8, "0") + "c0ffee").repeat(5).slice(0, 64);
}

console.log(`PDF render, ${iterations} iterations each after warm-up (one thread)`);
console.log("items  mode       p50 ms   p99 ms   bytes   pages");
for (const items of [10, 200]) {
  const spec = invoiceSpec(items);
  for (const finalDoc of [false, true]) {
    const warm = Math.max(20, Math.floor(iterations / 4));
    let bytes = 0;
    for (let i = 0; i < warm; i++) {
      const hash = hashFor(1_000_000 + i);
      renderWithFonts(
        spec,
        context({ finalDoc, validationHash: hash, verifyUrl: `https://v.example/${hash}` }),
        fonts,
      );
    }
    const times: number[] = [];
    let pdf = new Uint8Array();
    for (let i = 0; i < iterations; i++) {
      const hash = hashFor(i);
      const ctx = context({
        finalDoc,
        validationHash: hash,
        verifyUrl: `https://v.example/${hash}`,
      });
      const t0 = performance.now();
      pdf = renderWithFonts(spec, ctx, fonts);
      times.push(performance.now() - t0);
      bytes = pdf.length;
    }
    times.sort((a, b) => a - b);
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    console.log(
      `${String(items).padStart(5)}  ${(finalDoc ? "final" : "fillable").padEnd(9)}` +
        `${percentile(times, 50).toFixed(2).padStart(8)} ${
          percentile(times, 99).toFixed(2).padStart(8)
        }` +
        `${String(bytes).padStart(8)} ${String(pages).padStart(7)}`,
    );
  }
}
