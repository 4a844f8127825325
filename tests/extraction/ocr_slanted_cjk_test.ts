/**
 * CJK labels set in an oblique face (slanted_cjk.ts): the debris left on a CJK page is grouped
 * into boxes, each cut out and sheared upright, and a sure CJK reading of it replaces the words
 * there. The last test reads a tune-split scan's slanted label with the engine itself.
 */
import {
  debrisBoxes,
  onPage,
  uprightCrop,
  withUprightReadings,
} from "../../shared/extraction/ocr/slanted_cjk.ts";
import type { PixelWord } from "../../shared/extraction/ocr/tesseract.ts";
import { TesseractEngine } from "../../shared/extraction/ocr/tesseract.ts";
import type { GrayImage } from "../../shared/extraction/ocr/gray.ts";
import { decodePng } from "../../shared/extraction/ocr/png.ts";
import { preparePage } from "../../shared/extraction/ocr/preprocess.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";

function word(text: string, x: number, width: number, confidence: number, y = 100): PixelWord {
  return { text, x, y, width, height: 36, confidence, line: 1 };
}

Deno.test("debrisBoxes() joins unsure words side by side on a row, not sure ones nor numbers", () => {
  const words = [
    word("wih", 205, 100, 0.07),
    // Taller, reaching into the line below: the run keeps the widest word's height.
    { ...word("Z", 280, 30, 0.07), y: 96, height: 50 },
    word("Kansai", 400, 120, 0.96),
    word("BAZ", 1253, 102, 0.1),
    word("12", 1500, 30, 0.2),
    // Another row.
    word("EEE", 205, 80, 0.3, 300),
    // A CJK word read unsure is perhaps a slanted label misread; a sure one is not.
    word("発行考", 205, 90, 0.76, 500),
    word("請求書番号", 600, 150, 0.93, 500),
    // A lone CJK character read unsure is more often a date's or a unit's than a label's.
    word("日", 900, 36, 0.72, 700),
  ];
  assertEquals(debrisBoxes(words, 300), [
    { x: 205, y: 100, width: 105, height: 36 },
    { x: 1253, y: 100, width: 102, height: 36 },
    { x: 205, y: 500, width: 90, height: 36 },
    { x: 205, y: 300, width: 80, height: 36 },
  ]);
});

Deno.test("uprightCrop() stands a stroke leaning right upright, white beyond the page", () => {
  // A stroke leaning right by 0.25 per row: at the bottom row x = 20, at the top x = 30.
  const image: GrayImage = { width: 80, height: 60, data: new Uint8Array(80 * 60).fill(255) };
  for (let y = 10; y < 50; y++) {
    const x = 20 + Math.round(0.25 * (49 - y));
    image.data[y * 80 + x] = 0;
  }
  const crop = uprightCrop(image, { x: 10, y: 10, width: 30, height: 40 }, 0.25);
  const inkColumns = new Set<number>();
  for (let y = 0; y < crop.height; y++) {
    for (let x = 0; x < crop.width; x++) if (crop.data[y * crop.width + x] === 0) inkColumns.add(x);
  }
  // Upright: the stroke's ink in one or two columns, not spread over ten.
  assert(inkColumns.size <= 2, `ink in columns ${[...inkColumns]}`);
  // The margin above the page's top edge is white, not garbage.
  const outside = uprightCrop(image, { x: 0, y: 0, width: 10, height: 10 });
  equal(outside.data[0], 255);
});

Deno.test("onPage() puts words read in an upright cut back where they stand on the page", () => {
  // The cut has a margin of 0.3 × 50 = 15 pixels; a word's middle row 40 pixels above the
  // cut's bottom was taken from 0.2 × 40 = 8 pixels further right.
  const box = { x: 200, y: 300, width: 100, height: 50 };
  const [w] = onPage(
    box,
    [{ text: "者", x: 60, y: 18, width: 30, height: 22, confidence: 0.9 }],
    0.2,
  );
  assertEquals([w!.x, w!.y], [200 - 15 + 60 + Math.round(0.2 * (79 - 29)), 300 - 15 + 18]);
});

Deno.test("withUprightReadings() replaces debris with a sure CJK reading, and only that", () => {
  const words = [
    word("wih", 205, 100, 0.07),
    word("Z", 280, 30, 0.07),
    word("入", 1309, 27, 0.92),
    word("BAZ", 1253, 102, 0.1),
    word("Kansai", 400, 120, 0.96),
    word("ERR", 2000, 80, 0.2),
  ];
  const box = (x: number, width: number) => ({ x, y: 100, width, height: 36 });
  // Words as read upright, where they stand on the page.
  const read = (text: string, x: number, width: number, confidence: number) =>
    word(text, x, width, confidence);
  const out = withUprightReadings(words, [
    // The characters end short of the box, which took in the next word's first letter.
    { box: box(205, 105), words: [read("輸出", 207, 60, 0.96), read("者", 270, 25, 0.97)] },
    // The sure "入" the page reading saw is part of the upright reading: taken into it.
    { box: box(1253, 102), words: [read("購入", 1253, 70, 0.72), read("者", 1323, 30, 0.97)] },
    // Unsure, or Latin: the words stay.
    { box: box(2000, 80), words: [read("発行", 2000, 80, 0.4)] },
    { box: box(400, 120), words: [read("Kansai", 400, 120, 0.97)] },
  ]);
  assertEquals(out.map((w) => w.text).sort(), ["ERR", "Kansai", "購入者", "輸出者"].sort());
  const label = out.find((w) => w.text === "輸出者")!;
  assertEquals([label.x, label.width, label.confidence], [207, 88, 0.96]);
});

Deno.test("an italic CJK label of a tune scan reads right only when set upright", async () => {
  // g038 (tune split): the exporter's label "輸出者", set oblique, at (205, 293) on the page.
  const png = await Deno.readFile(
    new URL("../fixtures/extraction/generated/g038_ja_chromium_scan_300.png", import.meta.url),
  );
  const page = decodePng(png);
  const prepared = preparePage(page.image, page.dpi ?? 300);
  const engine = await TesseractEngine.load();
  const box = { x: 205, y: 297, width: 105, height: 31 };
  const read = (image: GrayImage) => engine.readLine(image, "jpn").map((w) => w.text).join("");
  const asItStands = uprightCrop(prepared.image, box, 0);
  assert(read(asItStands) !== "輸出者", "the slanted label was read right as it stands");
  equal(read(uprightCrop(prepared.image, box)), "輸出者");
});
