/**
 * The built-in flattener on the 16 real documents, each checked with tests/support/pdfa.ts
 * (ISO 19005-2 rules, qpdf, poppler):
 *
 * - fillable as generated (the recommended fields empty): passes the PDF/A-2b checks;
 * - the same, filled the way a tool that draws no appearances fills it (/V only,
 *   NeedAppearances true), with non-Latin values and a changed hidden `_service_shipment_ref`:
 *   passes; every value is printed inside its field's box (pdftotext cropped to the box);
 *   the hidden value is in the XMP and nowhere in the text;
 * - final: passes;
 * - every page carries the hash stamp; the service fields' values are in the XMP.
 *
 * Each type's work runs in one of two lanes in the background, started by the first test.
 */
import { flattenToPdfA } from "../../shared/documents/flatten/flatten.ts";
import { loadFonts } from "../../shared/documents/pdf/font.ts";
import {
  DOCUMENT_TYPES,
  type DocumentType,
} from "../../shared/documents/catalogue/document_types.ts";
import { pdftotext, run, tempDir } from "../pdf/tools.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";
import { checkPdfA, type PdfAReport } from "../support/pdfa.ts";
import {
  fillWithoutAppearances,
  renderFillable,
  renderFinal,
  SHIPMENT_ID,
  visibleFieldNames,
  widgetBoxes,
} from "./support.ts";

const dir = tempDir("flatten-test-");
const STAMP = `sha256:${"4f2a9c".repeat(10)}d1e0`;
const HIDDEN_REF = "HIDDEN-REF-4711";

/** Fold whitespace, so a value wrapped over lines still matches. */
function fold(text: string): string {
  return text.replace(/\s+/g, " ");
}

function count(text: string, needle: string): number {
  return fold(text).split(needle).length - 1;
}

async function flattenTo(name: string, pdf: Uint8Array): Promise<string> {
  const out = await flattenToPdfA(pdf, { hashStamp: STAMP, docLabel: name }, await loadFonts());
  const path = `${dir}/${name}.pdf`;
  await Deno.writeFile(path, out);
  return path;
}

/** The text pdftotext finds inside a box of a page (PDF units, origin bottom left). */
async function textInBox(path: string, page: number, rect: number[], pageHeight: number) {
  const [x1, y1, x2, y2] = rect as [number, number, number, number];
  const r = await run("pdftotext", [
    "-enc",
    "UTF-8",
    "-f",
    String(page + 1),
    "-l",
    String(page + 1),
    "-x",
    String(Math.floor(x1)),
    "-y",
    String(Math.floor(pageHeight - y2)),
    "-W",
    String(Math.ceil(x2 - x1)),
    "-H",
    String(Math.ceil(y2 - y1)),
    path,
    "-",
  ]);
  return r.stdout;
}

interface Outcome {
  fillable: PdfAReport;
  sourceText: string;
  filled: PdfAReport;
  filledPath: string;
  values: Record<string, string>;
  boxes: Record<string, { page: number; rect: number[] }[]>;
  final: PdfAReport;
}

async function examine(type: DocumentType): Promise<Outcome> {
  const fillable = await renderFillable(type);
  const names = await visibleFieldNames(fillable);
  const boxes: Outcome["boxes"] = {};
  for (const name of names) boxes[name] = await widgetBoxes(fillable, name);
  // What a person would type: a phrase in a wide box, a code in a narrow table cell.
  const values = Object.fromEntries(names.map((n, i) => {
    const width = Math.min(...boxes[n]!.map((b) => b.rect[2]! - b.rect[0]!));
    return [n, width >= 100 ? `Typed${i} Ünï Αθή Жё` : `Ж${i}`];
  }));
  const filled = await fillWithoutAppearances(fillable, {
    ...values,
    _service_shipment_ref: HIDDEN_REF,
  });
  const sourcePath = `${dir}/${type}-source.pdf`;
  await Deno.writeFile(sourcePath, fillable);
  const [fillablePath, filledPath, finalPath] = await Promise.all([
    flattenTo(`${type}-fillable`, fillable),
    flattenTo(`${type}-filled`, filled),
    renderFinal(type).then((pdf) => flattenTo(`${type}-final`, pdf)),
  ]);
  return {
    fillable: await checkPdfA(fillablePath),
    sourceText: await pdftotext(sourcePath),
    filled: await checkPdfA(filledPath),
    filledPath,
    values,
    boxes,
    final: await checkPdfA(finalPath),
  };
}

let outcomes: Map<DocumentType, Promise<Outcome>> | undefined;

function outcomeOf(type: DocumentType): Promise<Outcome> {
  if (!outcomes) {
    outcomes = new Map();
    const lanes: Promise<unknown>[] = [Promise.resolve(), Promise.resolve()];
    DOCUMENT_TYPES.forEach((t, i) => {
      const lane = i % lanes.length;
      const started = lanes[lane]!.then(() => examine(t));
      started.catch(() => {});
      outcomes!.set(t, started);
      lanes[lane] = started.catch(() => undefined);
    });
  }
  return outcomes.get(type)!;
}

function pages(report: PdfAReport): string[] {
  const list = report.text.split("\f");
  if (list.at(-1)?.trim() === "") list.pop();
  return list;
}

for (const type of DOCUMENT_TYPES) {
  Deno.test({
    name: `flatten: ${type} fillable, filled and final pass the PDF/A-2b checks`,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn(t) {
      const o = await outcomeOf(type);

      await t.step("fillable as generated: no finding", () => {
        assertEquals(o.fillable.findings, []);
      });

      await t.step("filled without appearance streams: no finding", () => {
        assertEquals(o.filled.findings, []);
      });

      await t.step("final: no finding", () => {
        assertEquals(o.final.findings, []);
      });

      await t.step("every typed value is printed inside its field's box", async () => {
        assert(Object.keys(o.values).length > 0, `${type} has fillable fields`);
        for (const [name, value] of Object.entries(o.values)) {
          for (const box of o.boxes[name]!) {
            // Without whitespace: a value too long for its box is wrapped, words broken.
            const inside = await textInBox(o.filledPath, box.page, box.rect, 841.89);
            assert(
              inside.replace(/\s+/g, "").includes(value.replace(/\s+/g, "")),
              `${name}: "${value}" inside [${box.rect.join(", ")}] on page ${box.page + 1}, ` +
                `found "${inside.trim()}"`,
            );
          }
        }
      });

      await t.step("no annotation and no action is left, links included", async () => {
        const json = (await run("qpdf", ["--json", o.filledPath])).stdout;
        for (const key of ['"/Annots"', '"/A"', '"/AA"', '"/URI"', '"/AcroForm"']) {
          assert(!json.includes(key), `${type}: the archival copy has no ${key}`);
        }
      });

      await t.step("the hash stamp is on every page", () => {
        for (const report of [o.fillable, o.filled, o.final]) {
          const list = pages(report);
          assert(list.length >= 1);
          list.forEach((text, i) => {
            assert(text.includes(`Hash stamp: ${STAMP}`), `page ${i + 1} carries the stamp`);
          });
        }
      });

      await t.step("service fields are XMP metadata, not visible text", () => {
        assert(!o.filled.text.includes(HIDDEN_REF), "the hidden value is not printed");
        assert(o.filled.xmp.includes(`<tds:shipmentRef>${HIDDEN_REF}</tds:shipmentRef>`));
        for (const report of [o.fillable, o.filled, o.final]) {
          assert(report.xmp.includes(`<tds:shipmentId>${SHIPMENT_ID}</tds:shipmentId>`));
          assert(report.xmp.includes(`<tds:docType>${type}</tds:docType>`));
          assert(report.xmp.includes(`<tds:hashStamp>${STAMP}</tds:hashStamp>`));
          // The footer prints the shipment id once per page; flattening adds no copy of it.
          equal(count(report.text, SHIPMENT_ID), count(o.sourceText, SHIPMENT_ID));
        }
      });

      await t.step("the title and identification are in the Info dictionary and XMP", () => {
        equal(o.final.info.Producer, "trade-docs PDF/A-2b flattener 1");
        assert(o.final.info.Title && o.final.info.Title.length > 0);
        assert(o.final.xmp.includes("<pdfaid:part>2</pdfaid:part>"));
      });
    },
  });
}
