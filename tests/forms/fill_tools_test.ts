/**
 * Generated forms filled by the tools people use, on every document type: `pdftk fill_form`
 * with its defaults (pdftk draws the appearances itself in the form's /DR font), and a pikepdf
 * script setting /V followed by `qpdf --generate-appearances` (qpdf draws them in the
 * appearance stream's font). The filled file's text (pdftotext, as a reader, printer or
 * recipient sees it) holds every typed value.
 *
 * The form font is a single-byte font (256 codes): WinAnsi plus the letters of one more script,
 * chosen by the document's countries and content (shared/pdf/form_font.ts). A Greek or Russian
 * party gives Greek or Cyrillic letters; otherwise the Latin letters WinAnsi lacks (Polish,
 * Czech, Turkish, …). qpdf encodes in WinAnsi only, whatever the font, so with qpdf only
 * WinAnsi values can be drawn; Greek and Cyrillic ones are left to pdftk and to viewers.
 * Radio groups (the VGM method, the B/L freight) are left unset here: tests/forms/choices_test.ts.
 */
import { renderDocument } from "../../shared/pdf/documents.ts";
import { DOCUMENT_TYPES } from "../../shared/rules/document_types.ts";
import { context, reducedShipment, visibleFieldNames } from "../flatten/support.ts";
import { pdftkFill, pikepdfFill, run, tempDir } from "../pdf/tools.ts";
import { assert } from "../support/assert.ts";

const dir = tempDir("fill-tools-test-");

interface Case {
  script: string;
  /** The importer's and exporter's country. */
  country?: string;
  /** Short words (fields may be narrow), each followed by the field's number. */
  pdftk: string[];
  qpdf: string[];
}

const CASES: Case[] = [
  { script: "latin", pdftk: ["Müß", "Łódź", "Şişli"], qpdf: ["Müß", "Ærø", "€5"] },
  { script: "greek", country: "GR", pdftk: ["Αθήνα", "Ρόδος"], qpdf: ["Café"] },
  { script: "cyrillic", country: "RU", pdftk: ["Москва", "Ёлка", "Київ"], qpdf: ["Noël"] },
];

function valuesFor(names: string[], words: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n, i) => [n, `${words[i % words.length]}${i}`]));
}

async function missing(path: string, values: Record<string, string>): Promise<string[]> {
  const text = (await run("pdftotext", ["-enc", "UTF-8", path, "-"])).stdout;
  return Object.entries(values).filter(([, v]) => !text.includes(v)).map(([n, v]) => `${n}=${v}`);
}

for (const type of DOCUMENT_TYPES) {
  Deno.test(`form fillers: pdftk and qpdf draw typed values legibly on ${type}`, async () => {
    for (const c of CASES) {
      const data = reducedShipment(type) as Record<string, Record<string, unknown>>;
      if (c.country) {
        for (const party of ["exporter", "importer"]) {
          data[party] = { ...data[party], country: c.country };
        }
      }
      const source = `${dir}/${type}-${c.script}.pdf`;
      const pdf = await renderDocument(type, data, context(false));
      await Deno.writeFile(source, pdf);
      const names = await visibleFieldNames(pdf);
      if (names.length === 0) continue;

      const byPdftk = valuesFor(names, c.pdftk);
      const pdftkOut = `${dir}/${type}-${c.script}-pdftk.pdf`;
      await pdftkFill(source, byPdftk, pdftkOut, false);
      const lostByPdftk = await missing(pdftkOut, byPdftk);
      assert(lostByPdftk.length === 0, `${c.script}: pdftk lost ${lostByPdftk.join(", ")}`);

      const byQpdf = valuesFor(names, c.qpdf);
      const set = `${dir}/${type}-${c.script}-pikepdf.pdf`;
      await pikepdfFill(source, byQpdf, set);
      const qpdfOut = `${dir}/${type}-${c.script}-qpdf.pdf`;
      // qpdf 11.3 (Debian) can only set radio groups at the top of the field tree and warns
      // (exit 3) about the engine's nested ones; it still draws the text fields.
      const generated = await run("qpdf", ["--generate-appearances", set, qpdfOut], {
        allowFailure: true,
      });
      const warnings = generated.stderr.split("\n").filter((l) => l.startsWith("WARNING"));
      assert(
        generated.code === 0 ||
          generated.code === 3 && warnings.every((w) => /as a radio button/.test(w)),
        `qpdf: ${generated.stderr}`,
      );
      const lostByQpdf = await missing(qpdfOut, byQpdf);
      assert(lostByQpdf.length === 0, `${c.script}: qpdf lost ${lostByQpdf.join(", ")}`);
    }
  });
}
