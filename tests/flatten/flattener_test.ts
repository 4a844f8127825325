/**
 * The flattener's parts and edges: the sRGB profile as a real colour management module reads
 * it (LittleCMS's transicc, Debian liblcms2-utils), deterministic output, refusals of files
 * that are not readable PDFs, date and appearance-string parsing, XML-safe metadata, and a
 * multi-page document stamped on every page.
 */
import { BuiltInFlattener } from "../../shared/documents/flatten/builtin_provider.ts";
import { fontSizeOf } from "../../shared/documents/flatten/fields.ts";
import { flattenToPdfA, pdfDateOf } from "../../shared/documents/flatten/flatten.ts";
import { srgbProfile } from "../../shared/documents/flatten/icc.ts";
import { xml, xmpPacket } from "../../shared/documents/flatten/xmp.ts";
import { loadFonts } from "../../shared/documents/pdf/font.ts";
import { FlattenFailure } from "../../shared/documents/flatten/provider.ts";
import { pageCount, run, tempDir } from "../pdf/tools.ts";
import { missingToolMessage } from "../support/external_tools.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";
import { checkPdfA } from "../support/pdfa.ts";
import { renderFillable } from "./support.ts";

const dir = tempDir("flattener-test-");

/** transicc's answers for lines of input values (its banner lines dropped). */
async function transicc(args: string[], input: string): Promise<number[][]> {
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command("transicc", {
      args: [...args, "-n"],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    throw new Error(missingToolMessage("transicc"));
  }
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(input));
  await writer.close();
  const output = await child.output();
  const text = new TextDecoder().decode(output.stdout);
  return text.split("\n").filter((l) => /^\s*-?\d/.test(l)).map((l) =>
    l.trim().split(/\s+/).map(Number)
  );
}

Deno.test("sRGB profile: LittleCMS maps colours through it as through its own sRGB", async () => {
  const path = `${dir}/srgb.icc`;
  await Deno.writeFile(path, srgbProfile());
  const colours = "255 0 0\n0 255 0\n0 0 255\n128 128 128\n255 255 255\n30 200 90\n";
  const ours = await transicc(["-i", path, "-o", "*Lab"], colours);
  const reference = await transicc(["-i", "*sRGB", "-o", "*Lab"], colours);
  equal(ours.length, 6, `transicc read the profile: ${JSON.stringify(ours)}`);
  ours.forEach((lab, i) => {
    lab.forEach((v, k) => {
      assert(
        Math.abs(v - reference[i]![k]!) < 0.2,
        `colour ${i}: ${lab} against sRGB's ${reference[i]}`,
      );
    });
  });
});

Deno.test("sRGB profile: an ICC v2 display RGB profile with a consistent header", () => {
  const icc = srgbProfile();
  const view = new DataView(icc.buffer, icc.byteOffset, icc.byteLength);
  const ascii = (at: number) => String.fromCharCode(...icc.subarray(at, at + 4));
  equal(view.getUint32(0), icc.length);
  equal(icc[8], 2);
  assertEquals([ascii(12), ascii(16), ascii(20), ascii(36)], ["mntr", "RGB ", "XYZ ", "acsp"]);
  const tags = new Set<string>();
  for (let i = 0; i < view.getUint32(128); i++) tags.add(ascii(132 + i * 12));
  for (const tag of ["desc", "cprt", "wtpt", "rXYZ", "gXYZ", "bXYZ", "rTRC", "gTRC", "bTRC"]) {
    assert(tags.has(tag), `tag ${tag}`);
  }
});

Deno.test("flatten: the same input gives the same bytes; another stamp another file", async () => {
  const pdf = await renderFillable("CERTIFICATE_OF_ORIGIN");
  const fonts = await loadFonts();
  const a = await flattenToPdfA(pdf, { hashStamp: "one" }, fonts);
  const b = await flattenToPdfA(pdf, { hashStamp: "one" }, fonts);
  const c = await flattenToPdfA(pdf, { hashStamp: "two" }, fonts);
  assertEquals(a, b);
  assert(a.length !== c.length || a.some((v, i) => v !== c[i]), "the stamp changes the file");
});

Deno.test("flatten: a 60-line invoice is stamped on each of its pages", async () => {
  const pdf = await renderFillable("COMMERCIAL_INVOICE", 60);
  const path = `${dir}/long.pdf`;
  await Deno.writeFile(path, await new BuiltInFlattener().flatten({ pdf, hashStamp: "h-60" }));
  const report = await checkPdfA(path);
  assertEquals(report.findings, []);
  const pages = report.text.split("\f").filter((p) => p.trim() !== "");
  const count = await pageCount(path);
  assert(count >= 3, `60 lines take several pages, got ${count}`);
  equal(pages.length, count);
  pages.forEach((text, i) => assert(text.includes("Hash stamp: h-60"), `page ${i + 1}`));
});

Deno.test("flatten: files that are not readable PDFs are refused with FlattenFailure", async () => {
  const fonts = await loadFonts();
  const pdf = await renderFillable("PACKING_LIST");
  const source = `${dir}/plain.pdf`;
  const encrypted = `${dir}/encrypted.pdf`;
  await Deno.writeFile(source, pdf);
  await run("qpdf", ["--encrypt", "user", "owner", "256", "--", source, encrypted]);
  const cases: [string, Uint8Array][] = [
    ["not a PDF", new TextEncoder().encode("<html>hello</html>")],
    ["a PDF header and garbage", new TextEncoder().encode("%PDF-1.7\n%garbage\n".repeat(3))],
    ["truncated", pdf.subarray(0, 300)],
    ["encrypted", await Deno.readFile(encrypted)],
  ];
  for (const [what, bytes] of cases) {
    let error: unknown;
    try {
      await flattenToPdfA(bytes, {}, fonts);
    } catch (e) {
      error = e;
    }
    assert(error instanceof FlattenFailure, `${what}: ${error}`);
  }
});

Deno.test("flatten: PDF dates and default appearance sizes are read as written", () => {
  equal(pdfDateOf("D:20261128090000+00'00'")?.toISOString(), "2026-11-28T09:00:00.000Z");
  equal(pdfDateOf("D:20261128100000+01'00'")?.toISOString(), "2026-11-28T09:00:00.000Z");
  equal(pdfDateOf("D:20261128043000-04'30")?.toISOString(), "2026-11-28T09:00:00.000Z");
  equal(pdfDateOf("D:2026")?.toISOString(), "2026-01-01T00:00:00.000Z");
  equal(pdfDateOf("yesterday"), undefined);
  equal(fontSizeOf("/F1 8.5 Tf 0 g"), 8.5);
  equal(fontSizeOf("0 g /Helv 0 Tf"), 0);
  equal(fontSizeOf(undefined), 0);
  equal(fontSizeOf("/F1 9999 Tf"), 0);
});

Deno.test("flatten: metadata text is XML-safe whatever the values hold", () => {
  equal(xml('a<b>&"c"\u0001\ud800'), 'a&lt;b&gt;&amp;"c"');
  const packet = xmpPacket({
    title: "Invoice <1> & co",
    created: new Date("2026-11-28T09:00:00Z"),
    modified: new Date("2026-11-28T09:00:00Z"),
    producer: "p",
    creatorTool: "c",
    documentId: "6a1f2e3d4c5b4a698877665544332211",
    instanceId: "00112233445566778899aabbccddeeff",
    service: { shipmentRef: "</tds:shipmentRef><evil/>" },
  });
  assert(packet.includes("Invoice &lt;1&gt; &amp; co"));
  assert(packet.includes("&lt;/tds:shipmentRef&gt;&lt;evil/&gt;"));
  assert(packet.includes("<xmpMM:DocumentID>uuid:6a1f2e3d-4c5b-4a69-8877-665544332211<"));
});
