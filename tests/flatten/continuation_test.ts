/**
 * Values too long for their boxes: the flattened copy loses no character. A value that does not
 * fit its box at 6 pt is printed in full on a continuation sheet at the end, and its box says
 * "see continuation sheet, item N"; the result is still PDF/A-2b.
 */
import { flattenToPdfA } from "../../shared/documents/flatten/flatten.ts";
import { loadFonts } from "../../shared/documents/pdf/font.ts";
import { pageCount, pdftotext, tempDir } from "../pdf/tools.ts";
import { assert, assertEquals } from "../support/assert.ts";
import { checkPdfA } from "../support/pdfa.ts";
import {
  fillWithoutAppearances,
  renderFillable,
  visibleFieldNames,
  widgetBoxes,
} from "./support.ts";

const dir = tempDir("flatten-continuation-test-");

const MARK = "ACME/HAMBURG/PO-2026-0042/CARTON 1-240/MADE IN GERMANY/HANDLE WITH CARE";
const LONG_NUMBER = Array.from({ length: 16 }, (_, i) => `INV${String(i).padStart(6, "0")}`)
  .join("-").slice(0, 150);

const squeeze = (s: string) => s.replace(/\s+/g, "");

Deno.test("flatten: values too long for their boxes go whole to a continuation sheet", async () => {
  const fillable = await renderFillable("CERTIFICATE_OF_ORIGIN");
  const names = await visibleFieldNames(fillable);
  const multi = "originData.remarks";
  const single = names.find((n) => n !== multi)!;
  const short = names.find((n) => n !== multi && n !== single)!;
  assert(names.includes(multi), `the reduced certificate has ${multi}: ${names.join(", ")}`);
  const values = {
    [multi]: Array.from({ length: 30 }, (_, i) => `${MARK} ${i + 1}`).join(" "),
    [single]: LONG_NUMBER,
    [short]: "Fits 1",
  };
  assertEquals(LONG_NUMBER.length, 150);
  const filled = await fillWithoutAppearances(fillable, values);
  const out = `${dir}/flat.pdf`;
  await Deno.writeFile(out, await flattenToPdfA(filled, {}, await loadFonts()));

  const report = await checkPdfA(out);
  assertEquals(report.findings, []);
  // With -layout: plain pdftotext drops a hyphen that ends a wrapped line.
  const text = squeeze(await pdftotext(out, true));
  for (const [name, value] of Object.entries(values)) {
    assert(text.includes(squeeze(value)), `${name}: every character is printed`);
  }
  for (let i = 1; i <= 30; i++) assert(text.includes(squeeze(`${MARK} ${i}`)), `mark ${i}`);
  assert(text.includes(squeeze("see continuation sheet, item 1")), "the box says where");
  assert(text.includes(squeeze("see continuation sheet, item 2")), "both items referred to");
  assert(
    text.includes(squeeze(`Item 1: ${single}`)) || text.includes(squeeze(`Item 2: ${single}`)),
  );
  const pages = await pageCount(out);
  assert(pages > (await widgetBoxes(fillable, multi))[0]!.page + 1, "a sheet is added");
});
