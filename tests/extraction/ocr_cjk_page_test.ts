/**
 * How a CJK page's English reading and its CJK reading are joined (cjk_page.ts): CJK words
 * replace the English debris under them, Latin words stay English, and CJK characters set side
 * by side become one word while a CJK word keeps its space before a number.
 */
import { joinCjkRuns, surest, withCjkReading } from "../../shared/extraction/ocr/cjk_page.ts";
import type { PixelWord } from "../../shared/extraction/ocr/tesseract.ts";
import { assertEquals } from "../support/assert.ts";

function word(text: string, x: number, width: number, confidence = 0.9, line = 1): PixelWord {
  return { text, x, y: 100, width, height: 36, confidence, line };
}

Deno.test("withCjkReading() puts the CJK words over the English debris and keeps Latin words", () => {
  const english = [
    word("HO:", 205, 121, 0.22),
    word("Ningbo", 346, 146, 0.97),
    word("Ocean", 509, 126, 0.97),
    // Debris at a confidence no threshold would doubt.
    word("RRS", 1000, 92, 0.93, 2),
  ];
  const cjk = [
    word("出", 205, 30, 0.93, 7),
    word("口", 257, 41, 0.92, 7),
    word("商", 319, 7, 0.9, 7),
    word(":", 326, 19, 0.9, 7),
    // The CJK model's reading of Latin text is worse: the English words stay.
    word("Ningb0", 346, 146, 0.91, 7),
    word("0cean", 509, 126, 0.95, 7),
    word("发", 1000, 49, 0.93, 8),
    word("票", 1062, 17, 0.93, 8),
    word("号", 1078, 18, 0.95, 8),
    // Seen only by the CJK model: added.
    word("装运港", 2000, 90, 0.93, 9),
    // Unsure CJK debris where nothing was read stays out.
    word("于", 3000, 40, 0.2, 9),
  ];
  assertEquals(
    withCjkReading(english, cjk).map((w) => w.text).sort(),
    ["Ningbo", "Ocean", "出口商:", "发票号", "装运港"].sort(),
  );
});

Deno.test("withCjkReading() keeps an English word that no sure CJK word covers", () => {
  const english = [word("BAAR", 123, 18, 0.4)];
  const cjk = [word("明", 123, 9, 0.3, 5), word("細", 133, 8, 0.2, 5)];
  assertEquals(withCjkReading(english, cjk).map((w) => w.text), ["BAAR"]);
});

Deno.test("joinCjkRuns() joins characters of a run, not a CJK word and a number or a unit", () => {
  const words = [
    word("電気", 0, 60),
    word("コネ", 75, 60),
    word("クタ", 150, 60),
    // A real space before a number.
    word("2極", 230, 50),
    word("請求金額", 400, 120),
    // A full height away: another word.
    word("円", 560, 36),
    // The long-vowel mark's ink sits in the middle of its em: still the same word.
    word("キャリパ", 700, 120),
    word("ー", 870, 20),
    // Another line is never joined.
    word("合計", 0, 60, 0.9, 2),
  ];
  assertEquals(
    joinCjkRuns(words).map((w) => w.text),
    ["電気コネクタ", "2極", "請求金額", "円", "キャリパー", "合計"],
  );
  const joined = joinCjkRuns([word("出", 0, 30, 0.93), { ...word("口", 40, 30, 0.6), height: 50 }]);
  assertEquals(joined.map((w) => [w.text, w.x, w.width, w.height, w.confidence]), [
    // The shorter box's height: a character box reaching into the next line does not count.
    ["出口", 0, 70, 36, 0.6],
  ]);
});

Deno.test("surest() picks the model surer of the probe boxes", () => {
  const chinese = [[word("单价", 0, 60, 0.96)], [word("付款", 0, 60, 0.93)]];
  const japanese = [[word("単位", 0, 60, 0.45)], [
    word("付", 0, 30, 0.93),
    word("款", 30, 30, 0.2),
  ]];
  assertEquals(
    surest([{ model: "jpn", boxes: japanese }, { model: "chi_sim", boxes: chinese }]),
    "chi_sim",
  );
  assertEquals(
    surest([{ model: "jpn", boxes: chinese }, { model: "chi_sim", boxes: japanese }]),
    "jpn",
  );
});
