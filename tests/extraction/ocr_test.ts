/**
 * OCR of scans and photos. The page images in tests/fixtures/ocr were made outside our code:
 * LibreOffice rendered an invoice (HTML, Liberation Sans, table rules) to PDF, pdftoppm
 * rasterised it at 300 and 200 dpi, ImageMagick cropped, skewed, darkened, blurred, added noise
 * and wrote PNG, JPEG (with an EXIF orientation) and TIFF (G4, LZW, Deflate, PackBits, JPEG; tiffcp
 * joined the pages); img2pdf and qpdf made the image-only PDFs (DCT, Flate with a PNG
 * predictor, CCITT G4, a page turned with /Rotate). Hostile files are built here.
 */
import { PDFDocument, PDFName, type PDFPage } from "@pdfme/pdf-lib";
import { zlibSync } from "fflate";
import { fileURLToPath as fromFileUrl } from "node:url";
import { ExtractionFailure } from "../../shared/extraction/provider.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { closeOcr, readImageFile, readScannedPdf } from "../../shared/extraction/ocr/index.ts";
import { LANGUAGE_DATA_PATH } from "../../shared/extraction/ocr/tesseract.ts";
import { assert, equal, match } from "../support/assert.ts";

const FIXTURES = new URL("../fixtures/ocr/", import.meta.url);
const ROOT = new URL("../../", import.meta.url);

function fixture(name: string): Promise<Uint8Array> {
  return Deno.readFile(new URL(name, FIXTURES));
}

/** CPU time of this process (all its threads) so far, from /proc. */
function cpuSeconds(): number {
  const stat = Deno.readTextFileSync("/proc/self/stat");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function signal(ms = 60_000): AbortSignal {
  return AbortSignal.timeout(ms);
}

function findWord(doc: TextDocument, text: string, page = 0): Word {
  const word = doc.pages[page]?.words.find((w) => w.text === text);
  assert(word, `"${text}" not read on page ${page + 1}: ${texts(doc, page)}`);
  return word;
}

function texts(doc: TextDocument, page = 0): string {
  return (doc.pages[page]?.words ?? []).map((w) => w.text).join(" ");
}

/** Share of `expected` read exactly (each word counted once). */
function wordAccuracy(doc: TextDocument, expected: string, page = 0): number {
  const bag = new Map<string, number>();
  for (const w of doc.pages[page]?.words ?? []) bag.set(w.text, (bag.get(w.text) ?? 0) + 1);
  const wanted = expected.split(/\s+/).filter(Boolean);
  let hits = 0;
  for (const w of wanted) {
    const n = bag.get(w) ?? 0;
    if (n > 0) {
      hits++;
      bag.set(w, n - 1);
    }
  }
  return hits / wanted.length;
}

async function fails(work: Promise<unknown>, pattern: RegExp, withinMs = 5_000): Promise<void> {
  const started = performance.now();
  let error: unknown;
  try {
    await work;
  } catch (e) {
    error = e;
  }
  const ms = performance.now() - started;
  assert(error instanceof ExtractionFailure, `expected an ExtractionFailure, got ${error}`);
  match(error.message, pattern);
  assert(ms < withinMs, `took ${ms.toFixed(0)} ms to fail`);
}

Deno.test("OCR reads scans, photos, TIFF pages and image-only PDFs, and refuses hostile files", async (t) => {
  try {
    await t.step(
      "a 300 dpi scan: known words, boxes in points where the source PDF has them",
      async () => {
        const doc = await readImageFile(await fixture("parties_300.png"), "png", {
          signal: signal(),
        });
        equal(doc.kind, "text");
        equal(doc.source, "ocr");
        equal(doc.pages.length, 1);
        const page = doc.pages[0]!;
        // 2160 × 540 pixels at 300 dpi.
        equal(page.width, 518.4);
        equal(page.height, 129.6);
        const expected = "Shipper / Seller Nordic Timber Products AB Hamngatan 44, 211 22 Sweden " +
          "VAT SE556677889901 Invoice No. NTP-24/00917 Invoice Date 2026-02-19 Customer Ref. PO " +
          "77120-B Terms CIF Rotterdam, Incoterms 2020 Consignee / Buyer Port of Loading " +
          "Gothenburg (SEGOT)";
        const accuracy = wordAccuracy(doc, expected);
        assert(accuracy >= 0.9, `word accuracy ${accuracy}: ${texts(doc)}`);
        // The crop starts 48 pt right of and 24 pt below the page corner; pdftotext puts "Nordic"
        // at x 59.8, its line box at y 42.4–54.1 (glyph ink starts a little lower).
        const nordic = findWord(doc, "Nordic");
        assert(Math.abs(nordic.x - 11.8) < 2, `x ${nordic.x}`);
        assert(nordic.y > 17 && nordic.y < 24, `y ${nordic.y}`);
        assert(nordic.height > 5 && nordic.height < 12, `height ${nordic.height}`);
        assert(nordic.confidence >= 0.85, `confidence ${nordic.confidence}`);
        const invoice = findWord(doc, "NTP-24/00917");
        assert(Math.abs(invoice.x - 305.5) < 3, `x ${invoice.x}`);
        for (const word of page.words) {
          assert(word.confidence >= 0 && word.confidence <= 1);
          assert(word.x >= 0 && word.x + word.width <= page.width + 1);
        }
      },
    );

    await t.step("a noisy, skewed 200 dpi scan of a table", async () => {
      const doc = await readImageFile(await fixture("goods_200_noisy.png"), "png", {
        signal: signal(),
      });
      const expected = "Sawn spruce planks, kiln dried, 45x145 mm 4407.12 1.250 m3 2.845,00 " +
        "3.556.250,00 Pine glulam beams, 90x315 mm, grade GL30c 4418.91 86 pcs 4.120,50 " +
        "354.363,00 Oriented strand board OSB/3, 18 mm 4410.12 640 sheets 189,90 121.536,00";
      const accuracy = wordAccuracy(doc, expected);
      assert(accuracy >= 0.8, `word accuracy ${accuracy}: ${texts(doc)}`);
      assert(findWord(doc, "glulam").confidence >= 0.7);
    });

    await t.step(
      "a phone photo: dark corner, blur, JPEG, stored sideways with EXIF orientation 6",
      async () => {
        const doc = await readImageFile(await fixture("goods_photo.jpg"), "jpeg", {
          signal: signal(),
        });
        const page = doc.pages[0]!;
        assert(page.width > page.height, `page not turned upright: ${page.width} × ${page.height}`);
        const expected = "Pos Description of goods HS code Quantity Unit Unit price Amount Sawn " +
          "spruce planks, kiln dried, 45x145 mm Pine glulam beams, 90x315 mm, grade GL30c " +
          "Oriented strand board OSB/3, 18 mm Wood pellets in 15 kg bags, ENplus";
        const accuracy = wordAccuracy(doc, expected);
        assert(accuracy >= 0.8, `word accuracy ${accuracy}: ${texts(doc)}`);
      },
    );

    await t.step(
      "a multi-page TIFF (G4, LZW, Deflate, PackBits, JPEG) gives a page per page",
      async () => {
        const doc = await readImageFile(await fixture("pages.tif"), "tiff", { signal: signal() });
        equal(doc.pages.length, 5);
        findWord(doc, "Nordic", 0); // CCITT G4, 1 bit
        findWord(doc, "NTP-24/00917", 1); // LZW
        findWord(doc, "glulam", 2); // Deflate
        findWord(doc, "Oriented", 3); // PackBits
        findWord(doc, "pellets", 4); // JPEG, its tables in the page's JPEGTables tag
        equal(doc.pages[2]!.width, 528); // 2200 px at 300 dpi
      },
    );

    await t.step(
      "image-only PDFs: JPEG pages, CCITT G4, Flate with predictor, /Rotate",
      async () => {
        const jpeg = await readScannedPdf(await fixture("scan_jpeg.pdf"), { signal: signal() });
        equal(jpeg.source, "ocr");
        equal(jpeg.pages.length, 2);
        findWord(jpeg, "spruce", 0);
        findWord(jpeg, "Birch", 1);
        // img2pdf makes the page the image's size: 1440 px at 200 dpi.
        equal(Math.round(jpeg.pages[0]!.width), 518);
        const g4 = await readScannedPdf(await fixture("scan_g4.pdf"), { signal: signal() });
        findWord(g4, "Hamngatan");
        const flate = await readScannedPdf(await fixture("scan_flate.pdf"), { signal: signal() });
        findWord(flate, "Timber");
        // The image is stored turned a quarter left and the page turns it back (/Rotate 90).
        const rotated = await readScannedPdf(await fixture("scan_rotated.pdf"), {
          signal: signal(),
        });
        const page = rotated.pages[0]!;
        assert(page.width > page.height, `${page.width} × ${page.height}`);
        findWord(rotated, "NTP-24/00917");
      },
    );

    await t.step("hostile images fail fast with ExtractionFailure", async () => {
      await fails(readImageFile(pngHeader(100_000, 100_000), "png", { signal: signal() }), /MP/);
      await fails(readImageFile(pngBomb(), "png", { signal: signal() }), /bomb/);
      const png = await fixture("parties_300.png");
      await fails(readImageFile(png.slice(0, png.length >> 1), "png", { signal: signal() }), /PNG/);
      const jpeg = await fixture("goods_photo.jpg");
      await fails(
        readImageFile(jpeg.slice(0, jpeg.length >> 1), "jpeg", { signal: signal() }),
        /truncated/,
      );
      await fails(
        readImageFile(new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0, 4, 1, 2]), "jpeg", {
          signal: signal(),
        }),
        /JPEG/,
      );
      await fails(readImageFile(tiff({ pages: 5_000 }), "tiff", { signal: signal() }), /20 pages/);
      await fails(
        readImageFile(tiff({ pages: 1, loop: true }), "tiff", { signal: signal() }),
        /loop/,
      );
      await fails(
        readImageFile(tiff({ pages: 1, width: 100_000, height: 100_000 }), "tiff", {
          signal: signal(),
        }),
        /MP/,
      );
      await fails(
        readImageFile(tiff({ pages: 1, deflateBomb: true }), "tiff", { signal: signal() }),
        /bomb/,
      );
      const tif = await fixture("pages.tif");
      await fails(
        readImageFile(tif.slice(0, 2_000), "tiff", { signal: signal() }),
        /truncated|outside/,
      );
    });

    await t.step("hostile PDFs fail fast with ExtractionFailure", async () => {
      await fails(
        readScannedPdf(await pdfWithImage({ Width: 100_000, Height: 100_000 }), {
          signal: signal(),
        }),
        /MP/,
      );
      await fails(
        readScannedPdf(await pdfWithImage({ Filter: "JBIG2Decode" }), { signal: signal() }),
        /JBIG2/,
      );
      await fails(
        readScannedPdf(await pdfWithImage({ Filter: "JPXDecode" }), { signal: signal() }),
        /JPEG 2000/,
      );
      await fails(
        readScannedPdf(await pdfWithImage({ Width: 1000, Height: 1000 }, zeros(32)), {
          signal: signal(),
        }),
        /bomb/,
      );
      await fails(readScannedPdf(await blankPdf(1), { signal: signal() }), /neither/);
      await fails(readScannedPdf(await blankPdf(25), { signal: signal() }), /25 pages/);
      await fails(
        readScannedPdf(new TextEncoder().encode("%PDF-1.7 junk"), { signal: signal() }),
        /PDF/,
      );
    });

    await t.step(
      "an aborted OCR stops at once, and the next file gets a fresh engine",
      async () => {
        const bytes = await fixture("goods_200_noisy.png");
        const controller = new AbortController();
        const reading = readImageFile(bytes, "png", { signal: controller.signal });
        setTimeout(() => controller.abort(new DOMException("deadline", "TimeoutError")), 300);
        await fails(reading, /too long/, 2_000);
        // The stopped thread lets go of its core at once (Deno's terminate alone would not stop a
        // page in progress: see shared/extraction/ocr/cancel.ts).
        const before = cpuSeconds();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const used = cpuSeconds() - before;
        assert(used < 0.4, `${used.toFixed(2)} s of CPU used in the second after the abort`);
        await fails(
          readImageFile(bytes, "png", { signal: AbortSignal.abort() }),
          /stopped/,
          100,
        );
        const doc = await readImageFile(await fixture("pages.tif"), "tiff", { signal: signal() });
        findWord(doc, "Nordic", 0);
      },
    );

    await t.step(
      "the engine and its language data are read from disk, never the network",
      async () => {
        const data = LANGUAGE_DATA_PATH;
        assert(data.startsWith(fromFileUrl(ROOT)), `language data outside the project: ${data}`);
        assert((await Deno.stat(data)).isFile);
        const script = await Deno.makeTempFile({ suffix: ".ts" });
        try {
          const ocr = new URL("shared/extraction/ocr/index.ts", ROOT).href;
          const png = new URL("parties_300.png", FIXTURES).href;
          await Deno.writeTextFile(
            script,
            `import { closeOcr, readImageFile } from "${ocr}";
const doc = await readImageFile(await Deno.readFile(new URL("${png}")), "png",
  { signal: AbortSignal.timeout(60000) });
console.log(doc.pages[0].words.map((w) => w.text).join(" "));
closeOcr();`,
          );
          const run = await new Deno.Command(Deno.execPath(), {
            args: [
              "run",
              "-A",
              "--deny-net",
              "--config",
              fromFileUrl(new URL("deno.json", ROOT)),
              script,
            ],
            cwd: fromFileUrl(ROOT),
            stdout: "piped",
            stderr: "piped",
          }).output();
          const out = new TextDecoder().decode(run.stdout);
          equal(run.code, 0, new TextDecoder().decode(run.stderr));
          match(out, /Nordic Timber Products/);
        } finally {
          await Deno.remove(script);
        }
      },
    );
  } finally {
    closeOcr();
  }
});

// ---- hostile files ----------------------------------------------------------------------

function zeros(mib: number): Uint8Array {
  return zlibSync(new Uint8Array(mib * 1024 * 1024), { level: 9 });
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  return out; // CRC left zero: the size checks come before any reader looks at it
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function ihdr(width: number, height: number): Uint8Array {
  const data = new Uint8Array(13);
  const view = new DataView(data.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  data[8] = 8; // bit depth
  data[9] = 0; // grey
  return chunk("IHDR", data);
}

const PNG_SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

/** A PNG that claims 100,000 × 100,000 pixels in a few bytes. */
function pngHeader(width: number, height: number): Uint8Array {
  return concat(
    PNG_SIGNATURE,
    ihdr(width, height),
    chunk("IDAT", zlibSync(new Uint8Array(10))),
    chunk("IEND", new Uint8Array()),
  );
}

/** 1000 × 1000 grey (1 MB of pixels) whose data inflates to 32 MiB. */
function pngBomb(): Uint8Array {
  return concat(
    PNG_SIGNATURE,
    ihdr(1000, 1000),
    chunk("IDAT", zeros(32)),
    chunk("IEND", new Uint8Array()),
  );
}

/** A little-endian TIFF of `pages` grey pages chained one after the other. */
function tiff(
  options: {
    pages: number;
    loop?: boolean;
    width?: number;
    height?: number;
    deflateBomb?: boolean;
  },
): Uint8Array {
  const width = options.width ?? 8;
  const height = options.height ?? 8;
  // The pixels are never reached: 64 white bytes stand for whatever size the tags declare.
  const strip = options.deflateBomb ? zeros(32) : new Uint8Array(64).fill(255);
  const w = options.deflateBomb ? 1000 : width;
  const h = options.deflateBomb ? 1000 : height;
  const tags: [number, number, number][] = [
    [256, 4, w],
    [257, 4, h],
    [258, 3, 8],
    [259, 3, options.deflateBomb ? 8 : 1],
    [262, 3, 1],
    [273, 4, 8], // the strip follows the header
    [277, 3, 1],
    [278, 4, h],
    [279, 4, strip.length],
  ];
  const ifdSize = 2 + tags.length * 12 + 4;
  const first = 8 + strip.length + ((8 + strip.length) % 2);
  const out = new Uint8Array(first + options.pages * ifdSize);
  const view = new DataView(out.buffer);
  out.set([0x49, 0x49, 42, 0]);
  view.setUint32(4, first, true);
  out.set(strip, 8);
  for (let page = 0; page < options.pages; page++) {
    const at = first + page * ifdSize;
    view.setUint16(at, tags.length, true);
    tags.forEach(([tag, type, value], i) => {
      const entry = at + 2 + i * 12;
      view.setUint16(entry, tag, true);
      view.setUint16(entry + 2, type, true);
      view.setUint32(entry + 4, 1, true);
      if (type === 3) view.setUint16(entry + 8, value, true);
      else view.setUint32(entry + 8, value, true);
    });
    const next = options.loop ? at : page + 1 < options.pages ? at + ifdSize : 0;
    view.setUint32(at + 2 + tags.length * 12, next, true);
  }
  return out;
}

/** A one-page PDF that draws one image XObject over the page. */
async function pdfWithImage(
  dict: Record<string, string | number>,
  contents: Uint8Array = zlibSync(new Uint8Array(100)),
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const image = doc.context.register(doc.context.stream(contents, {
    Type: "XObject",
    Subtype: "Image",
    Width: 10,
    Height: 10,
    BitsPerComponent: 8,
    ColorSpace: "DeviceGray",
    Filter: "FlateDecode",
    ...dict,
  }));
  drawOnPage(doc, page.node.newXObject("Im", image), page);
  return await doc.save();
}

function drawOnPage(doc: PDFDocument, name: PDFName, page: PDFPage): void {
  const content = doc.context.register(
    doc.context.stream(`q 612 0 0 792 0 0 cm ${name.toString()} Do Q`),
  );
  page.node.set(PDFName.of("Contents"), content);
}

async function blankPdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return await doc.save();
}
