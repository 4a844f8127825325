/**
 * Tesseract 5 (LSTM) compiled to WebAssembly, from the npm packages tesseract.js-core (the
 * engine) and @tesseract.js-data/<language> (the "best" models in integer form): all are read
 * from node_modules on disk, nothing is fetched. The engine is driven directly rather than
 * through tesseract.js, whose worker layer would fetch language data from a CDN when a path is
 * missing; here a missing file is an error. Loaded once per OCR thread and reused.
 *
 * A page is read with English first; ink where it read no word (a party's lines a pen stroke
 * crossed, which the page's layout analysis drops) is read again area by area (unread_ink.ts;
 * dev scans 84.9 → 85.1 %). Then it is read in the page's own language where it has one
 * (languages.ts). Chinese or Japanese, when a few of the uncertain boxes read as CJK
 * characters: the whole page is read again with the model surer of those boxes, and its CJK
 * words replace the English debris under them (cjk_page.ts; tune split, the 9 CJK scans and
 * image PDFs: 73.6 → 83.2 % of fields). Else the Latin-script
 * language whose common words the page shows: the whole page is read again with it and the two
 * readings joined word by word (withPageLanguage), since the English model reads accented
 * letters as plain ones with high confidence ("Corticas" for "Cortiças"), which no threshold on
 * its confidence catches (tune split: 300 dpi scans 76.1 → 78.1 %, noisy 82.3 → 83.0 %, image
 * PDFs 78.9 → 79.9 %). The other languages' data are loaded only when a page needs them, from
 * their package's files (not imported as modules).
 */
// deno-lint-ignore-file no-explicit-any
import TesseractCore from "tesseract.js-core/tesseract-core-simd-lstm.js";
import engData from "@tesseract.js-data/eng";
import { gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import type { GrayImage } from "./gray.ts";
import type { Word } from "../layout.ts";
import { encodePgm } from "./pgm.ts";
import {
  cjkProbes,
  countryLanguages,
  isCjk,
  type LatinLanguage,
  latinLanguage,
} from "./languages.ts";
import { type CjkModel, surest, withCjkReading } from "./cjk_page.ts";
import { area, type Box, intersection } from "./boxes.ts";
import { unreadInk } from "./unread_ink.ts";
import { debrisBoxes, onPage, uprightCrop, withUprightReadings } from "./slanted_cjk.ts";

/**
 * A word in the pixel coordinates of the image it was read from (a page's word before scaling),
 * with the text line the engine put it in (unique across readings; see type_box.ts).
 */
export type PixelWord = Word & { line?: number };

/** Line numbers handed out by parseTsv, never reused, so two readings' lines never mix. */
let nextLine = 0;

/** Where the language data comes from: a file inside the installed npm package. */
export const LANGUAGE_DATA_PATH = join(
  (engData as { langPath: string }).langPath,
  "..",
  "4.0.0_best_int",
  "eng.traineddata.gz",
);

/** A language's data file, found through its npm package without loading the package. */
export function languageDataPath(language: string): string {
  if (language === "eng") return LANGUAGE_DATA_PATH;
  const index = createRequire(import.meta.url).resolve(`@tesseract.js-data/${language}`);
  return join(index, "..", "4.0.0_best_int", `${language}.traineddata.gz`);
}

const OEM_LSTM_ONLY = 1;
/**
 * Sparse text: every piece of text wherever it stands, without the block and column analysis
 * of the automatic mode, which on invoices merges a small header beside a large title into one
 * line and loses both. Measured on the corpus scans: words found 93.6% against 92.2% (mode 3),
 * and fewer invented words. Word order is of no use here: words carry their boxes.
 */
const PSM_SPARSE_TEXT = "11";
/** A box read again is one line of text. */
const PSM_SINGLE_LINE = "7";
/** An area of ink read again is one block of text (a party's lines under a pen stroke). */
const PSM_SINGLE_BLOCK = "6";
/** Words read in unread ink below this confidence are the stroke itself read as letters. */
const MIN_UNREAD_CONFIDENCE = 0.6;
/** English words less certain than this are read again in the page's language. */
const REREAD_BELOW = 0.8;
/**
 * Boxes read with the CJK models to tell a CJK page, and how many must read as CJK. Probes are
 * words of the type's size (cjkProbes), so on a Latin page they are misread words, which the
 * Japanese model now and then reads as a confident character: fresh dev scans, 127 Latin pages
 * 0–3 hits, 32 CJK pages 5–10.
 */
const CJK_PROBES = 10;
const CJK_PROBE_HITS = 4;
/** Whole-page readings in Latin-script languages besides English, at most. */
const MAX_LATIN_READINGS = 2;
/** The confidence at most of a word whose digits the page-language model read otherwise. */
const DIGITS_DISPUTED = 0.7;
/** A box read again replaces the English reading only when surer by this much. */
const REREAD_MARGIN = 0.05;

export class TesseractEngine {
  /** Loaded models by language ("eng", "deu", "jpn+chi_sim"). */
  private readonly apis = new Map<string, any>();
  /** Languages whose data are in the engine's file system. */
  private readonly written = new Set<string>();

  private constructor(private readonly module: any) {}

  /** `onProgress` runs at each progress report of a page; throwing from it stops the page. */
  static async load(onProgress: () => void = () => {}): Promise<TesseractEngine> {
    const module = await (TesseractCore as unknown as (o: object) => Promise<any>)({
      TesseractProgress: onProgress,
    });
    const engine = new TesseractEngine(module);
    engine.apis.set("eng", engine.initApi("eng"));
    return engine;
  }

  /** Reads the words of a grey image; `dpi` is the resolution the image stands for. */
  recognize(image: GrayImage, dpi: number): PixelWord[] {
    this.module.FS.writeFile("/input", encodePgm(image));
    try {
      const resolution = Math.round(dpi);
      const eng = this.apis.get("eng");
      const page = this.readPage(eng, resolution);
      const words = [...page, ...this.readUnreadInk(eng, page, resolution, image)];
      return this.inPageLanguage(words, resolution, image);
    } finally {
      this.module.FS.unlink("/input");
    }
  }

  private readPage(api: any, dpi: number): PixelWord[] {
    try {
      this.setImage(api, dpi, PSM_SPARSE_TEXT);
      if (api.Recognize(null) !== 0) throw new Error("the OCR engine failed on the page");
      return parseTsv(api.GetTSVText(0));
    } finally {
      api.Clear();
    }
  }

  /** The English reading, joined with a reading in the page's language where it has one. */
  private inPageLanguage(words: PixelWord[], dpi: number, image: GrayImage): PixelWord[] {
    if (!words.some((w) => w.confidence < REREAD_BELOW)) return words;
    const uncertain = cjkProbes(words, REREAD_BELOW, CJK_PROBES);
    // The Japanese model reads Chinese characters too: it tells a CJK page, and only then is
    // the Chinese model asked, so a Latin page pays for one probe.
    const hits = (boxes: PixelWord[][]) =>
      boxes.filter((r) => r.some((w) => isCjk(w.text) && w.confidence >= 0.6)).length;
    const jpn = this.reread(this.api("jpn"), uncertain, dpi, image);
    if (hits(jpn) >= CJK_PROBE_HITS) {
      const chi = this.reread(this.api("chi_sim"), uncertain, dpi, image);
      const model = surest([{ model: "jpn", boxes: jpn }, { model: "chi_sim", boxes: chi }]);
      const merged = withCjkReading(words, this.readPage(this.api(model), dpi));
      // A foreign party's name and address in its own accents ("Präzision" on a Chinese
      // invoice), as on a Latin page: its country's model adds only accents.
      const foreign = countryLanguages(merged).slice(0, 1).reduce(
        (read, language) =>
          withPageLanguage(read, this.readPage(this.api(language), dpi), { accentsOnly: true }),
        merged,
      );
      return this.readSlanted(model, foreign, dpi, image);
    }
    // The page's language, then those of the countries it names (its parties' names and
    // addresses), at most MAX_LATIN_READINGS in all: each is a reading of the whole page.
    const page = latinLanguage(words);
    const languages = [page, ...countryLanguages(words)]
      .filter((l, i, all): l is LatinLanguage => l !== null && all.indexOf(l) === i)
      .slice(0, MAX_LATIN_READINGS);
    // A country's language only adds accents to words read without any: its model is no
    // judge of the page's other words ("République" read "Republique" by the German one).
    return languages.reduce(
      (merged, language) =>
        withPageLanguage(merged, this.readPage(this.api(language), dpi), {
          accentsOnly: language !== page,
        }),
      words,
    );
  }

  /**
   * The words in the page's ink no word read covers, each such area read on its own as a block
   * (unread_ink.ts); only words with a letter or digit, sure enough, and clear of the words read.
   */
  private readUnreadInk(api: any, words: PixelWord[], dpi: number, image: GrayImage): PixelWord[] {
    const areas = unreadInk(image, words, dpi);
    if (areas.length === 0) return [];
    const found: PixelWord[] = [];
    try {
      this.setImage(api, dpi, PSM_SINGLE_BLOCK);
      for (const box of areas) {
        api.SetRectangle(box.x, box.y, box.width, box.height);
        if (api.Recognize(null) !== 0) continue;
        for (const word of parseTsv(api.GetTSVText(0))) {
          if (word.confidence < MIN_UNREAD_CONFIDENCE || !/[\p{L}\p{N}]/u.test(word.text)) continue;
          if (words.some((w) => intersection(w, word) > 0.2 * area(word))) continue;
          found.push(word);
        }
      }
    } finally {
      api.Clear();
    }
    return found;
  }

  /**
   * The debris left on a CJK page read again set upright (slanted_cjk.ts). Each box is read
   * from an image of its own, written over the page's: this is the page's last reading.
   */
  private readSlanted(
    model: CjkModel,
    words: PixelWord[],
    dpi: number,
    image: GrayImage,
  ): PixelWord[] {
    const readings = debrisBoxes(words, dpi).map((box) => ({
      box,
      words: onPage(box, this.readLine(uprightCrop(image, box), model, dpi)),
    }));
    return withUprightReadings(words, readings);
  }

  /**
   * A small image (a box cut out of a page) read as one line by one model. It is written over
   * the page's image: a page's readings must all be done before.
   */
  readLine(image: GrayImage, languages: string, dpi = 300): PixelWord[] {
    this.module.FS.writeFile("/input", encodePgm(image));
    const api = this.api(languages);
    try {
      this.setImage(api, dpi, PSM_SINGLE_LINE);
      return api.Recognize(null) === 0 ? parseTsv(api.GetTSVText(0)) : [];
    } finally {
      api.Clear();
    }
  }

  /** Each box read again on its own, a little margin around it. */
  private reread(api: any, boxes: Box[], dpi: number, image: GrayImage): PixelWord[][] {
    if (boxes.length === 0) return [];
    try {
      this.setImage(api, dpi, PSM_SINGLE_LINE);
      return boxes.map((box) => {
        const pad = Math.round(0.3 * box.height);
        const x = Math.max(0, box.x - pad), y = Math.max(0, box.y - pad);
        api.SetRectangle(
          x,
          y,
          Math.min(image.width, box.x + box.width + pad) - x,
          Math.min(image.height, box.y + box.height + pad) - y,
        );
        if (api.Recognize(null) !== 0) return [];
        return parseTsv(api.GetTSVText(0));
      });
    } finally {
      api.Clear();
    }
  }

  /** One model serves whole pages and single boxes: the mode is set for each use. */
  private setImage(api: any, dpi: number, pageSegMode: string): void {
    api.SetVariable("tessedit_pageseg_mode", pageSegMode);
    if (api.SetImageFile(1, 0) !== 0) throw new Error("the OCR engine refused the page");
    api.SetSourceResolution(dpi);
  }

  /** The model for these languages, loaded the first time a page needs it. */
  private api(languages: string): any {
    let api = this.apis.get(languages);
    if (!api) {
      api = this.initApi(languages);
      this.apis.set(languages, api);
    }
    return api;
  }

  private initApi(languages: string): any {
    for (const language of languages.split("+")) {
      if (this.written.has(language)) continue;
      const data = gunzipSync(readFileSync(languageDataPath(language)));
      this.module.FS.writeFile(`/${language}.traineddata`, data);
      this.written.add(language);
    }
    const api = new this.module.TessBaseAPI();
    if (api.Init(null, languages, OEM_LSTM_ONLY) !== 0) {
      throw new Error(`the OCR engine could not load its language data (${languages})`);
    }
    // Tesseract's own notes ("Detected 3 diacritics") would otherwise go to stderr per page.
    api.SetVariable("debug_file", "/dev/null");
    return api;
  }
}

/** Tesseract's TSV: level 5 rows are words (left, top, width, height, conf 0–100, text). */
export function parseTsv(tsv: string): PixelWord[] {
  const words: PixelWord[] = [];
  let line = nextLine;
  for (const row of tsv.split("\n")) {
    const cols = row.split("\t");
    // Level 4 rows open a text line; the words (level 5) that follow are in it.
    if (cols[0] === "4") line = ++nextLine;
    if (cols[0] !== "5" || cols.length < 12) continue;
    const text = cols.slice(11).join("\t").trim();
    if (text === "") continue;
    const conf = Number(cols[10]);
    words.push({
      text,
      x: Number(cols[6]),
      y: Number(cols[7]),
      width: Number(cols[8]),
      height: Number(cols[9]),
      confidence: Math.min(1, Math.max(0, Number.isFinite(conf) ? conf / 100 : 0)),
      line,
    });
  }
  return words;
}

/**
 * The English reading, each word of it taken from the page-language reading of the same place
 * where that one is surer (by REREAD_MARGIN), or where it reads the same letters with accents
 * the English model has no use for ("Corticas" is "Cortiças" on a Portuguese page): the English
 * model reads accented letters as plain ones at high confidence, so its confidence cannot tell.
 * With `accentsOnly` (a further language's reading), only the accents change: a word read without
 * any takes the other reading's accented spelling of the same letters, and a word with others
 * takes it where the other reading is at least as sure (dev scans 84.8 → 84.9 %, tune OCR
 * formats 91.6 → 91.9 %).
 */
export function withPageLanguage(
  english: PixelWord[],
  local: PixelWord[],
  { accentsOnly = false } = {},
): PixelWord[] {
  return english.map((word) => {
    const same = local.filter((w) => intersection(w, word) >= 0.6 * Math.max(area(w), area(word)));
    if (same.length !== 1) return word;
    const other = same[0]!;
    if (other.text === word.text) return word;
    if (
      folded(other.text) === folded(word.text) && other.confidence >= word.confidence - 0.1 &&
      (!accentsOnly || (!LATIN_EXTRA.test(word.text) && LATIN_EXTRA.test(other.text)))
    ) {
      return { ...word, text: other.text };
    }
    // A party's name or town in its own country's accents, where the page's model put its own
    // on the same letters ("Rhône" read "Rhöne" by the German model, "Zürich" "Zúrich" by the
    // Spanish one), and the country's model is at least as sure.
    if (
      accentsOnly && folded(other.text) === folded(word.text) && LATIN_EXTRA.test(word.text) &&
      LATIN_EXTRA.test(other.text) && other.confidence >= word.confidence
    ) {
      return { ...word, text: other.text };
    }
    if (accentsOnly) return word;
    if (word.confidence < REREAD_BELOW && other.confidence >= word.confidence + REREAD_MARGIN) {
      return { ...other, line: word.line };
    }
    // Two models reading different digits in one place: the engine's confidence in either says
    // nothing of which is right, and a wrong digit is a wrong amount.
    if (/\d/.test(word.text) && digits(word.text) !== digits(other.text)) {
      return { ...word, confidence: Math.min(word.confidence, DIGITS_DISPUTED) };
    }
    return word;
  });
}

/** A letter beyond ASCII: an accent, or a letter of its own (ł, ı, ß). */
const LATIN_EXTRA = /\P{ASCII}/u;

/** The digits of a word, in order. */
function digits(text: string): string {
  return text.replace(/\D+/g, "");
}

/** Lower-case text without its accents (ç → c, ł → l, ı → i, ß → ss). */
function folded(text: string): string {
  return text.toLowerCase().normalize("NFKD").replace(/\p{M}+/gu, "")
    .replace(/ł/g, "l").replace(/ı/g, "i").replace(/ø/g, "o").replace(/ß/g, "ss");
}
