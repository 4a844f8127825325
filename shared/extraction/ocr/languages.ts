/**
 * Which OCR language a page needs besides English, told from what the English model read on
 * it. Latin-script languages show through their common words, which the English model reads
 * well enough without their accents ("kaufer", "quantite"); Chinese and Japanese do not show
 * at all (the English model reads their characters as debris), so a CJK page is told by
 * re-reading a few of its least certain words with the CJK models (see tesseract.ts).
 */
import type { PixelWord } from "./tesseract.ts";

/** Latin-script languages with Tesseract data in the project (npm @tesseract.js-data/*). */
export type LatinLanguage = "deu" | "fra" | "spa" | "ita" | "nld" | "pol" | "por" | "tur";

/**
 * Words common in the language's trade documents and rare in the others' (nor English), as
 * the English model spells them: lower case, without accents.
 */
const MARKERS: Record<LatinLanguage, string[]> = {
  deu: [
    "und",
    "der",
    "die",
    "das",
    "rechnung",
    "kaufer",
    "verkaufer",
    "menge",
    "preis",
    "betrag",
    "lieferbedingungen",
    "zahlung",
    "gesamt",
    "ursprungsland",
    "hafen",
    "gmbh",
    "strasse",
    "einzelpreis",
    "warenbezeichnung",
    "empfanger",
  ],
  fra: [
    "facture",
    "acheteur",
    "vendeur",
    "quantite",
    "prix",
    "montant",
    "livraison",
    "paiement",
    "origine",
    "les",
    "des",
    "du",
    "sarl",
    "rue",
    "destinataire",
    "designation",
    "unitaire",
    "expediteur",
  ],
  spa: [
    "factura",
    "comprador",
    "vendedor",
    "cantidad",
    "precio",
    "importe",
    "entrega",
    "pago",
    "origen",
    "puerto",
    "descripcion",
    "calle",
    "los",
    "del",
    "las",
    "mercancia",
  ],
  ita: [
    "fattura",
    "acquirente",
    "venditore",
    "quantita",
    "prezzo",
    "importo",
    "consegna",
    "pagamento",
    "porto",
    "della",
    "via",
    "descrizione",
    "srl",
    "spa",
    "totale",
    "merce",
  ],
  nld: [
    "factuur",
    "koper",
    "verkoper",
    "aantal",
    "prijs",
    "bedrag",
    "levering",
    "betaling",
    "haven",
    "het",
    "een",
    "van",
    "omschrijving",
    "totaal",
    "straat",
    "bv",
  ],
  pol: [
    "faktura",
    "nabywca",
    "sprzedawca",
    "ilosc",
    "cena",
    "wartosc",
    "dostawy",
    "platnosci",
    "port",
    "razem",
    "towar",
    "ul",
    "sp",
    "zo",
    "oo",
    "nr",
    "kraj",
  ],
  por: [
    "fatura",
    "comprador",
    "vendedor",
    "quantidade",
    "preco",
    "valor",
    "entrega",
    "pagamento",
    "porto",
    "descricao",
    "rua",
    "lda",
    "ltda",
    "mercadoria",
    "origem",
    "da",
    "do",
  ],
  tur: [
    "fatura",
    "alici",
    "satici",
    "miktar",
    "fiyat",
    "tutar",
    "teslim",
    "odeme",
    "liman",
    "limani",
    "toplam",
    "mal",
    "cad",
    "sok",
    "ltd",
    "sti",
    "mense",
  ],
};

/** At least this many marker words, and twice as many as the runner-up, name a language. */
const MIN_MARKERS = 3;

/** The Latin-script language the page's words are in, when they clearly say so. */
export function latinLanguage(words: PixelWord[]): LatinLanguage | null {
  const tokens = words.flatMap((w) =>
    w.text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase().split(/[^a-z]+/)
  ).filter((t) => t.length > 1);
  const counts = (Object.keys(MARKERS) as LatinLanguage[]).map((lang) => {
    const markers = new Set(MARKERS[lang]);
    return { lang, n: tokens.filter((t) => markers.has(t)).length };
  }).sort((a, b) => b.n - a.n);
  const [top, second] = counts;
  if (!top || top.n < MIN_MARKERS || (second && second.n * 2 > top.n)) return null;
  return top.lang;
}

/** Whether text is mostly Chinese or Japanese characters. */
export function isCjk(text: string): boolean {
  const cjk = text.match(/[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/gu)?.length ?? 0;
  return cjk > 0 && cjk * 2 >= text.replace(/\s/g, "").length;
}

/**
 * The boxes read again with the CJK models to tell a CJK page: the `count` least certain English
 * words below `below` that hold a letter or digit and stand at least half as tall as the page's
 * typical word. What is left of a whitened table rule or a pen stroke is read as "—" or "i" a
 * pixel high at confidence 0: the least certain words of all, such remnants took every probe on
 * a Chinese scan whose labels the English model had read as debris ("ECAR", "REHS"), 2 of the
 * 10 read as CJK, and the page was read in English alone and refused as holding no trade data
 * (fresh dev scans: that page 0 → 40 of 55 fields right).
 */
export function cjkProbes(words: PixelWord[], below: number, count: number): PixelWord[] {
  const heights = words.map((w) => w.height).sort((a, b) => a - b);
  const typical = heights[heights.length >> 1] ?? 0;
  return words.filter((w) =>
    w.confidence < below && w.height >= PROBE_MIN_HEIGHT * typical && /[\p{L}\p{N}]/u.test(w.text)
  )
    .sort((a, b) => a.confidence - b.confidence)
    .slice(0, count);
}

/** A probe is at least this share of the page's median word height: a CJK label's debris is. */
const PROBE_MIN_HEIGHT = 0.5;

/**
 * Country names, as the English model spells them (lower case, no accents), and the language
 * whose letters the names and addresses of a party there carry. An invoice's parties are often
 * from two countries and neither need be the page's language: a German buyer's "Präzision" on
 * a Portuguese invoice is read "Prazision" by the English model and by the Portuguese one.
 */
const COUNTRY_LANGUAGES: Record<string, LatinLanguage> = Object.fromEntries(
  (Object.entries({
    deu: "germany deutschland allemagne alemania germania niemcy duitsland almanya alemanha " +
      "austria osterreich autriche oostenrijk avusturya switzerland schweiz suisse svizzera " +
      "suiza szwajcaria zwitserland isvicre suica",
    fra: "france frankreich francia francja frankrijk fransa franca",
    spa: "spain espana spanien espagne spagna hiszpania spanje ispanya espanha mexico mexique " +
      "mexiko messico meksyk meksika argentina argentine argentinien",
    ita: "italy italia italien italie wlochy italie italya",
    nld: "netherlands nederland niederlande holanda olanda holandia hollanda",
    pol: "poland polska polen pologne polonia polonya",
    por: "portugal portogallo portekiz brazil brasil bresil brasilien brasile brazylia brezilya",
    tur: "turkey turkiye turkei turquie turchia turquia turcja turkije",
  }) as [LatinLanguage, string][]).flatMap(([lang, names]) =>
    names.split(" ").map((name) => [name, lang])
  ),
);

/** The languages of the countries the page names, in the order they first appear. */
export function countryLanguages(words: PixelWord[]): LatinLanguage[] {
  const found: LatinLanguage[] = [];
  for (const w of words) {
    const tokens = w.text.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase()
      .replace(/ı/g, "i").split(/[^a-z]+/);
    for (const t of tokens) {
      const lang = COUNTRY_LANGUAGES[t];
      if (lang && !found.includes(lang)) found.push(lang);
    }
  }
  return found;
}
