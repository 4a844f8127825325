/**
 * Generated forms filled by the tools people use, on every document type: `pdftk fill_form`
 * with its defaults (pdftk draws the appearances itself in the form's /DR font), and a pikepdf
 * script setting /V followed by `qpdf --generate-appearances` (qpdf draws them in the
 * appearance stream's font). The filled file's text (pdftotext, as a reader, printer or
 * recipient sees it) holds every typed value.
 *
 * The form font is a single-byte font (256 codes): WinAnsi plus the letters of one more script,
 * chosen by the document's countries and content (shared/documents/pdf/form_font.ts). A Greek or Russian
 * party gives Greek or Cyrillic letters; otherwise the Latin letters WinAnsi lacks (Polish,
 * Czech, Turkish, …). qpdf encodes in WinAnsi only, whatever the font, so with qpdf only
 * WinAnsi values can be drawn; Greek and Cyrillic ones are left to pdftk and to the service's
 * flattener (tests/forms/fill_tools_limits_test.ts, with the reasons in the tools' source).
 *
 * The boxes to tick (radio groups such as the VGM method or the Institute Cargo Clauses, check
 * boxes such as the war clauses) are left unset in the data, so every type that has them
 * offers them as fields; each tool ticks one state of each, and extract-filled-fields reads it
 * back at its shipment path (a check box as true, a radio group as its option).
 * tests/forms/choices_test.ts flattens them.
 */
import { extractFilledForm } from "../../shared/documents/forms/extract.ts";
import { renderDocument, TEMPLATES } from "../../shared/documents/pdf/documents.ts";
import { forEachContent } from "../../shared/documents/pdf/model.ts";
import {
  DOCUMENT_TYPES,
  type DocumentType,
} from "../../shared/documents/catalogue/document_types.ts";
import { readPath, type ShipmentPath, toDataPath } from "../../shared/documents/catalogue/paths.ts";
import { context, reducedShipment, visibleFieldNames } from "../flatten/support.ts";
import { pdftkFields, pdftkFill, pikepdfFill, run, tempDir } from "../pdf/tools.ts";
import { assert, assertEquals } from "../support/assert.ts";

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

/**
 * Removes the values the type prints as boxes to tick, so that they become form fields;
 * returns their paths.
 */
function unsetChoices(type: DocumentType, data: Record<string, unknown>): string[] {
  const paths: string[] = [];
  forEachContent(TEMPLATES[type](data), (c) => {
    if (c.kind !== "field" || !c.options || c.path === "") return;
    paths.push(c.path);
    const steps = c.path.split(".");
    const parent = readPath(data, steps.slice(0, -1).join(".") as ShipmentPath);
    if (parent !== null && typeof parent === "object") {
      delete (parent as Record<string, unknown>)[steps.at(-1)!];
    }
  });
  return paths;
}

/** One "on" state of each check box and radio group (the last: not the usual default). */
async function tickStates(path: string): Promise<Record<string, string>> {
  const buttons = (await pdftkFields(path)).filter((f) =>
    f.type === "Button" && !f.name.startsWith("_service_")
  );
  return Object.fromEntries(
    buttons.map((f) => [f.name, f.states.filter((s) => s !== "Off").at(-1)!]),
  );
}

/** A yes/no box reads back as a boolean, any other state as itself (an enum option). */
const BOOLEAN_STATES: Record<string, boolean> = { Yes: true, No: false };

/** The ticked states as extract-filled-fields reads them back, by shipment path. */
function readTicks(path: string, type: DocumentType, ticks: Record<string, string>) {
  const { mapping } = extractFilledForm(Deno.readFileSync(path), { docType: type });
  const names = Object.keys(ticks);
  return {
    read: names.map((name) => [name, mapping.mapped.get(toDataPath(name) as ShipmentPath)?.value]),
    wanted: names.map((name) => [name, BOOLEAN_STATES[ticks[name]!] ?? ticks[name]]),
  };
}

async function missing(path: string, values: Record<string, string>): Promise<string[]> {
  const text = (await run("pdftotext", ["-enc", "UTF-8", path, "-"])).stdout;
  return Object.entries(values).filter(([, v]) => !text.includes(v)).map(([n, v]) => `${n}=${v}`);
}

for (const type of DOCUMENT_TYPES) {
  Deno.test(`form fillers: pdftk and qpdf draw typed values legibly on ${type}`, async () => {
    for (const c of CASES) {
      const data = reducedShipment(type) as Record<string, Record<string, unknown>>;
      const choices = unsetChoices(type, data);
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

      const ticks = await tickStates(source);
      assertEquals(Object.keys(ticks).map(toDataPath), choices, "every box to tick is a field");

      const byPdftk = valuesFor(names, c.pdftk);
      const pdftkOut = `${dir}/${type}-${c.script}-pdftk.pdf`;
      await pdftkFill(source, { ...byPdftk, ...ticks }, pdftkOut, false);
      const lostByPdftk = await missing(pdftkOut, byPdftk);
      assert(lostByPdftk.length === 0, `${c.script}: pdftk lost ${lostByPdftk.join(", ")}`);
      const pdftkTicks = readTicks(pdftkOut, type, ticks);
      assertEquals(pdftkTicks.read, pdftkTicks.wanted, `${c.script}: pdftk's ticks`);

      const byQpdf = valuesFor(names, c.qpdf);
      const set = `${dir}/${type}-${c.script}-pikepdf.pdf`;
      await pikepdfFill(source, { ...byQpdf, ...ticks }, set);
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
      const qpdfTicks = readTicks(qpdfOut, type, ticks);
      assertEquals(qpdfTicks.read, qpdfTicks.wanted, `${c.script}: pikepdf's and qpdf's ticks`);
    }
  });
}
