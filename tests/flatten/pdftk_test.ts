/**
 * A form filled by pdftk (Debian pdftk-java), as a person's tool would: non-Latin text the
 * form's original font subset does not hold, once with pdftk's own appearances and once
 * leaving them to the reader (need_appearances). pdftk cannot draw appearances in the form's
 * CID font, so the flattener draws the values itself: the result passes the PDF/A-2b checks
 * and prints the values, inside their boxes.
 */
import { flattenToPdfA } from "../../shared/documents/flatten/flatten.ts";
import { loadFonts } from "../../shared/documents/pdf/font.ts";
import { pdftkFill, run, tempDir } from "../pdf/tools.ts";
import { assert, assertEquals } from "../support/assert.ts";
import { checkPdfA } from "../support/pdfa.ts";
import { renderFillable, visibleFieldNames, widgetBoxes } from "./support.ts";

const dir = tempDir("flatten-pdftk-test-");
const VALUE = "Ünïcödé Αθήνα Ђурђ";

for (const needAppearances of [true, false]) {
  Deno.test(
    `flatten: a form pdftk filled with non-Latin text (need_appearances ${needAppearances})`,
    async () => {
      const fillable = await renderFillable("COMMERCIAL_INVOICE");
      const source = `${dir}/source-${needAppearances}.pdf`;
      await Deno.writeFile(source, fillable);
      const names = await visibleFieldNames(fillable);
      const wide: string[] = [];
      for (const name of names) {
        const [box] = await widgetBoxes(fillable, name);
        if (box && box.rect[2] - box.rect[0] >= 90) wide.push(name);
      }
      assert(wide.length >= 2, `the reduced invoice has wide fields: ${names.join(", ")}`);
      const values = Object.fromEntries(wide.map((n, i) => [n, `${VALUE} ${i}`]));
      const filled = `${dir}/filled-${needAppearances}.pdf`;
      await pdftkFill(source, values, filled, needAppearances);

      const out = `${dir}/flat-${needAppearances}.pdf`;
      await Deno.writeFile(
        out,
        await flattenToPdfA(await Deno.readFile(filled), {}, await loadFonts()),
      );
      const report = await checkPdfA(out);
      assertEquals(report.findings, []);
      const text = report.text.replace(/\s+/g, " ");
      for (const [name, value] of Object.entries(values)) {
        assert(text.includes(value), `${name}: "${value}" is printed`);
        const [box] = await widgetBoxes(fillable, name);
        const [x1, y1, x2, y2] = box!.rect;
        const inside = await run("pdftotext", [
          ...["-enc", "UTF-8", "-f", String(box!.page + 1), "-l", String(box!.page + 1)],
          ...["-x", String(Math.floor(x1)), "-y", String(Math.floor(841.89 - y2))],
          ...["-W", String(Math.ceil(x2 - x1)), "-H", String(Math.ceil(y2 - y1)), out, "-"],
        ]);
        assert(
          inside.stdout.replace(/\s+/g, "").includes(value.replace(/\s+/g, "")),
          `${name} sits inside its box: found "${inside.stdout.trim()}"`,
        );
      }
      // The title defaults to the generated document's own.
      assertEquals(report.info.Title, "COMMERCIAL INVOICE");
    },
  );
}
