/**
 * The 16 real documents, rendered by their templates from the sample shipment and checked with
 * real tools, one test per type:
 *
 * - fillable (final_doc false), with a validation hash and verify URL: `qpdf --check` clean;
 *   pdftotext finds the exporter (the laboratory for the certificate of analysis) and the hash;
 *   pdffonts lists only embedded fonts, none of the standard 14; the QR code decodes to the
 *   verify URL on every page at 150 dpi (of the 200-item copy too) and on page 1 after a
 *   simulated fax (100 dpi, 1 bit, turned 1.5° and −2°); pdftk lists the three hidden fields;
 * - from a copy without the type's recommended fields (FIELD_REQUIREMENTS; the required ones
 *   where a type recommends none): pdftk lists each as a form field by its camelCase field
 *   path, and `pdftk fill_form … need_appearances` fills one with Unicode text;
 * - final (final_doc true) from that same copy: no form fields but the hidden ones;
 * - 200 line items (the types that list goods): qpdf clean, "Page N of N" on the last page;
 * - page 1 at 50 dpi against a reviewed snapshot, tests/pdf/snapshots/documents/<TYPE>-p1.png.
 *   After a reviewed layout change: `UPDATE_SNAPSHOTS=1 deno task test
 *   tests/pdf/documents_test.ts`, then look at every PNG.
 *
 * Each PDF is rendered once; the tools of up to two types run at a time in the background, so
 * each test mostly awaits work already done.
 */
import { renderDocument, TEMPLATES } from "../../shared/documents/pdf/documents.ts";
import type { RenderContext } from "../../shared/documents/pdf/model.ts";
import { qrText } from "../../shared/documents/pdf/qr.ts";
import { SERVICE_FIELDS } from "../../shared/documents/pdf/render.ts";
import {
  DOCUMENT_TYPES,
  type DocumentType,
} from "../../shared/documents/catalogue/document_types.ts";
import { FIELD_REQUIREMENTS } from "../../shared/documents/catalogue/field_requirements.ts";
import { isPresent, readPath, type ShipmentPath } from "../../shared/documents/catalogue/paths.ts";
import { hazardousShipment, sampleShipment } from "../fixtures/sample_shipment.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";
import { faxPage } from "../support/fax.ts";
import {
  decodeGrayPng,
  type FontRow,
  type FormField,
  imageDifference,
  pageCount,
  pageTexts,
  pdffonts,
  pdftkFields,
  pdftkFill,
  pdftotext,
  qpdfCheck,
  renderPage,
  tempDir,
  zbarimg,
} from "./tools.ts";

type Data = Record<string, unknown>;

const dir = tempDir("pdf-documents-test-");
const HASH = "9c1e4b7a2d5f8036e1a4c7b0d3f6092e5b8c1d4a7f0e3b6c9d2a5f8e1b4c7d0a";
const VERIFY_URL = `https://verify.trade-docs.example/functions/v1/verify-hash/${HASH}`;
const SHIPMENT_ID = "7d7c3a4e-2f1b-4c8e-9a6d-5b4e3c2d1a0f";
const SHIPMENT_REF = "PO-2026-0042";
const FILL_VALUE = "Ünïcödé Αθήνα";
const LONG_ITEMS = 200;
const STANDARD_14 =
  /^(Times|Helvetica|Courier|Symbol|ZapfDingbats)(-|$)|^(Times-Roman|Arial|TimesNewRoman)/;
/** The types whose goods table has one row per line item (all but the VGM and the CoA). */
const GOODS_TYPES: readonly DocumentType[] = DOCUMENT_TYPES.filter((t) =>
  t !== "VGM_DECLARATION" && t !== "CERTIFICATE_OF_ANALYSIS"
);

const SNAPSHOTS = new URL("./snapshots/documents/", import.meta.url);
const UPDATE = Deno.env.get("UPDATE_SNAPSHOTS") === "1";
/** Share of page pixels that may differ from the snapshot (anti-aliasing, font hinting). */
const TOLERANCE = 0.002;

function context(finalDoc: boolean): RenderContext {
  return {
    shipmentId: SHIPMENT_ID,
    shipmentRef: SHIPMENT_REF,
    validationHash: HASH,
    verifyUrl: VERIFY_URL,
    finalDoc,
    createdAt: new Date("2026-11-28T09:00:00Z"),
    documentId: "6a1f2e3d-4c5b-4a69-8877-665544332211",
  };
}

/** The shipment a type is rendered from: n line items (the DGD's first one dangerous). */
function shipmentFor(type: DocumentType, items = 10): Data {
  let shipment = sampleShipment(items);
  if (type === "DANGEROUS_GOODS_DECLARATION") {
    const hazardous = hazardousShipment();
    if (items === 10) {
      shipment = hazardous;
    } else {
      shipment.goods.line_items[0] = hazardous.goods.line_items[0]!;
    }
  }
  const data = structuredClone(shipment) as unknown as Data;
  if (type === "EUR1_MOVEMENT_CERTIFICATE" || type === "STATEMENT_ON_ORIGIN") {
    (data.route as Data).destination_country = "CH";
    (data.importer as Data).country = "CH";
  }
  return data;
}

/** The fields taken out of the reduced copy: the recommended ones (required where none). */
function removedFields(type: DocumentType) {
  const req = FIELD_REQUIREMENTS[type];
  return req.recommended.length > 0 ? req.recommended : req.required;
}

function withoutPaths(data: Data, paths: string[]): Data {
  const copy = structuredClone(data);
  for (const path of paths) {
    const steps = path.split(".");
    const parent = readPath(copy, steps.slice(0, -1).join(".") as ShipmentPath);
    if (parent !== null && typeof parent === "object") {
      delete (parent as Data)[steps.at(-1)!];
    }
  }
  return copy;
}

/** The name a type must print: the exporter, for the certificate of analysis the laboratory. */
function partyName(type: DocumentType, data: Data): string {
  const path = type === "CERTIFICATE_OF_ANALYSIS"
    ? "analysis_data.laboratory_name"
    : "exporter.name";
  const name = readPath(data, path);
  assert(typeof name === "string" && name.length > 0, `the sample has ${path}`);
  return name;
}

/** Whitespace folded, so a name wrapped over two lines of a box still matches. */
function fold(text: string): string {
  return text.replace(/\s+/g, " ");
}

async function write(name: string, bytes: Uint8Array): Promise<string> {
  const path = `${dir}/${name}.pdf`;
  await Deno.writeFile(path, bytes);
  return path;
}

/** The snapshot comparison: a message when page 1 differs, null when it matches. */
async function compareSnapshot(type: DocumentType, pdf: string): Promise<string | null> {
  const png = await renderPage(pdf, 1, 50, { gray: true });
  const snapshot = new URL(`${type}-p1.png`, SNAPSHOTS);
  if (UPDATE) {
    await Deno.mkdir(SNAPSHOTS, { recursive: true });
    await Deno.copyFile(png, snapshot);
    return null;
  }
  const expected = decodeGrayPng(await Deno.readFile(snapshot));
  const actual = decodeGrayPng(await Deno.readFile(png));
  const difference = imageDifference(expected, actual);
  if (difference <= TOLERANCE) return null;
  const kept = `.test-output/pdf/documents/${type}-p1.png`;
  await Deno.mkdir(".test-output/pdf/documents", { recursive: true });
  await Deno.copyFile(png, kept);
  return `${type} page 1: ${(difference * 100).toFixed(2)} % of pixels differ from the ` +
    `snapshot (see ${kept}; UPDATE_SNAPSHOTS=1 after review)`;
}

/** Everything the tools say about one type; each entry is a promise already under way. */
interface Outcome {
  data: Data;
  removed: { fieldPath: string; dataPath: ShipmentPath }[];
  qpdf: Promise<void>;
  text: Promise<string>;
  fonts: Promise<FontRow[]>;
  /** What zbarimg reads: each page at 150 dpi (fillable, then long), page 1 faxed. */
  qr: Promise<{ pages: string[][]; faxed: string[][] }>;
  fields: Promise<FormField[]>;
  reducedFields: Promise<FormField[]>;
  filled: Promise<{ name: string; fields: FormField[] }>;
  finalFields: Promise<FormField[]>;
  long: Promise<{ count: number; pages: string[] } | null>;
  snapshot: Promise<string | null>;
}

async function examine(type: DocumentType): Promise<Outcome> {
  const data = shipmentFor(type);
  const removed = removedFields(type);
  const reducedData = withoutPaths(data, removed.map((f) => f.dataPath));
  const longData = GOODS_TYPES.includes(type) ? shipmentFor(type, LONG_ITEMS) : null;

  const [fillable, reduced, final, long] = await Promise.all([
    renderDocument(type, data, context(false)).then((b) => write(`${type}-fillable`, b)),
    renderDocument(type, reducedData, context(false)).then((b) => write(`${type}-reduced`, b)),
    renderDocument(type, reducedData, context(true)).then((b) => write(`${type}-final`, b)),
    longData
      ? renderDocument(type, longData, context(false)).then((b) => write(`${type}-long`, b))
      : null,
  ]);

  const outcome: Outcome = {
    data,
    removed,
    qpdf: (async () => {
      await Promise.all([fillable, reduced, final, ...(long ? [long] : [])].map(qpdfCheck));
    })(),
    text: pdftotext(fillable),
    fonts: pdffonts(fillable),
    qr: (async () => {
      const files = [fillable, ...(long ? [long] : [])];
      const pages: string[][] = [];
      for (const file of files) {
        for (let page = 1; page <= await pageCount(file); page++) {
          pages.push(await zbarimg(await renderPage(file, page, 150)));
        }
      }
      const faxed = [];
      for (const rotation of [1.5, -2]) {
        faxed.push(await zbarimg(await faxPage(fillable, 1, { rotation })));
      }
      return { pages, faxed };
    })(),
    fields: pdftkFields(fillable),
    reducedFields: pdftkFields(reduced),
    filled: (async () => {
      // The first removed value that is a text field (a choice is a radio group: no text).
      const text = new Set(
        (await pdftkFields(reduced)).filter((f) => f.type === "Text").map((f) => f.name),
      );
      const name = removed.find((f) => text.has(f.fieldPath))!.fieldPath;
      const out = `${dir}/${type}-filled.pdf`;
      await pdftkFill(reduced, { [name]: FILL_VALUE }, out, true);
      await qpdfCheck(out);
      return { name, fields: await pdftkFields(out) };
    })(),
    finalFields: pdftkFields(final),
    long: long
      ? Promise.all([pageCount(long), pageTexts(long)]).then(([count, pages]) => ({
        count,
        pages,
      }))
      : Promise.resolve(null),
    snapshot: compareSnapshot(type, fillable),
  };
  // Each test awaits its own promises; until then a failure is not an unhandled rejection.
  for (const p of Object.values(outcome)) if (p instanceof Promise) p.catch(() => {});
  return outcome;
}

/** All types examined in order, two at a time, started by the first test that asks. */
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
      // The next type in this lane starts when this one's tools have all answered.
      lanes[lane] = started.then((o) => Promise.allSettled(Object.values(o)), () => undefined);
    });
  }
  return outcomes.get(type)!;
}

Deno.test("documents: the goods-listing types are the ones whose table has a row per line item", () => {
  for (const type of DOCUMENT_TYPES) {
    const data = shipmentFor(type, 12);
    const items = (readPath(data, "goods.line_items") as unknown[]).length;
    const spec = TEMPLATES[type](data);
    const perItem = spec.blocks.some((b) => b.kind === "table" && b.rows.length === items);
    equal(perItem, GOODS_TYPES.includes(type), `${type} lists one row per line item`);
  }
});

for (const type of DOCUMENT_TYPES) {
  Deno.test({
    name: `documents: ${type}`,
    // The tools of later types run in the background while this test checks its own.
    sanitizeOps: false,
    sanitizeResources: false,
    async fn(t) {
      const o = await outcomeOf(type);

      await t.step("qpdf --check is clean (fillable, without fields, final, long)", async () => {
        await o.qpdf;
      });

      await t.step("pdftotext finds the party name and the hash", async () => {
        const text = fold(await o.text);
        const name = partyName(type, o.data);
        assert(text.includes(name), `pdftotext finds ${name}`);
        assert(text.includes(HASH), "pdftotext finds the validation hash");
        assert(text.includes("Page 1 of"), "the footer numbers the page");
      });

      await t.step("pdffonts: every font embedded, none of the standard 14", async () => {
        const fonts = await o.fonts;
        assert(fonts.length >= 1, "pdffonts lists the fonts");
        for (const f of fonts) {
          assert(f.embedded, `font not embedded: ${JSON.stringify(f)}`);
          assert(
            !STANDARD_14.test(f.name.replace(/^[A-Z]{6}\+/, "")),
            `standard-14 font: ${f.name}`,
          );
        }
      });

      await t.step("the QR code decodes on every page at 150 dpi and after a fax", async () => {
        const { pages, faxed } = await o.qr;
        // The hash is encoded in capitals (alphanumeric mode); verify-hash takes either case.
        const url = qrText(VERIFY_URL);
        assertEquals(pages, pages.map(() => [url]));
        assertEquals(faxed, [[url], [url]]);
      });

      await t.step("pdftk lists the three hidden service fields", async () => {
        const byName = new Map((await o.fields).map((f) => [f.name, f]));
        for (const name of SERVICE_FIELDS) assert(byName.has(name), `field ${name}`);
        equal(byName.get("_service_shipment_id")!.value, SHIPMENT_ID);
        equal(byName.get("_service_doc_type")!.value, type);
        equal(byName.get("_service_shipment_ref")!.value, SHIPMENT_REF);
      });

      await t.step("missing fields are form fields named by their camelCase path", async () => {
        const present = new Set((await o.fields).map((f) => f.name));
        for (const f of o.removed.filter((f) => isPresent(readPath(o.data, f.dataPath)))) {
          assert(!present.has(f.fieldPath), `${f.fieldPath} is printed, not a field, when given`);
        }
        const names = new Set((await o.reducedFields).map((f) => f.name));
        const missing = o.removed.filter((f) => !names.has(f.fieldPath));
        assertEquals(
          missing.map((f) => f.fieldPath),
          [],
          `without ${o.removed.map((f) => f.dataPath).join(", ")}, pdftk lists: ` +
            [...names].join(", "),
        );
        for (const name of SERVICE_FIELDS) assert(names.has(name), `field ${name}`);
      });

      await t.step("pdftk fill_form fills one of them with Unicode text", async () => {
        const { name, fields } = await o.filled;
        const field = fields.find((f) => f.name === name);
        assert(field, `the filled PDF still has ${name}`);
        equal(field.value, FILL_VALUE);
      });

      await t.step("final: no form fields but the hidden ones", async () => {
        const names = (await o.finalFields).map((f) => f.name).sort();
        assertEquals(names, [...SERVICE_FIELDS].sort());
      });

      if (GOODS_TYPES.includes(type)) {
        await t.step(`${LONG_ITEMS} line items: several pages, "Page N of N" last`, async () => {
          const long = await o.long;
          assert(long, "the long document was rendered");
          const { count, pages } = long;
          assert(count >= 2, `${LONG_ITEMS} line items take more than one page, got ${count}`);
          equal(pages.length, count, "pdftotext sees every page");
          assert(
            pages.at(-1)!.includes(`Page ${count} of ${count}`),
            `the last page says Page ${count} of ${count}`,
          );
        });
      }

      await t.step("page 1 looks like the reviewed snapshot", async () => {
        const difference = await o.snapshot;
        equal(difference, null, difference ?? "");
      });
    },
  });
}
