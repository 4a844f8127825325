/**
 * The PDF/A-2b checker (tests/support/pdfa.ts) is only worth its silence if it speaks up: a
 * flattened document passes, and each deliberate breach of a rule added to it is reported
 * under that rule's clause.
 */
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFString,
} from "@pdfme/pdf-lib";
import { flattenToPdfA } from "../../shared/documents/flatten/flatten.ts";
import { loadFonts } from "../../shared/documents/pdf/font.ts";
import { tempDir } from "../pdf/tools.ts";
import { assert, assertEquals } from "../support/assert.ts";
import { checkPdfA } from "../support/pdfa.ts";
import { fillWithoutAppearances, renderFillable, visibleFieldNames } from "./support.ts";

const dir = tempDir("pdfa-checker-test-");
let flattened: Promise<Uint8Array> | undefined;

function conforming(): Promise<Uint8Array> {
  flattened ??= renderFillable("PACKING_LIST").then(async (pdf) =>
    flattenToPdfA(pdf, { hashStamp: "checker" }, await loadFonts())
  );
  return flattened;
}

async function write(name: string, bytes: Uint8Array): Promise<string> {
  const path = `${dir}/${name}.pdf`;
  await Deno.writeFile(path, bytes);
  return path;
}

async function mutated(name: string, change: (doc: PDFDocument) => void): Promise<string> {
  const doc = await PDFDocument.load(await conforming(), { updateMetadata: false });
  change(doc);
  return write(name, await doc.save({ updateFieldAppearances: false, addDefaultPage: false }));
}

function appendContent(doc: PDFDocument, ops: string): void {
  const page = doc.getPage(0);
  const ref = doc.context.register(
    PDFRawStream.of(doc.context.obj({}), new TextEncoder().encode(ops)),
  );
  const contents = page.node.get(PDFName.of("Contents"));
  page.node.set(
    PDFName.of("Contents"),
    doc.context.obj([...(contents instanceof PDFArray ? contents.asArray() : [contents!]), ref]),
  );
}

async function expectFinding(path: string, clause: string): Promise<void> {
  const { findings } = await checkPdfA(path);
  assert(
    findings.some((f) => f.startsWith(`${clause}:`)),
    `expected a ${clause} finding, got: ${JSON.stringify(findings, null, 1)}`,
  );
}

Deno.test("pdfa checker: a flattened document has no finding", async () => {
  assertEquals((await checkPdfA(await write("ok", await conforming()))).findings, []);
});

Deno.test("pdfa checker: a generated (not flattened) form fails the PDF/A rules", async () => {
  const { findings } = await checkPdfA(
    await write("generated", await renderFillable("PACKING_LIST")),
  );
  for (const clause of ["6.2.2", "6.3.2", "6.6.4"]) {
    assert(findings.some((f) => f.startsWith(`${clause}:`)), `${clause} in ${findings}`);
  }
});

const BREACHES: [string, string, (doc: PDFDocument) => void][] = [
  ["a JavaScript OpenAction", "6.5.1", (doc) => {
    doc.catalog.set(
      PDFName.of("OpenAction"),
      doc.context.obj({ S: "JavaScript", JS: PDFString.of("app.alert(1)") }),
    );
  }],
  ["additional actions on a page", "6.5.2", (doc) => {
    doc.getPage(0).node.set(
      PDFName.of("AA"),
      doc.context.obj({ O: doc.context.obj({ S: "Named", N: "NextPage" }) }),
    );
  }],
  ["text in an unembedded Helvetica", "6.2.11.4", (doc) => {
    const font = doc.context.register(
      doc.context.obj({ Type: "Font", Subtype: "Type1", BaseFont: "Helvetica" }),
    );
    const resources = doc.getPage(0).node.Resources()!;
    const fonts = resources.lookup(PDFName.of("Font"), PDFDict);
    fonts.set(PDFName.of("Hv"), font);
    appendContent(doc, "BT /Hv 12 Tf 10 10 Td (x) Tj ET");
  }],
  ["no trailer ID", "6.1.3", (doc) => {
    doc.context.trailerInfo.ID = undefined;
  }],
  ["an Info title that differs from dc:title", "6.6.3", (doc) => {
    const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
    info.set(PDFName.of("Title"), PDFHexString.fromText("Another title"));
  }],
  ["a custom XMP property without an extension schema", "6.6.2.3", (doc) => {
    const stream = doc.context.lookup(doc.catalog.get(PDFName.of("Metadata")));
    if (!(stream instanceof PDFRawStream)) throw new Error("no metadata stream");
    const xmp = new TextDecoder().decode(stream.contents).replace(
      "</rdf:RDF>",
      '<rdf:Description rdf:about="" xmlns:foo="http://example.com/ns/"><foo:bar>x</foo:bar>' +
        "</rdf:Description></rdf:RDF>",
    );
    doc.catalog.set(
      PDFName.of("Metadata"),
      doc.context.register(
        PDFRawStream.of(
          doc.context.obj({ Type: "Metadata", Subtype: "XML" }),
          new TextEncoder().encode(xmp),
        ),
      ),
    );
  }],
  ["a hidden annotation", "6.3.2", (doc) => {
    const annot = doc.context.register(doc.context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [0, 0, 10, 10],
      F: 2,
    }));
    doc.getPage(0).node.set(PDFName.of("Annots"), doc.context.obj([annot]));
  }],
  ["a form asking readers to draw appearances", "6.4.2", (doc) => {
    doc.catalog.set(
      PDFName.of("AcroForm"),
      doc.context.obj({ Fields: [], NeedAppearances: true }),
    );
  }],
  ["a glyph width that differs from the font program", "6.2.11.5", (doc) => {
    const fonts = doc.getPage(0).node.Resources()!.lookup(PDFName.of("Font"), PDFDict);
    const type0 = fonts.lookup(PDFName.of("F1"), PDFDict);
    const cid = type0.lookup(PDFName.of("DescendantFonts"), PDFArray).lookup(0, PDFDict);
    const widths = cid.lookup(PDFName.of("W"), PDFArray).lookup(1, PDFArray);
    widths.set(1, PDFNumber.of(widths.lookup(1, PDFNumber).asNumber() + 100));
  }],
  ["CMYK colour without a CMYK output intent", "6.2.4.3", (doc) => {
    appendContent(doc, "0 0 0 1 k 0 0 5 5 re f");
  }],
  ["a reference to a missing object", "6.1", (doc) => {
    doc.catalog.set(PDFName.of("PieceInfo"), PDFRef.of(99999));
  }],
];

for (const [what, clause, change] of BREACHES) {
  Deno.test(`pdfa checker: ${what} is reported under ${clause}`, async () => {
    await expectFinding(await mutated(what.replace(/\W+/g, "-"), change), clause);
  });
}

Deno.test("pdfa checker: characters drawn as copies of .notdef are reported under 6.2.11.8", async () => {
  // Myanmar needs shaping and no font of the chain draws it: each letter gets a copy of .notdef
  // under a glyph number of its own, which the plain .notdef rule would not see.
  const fillable = await renderFillable("PACKING_LIST");
  const [name] = await visibleFieldNames(fillable);
  const filled = await fillWithoutAppearances(fillable, { [name!]: "မြန်မာ" });
  const flat = await flattenToPdfA(filled, {}, await loadFonts());
  const { findings } = await checkPdfA(await write("notdef-copy", flat));
  assert(
    findings.some((f) => f.startsWith("6.2.11.8:") && /copy/.test(f)),
    `expected a .notdef copy finding, got: ${JSON.stringify(findings, null, 1)}`,
  );
  // Values in scripts the chain draws (Hebrew; Arabic and Hindi shaped) have none.
  const hebrew = await fillWithoutAppearances(fillable, { [name!]: "חברה شركة नमस्ते" });
  const ok = await flattenToPdfA(hebrew, {}, await loadFonts());
  assertEquals((await checkPdfA(await write("hebrew", ok))).findings, []);
});
