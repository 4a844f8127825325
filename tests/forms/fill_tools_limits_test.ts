/**
 * What the form fillers cannot draw, whatever the form gives them, and the way round it. Each
 * case is the behaviour docs/scripts-and-forms.md ("What the tools cannot draw") traces to the
 * tools' source; if Debian's qpdf or pdftk-java changes, a case fails and that section (and
 * tests/forms/fill_tools_test.ts's qpdf words) should change with it.
 *
 * - qpdf --generate-appearances (11.3; pikepdf 6 fills through the same libqpdf) encodes a
 *   value in ASCII, or in WinAnsi/MacRoman when the font's /Encoding is that name: each Greek
 *   or Cyrillic letter becomes "?", and it then removes /NeedAppearances, so no viewer redraws
 *   the field either.
 * - pdftk fill_form (pdftk-java 3.3.2) draws the letters of the form font's /Differences, but
 *   reads the glyph names Delta, Omega and mu as U+2206, U+2126 and U+00B5, and drops Δ, Ω
 *   and μ.
 * - The way round both: set the values only (pikepdf, /NeedAppearances) and flatten with the
 *   service's flattener, which draws /V with the whole font chain: every value is in the text.
 */
import { flattenToPdfA } from "../../shared/documents/flatten/flatten.ts";
import { renderDocument } from "../../shared/documents/pdf/documents.ts";
import { loadFonts } from "../../shared/documents/pdf/font.ts";
import { context, reducedShipment, visibleFieldNames } from "../flatten/support.ts";
import { pdftkFill, pikepdfFill, run, tempDir } from "../pdf/tools.ts";
import { assert, assertEquals } from "../support/assert.ts";

const dir = tempDir("fill-tools-limits-test-");

/** A fillable commercial invoice whose parties are in Greece: its form font adds Greek. */
async function greekForm(): Promise<{ path: string; names: string[] }> {
  const type = "COMMERCIAL_INVOICE";
  const data = reducedShipment(type) as Record<string, Record<string, unknown>>;
  for (const party of ["exporter", "importer"]) data[party] = { ...data[party], country: "GR" };
  const pdf = await renderDocument(type, data, context(false));
  const path = `${dir}/greek.pdf`;
  await Deno.writeFile(path, pdf);
  return { path, names: await visibleFieldNames(pdf) };
}

function valuesFor(names: string[], words: string[]): Record<string, string> {
  assert(names.length >= words.length, `${names.length} fields for ${words.length} values`);
  return Object.fromEntries(words.map((w, i) => [names[i]!, `${w}${i}`]));
}

async function text(path: string): Promise<string> {
  return (await run("pdftotext", ["-enc", "UTF-8", path, "-"])).stdout;
}

async function needAppearances(path: string): Promise<string> {
  const script = "import pikepdf,sys\n" +
    "print(pikepdf.open(sys.argv[1]).Root.AcroForm.get('/NeedAppearances'))";
  return (await run("/usr/bin/python3", ["-c", script, path])).stdout.trim();
}

Deno.test("qpdf --generate-appearances draws Greek and Cyrillic letters as '?' and ends NeedAppearances", async () => {
  const { path, names } = await greekForm();
  const values = valuesFor(names, ["Αθήνα", "Москва", "Café"]);
  const set = `${dir}/greek-pikepdf.pdf`;
  await pikepdfFill(path, values, set);
  assertEquals(await needAppearances(set), "True");
  const out = `${dir}/greek-qpdf.pdf`;
  await run("qpdf", ["--generate-appearances", set, out]);
  const filled = await text(out);
  assert(filled.includes("?????0") && !filled.includes("Αθήνα0"), "Greek as one '?' per letter");
  assert(filled.includes("??????1") && !filled.includes("Москва1"), "Cyrillic likewise");
  assert(filled.includes("Café2"), "WinAnsi letters are drawn");
  assertEquals(await needAppearances(out), "None", "qpdf removed /NeedAppearances");
});

Deno.test("pdftk fill_form draws the form font's Greek letters but not Δ, Ω and μ", async () => {
  const { path, names } = await greekForm();
  const values = valuesFor(names, ["Αθήνα", "ΔΩμ"]);
  const out = `${dir}/greek-pdftk.pdf`;
  await pdftkFill(path, values, out, false);
  const filled = await text(out);
  assert(filled.includes("Αθήνα0"), "Greek letters of the /Differences are drawn");
  assert(!/[ΔΩμ]/.test(filled), "Δ, Ω and μ are not drawn");
  assert(/^1$/m.test(filled), "the rest of the value is");
});

Deno.test("values set without appearances and flattened by the service: every script drawn", async () => {
  const { path, names } = await greekForm();
  const values = valuesFor(names, ["Αθήνα", "Москва", "ΔΩμ", "上海", "Café"]);
  const set = `${dir}/greek-pikepdf-all.pdf`;
  await pikepdfFill(path, values, set);
  const flat = await flattenToPdfA(
    await Deno.readFile(set),
    { hashStamp: `sha256:${"ab".repeat(32)}`, docLabel: "limits" },
    await loadFonts(),
  );
  const out = `${dir}/greek-flattened.pdf`;
  await Deno.writeFile(out, flat);
  const flattened = (await text(out)).replace(/\s+/g, "");
  const lost = Object.values(values).filter((v) => !flattened.includes(v));
  assertEquals(lost, [], "every value in the flattened text");
});
