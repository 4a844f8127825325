/**
 * Country names → ISO 3166-1 alpha-2. The ISO short names come from the reference data
 * ("Korea (the Republic of)", "Viet Nam"); documents also write common English names, names in
 * the country's own language and upper case ("DEUTSCHLAND", "VIET NAM", "U.S.A."), which the
 * aliases below add. Everything is compared folded (case, accents, punctuation).
 */
import { fold } from "./text.ts";

const ALIASES: Record<string, string[]> = {
  AE: ["uae", "u a e", "emirates", "united arab emirates", "emirats arabes unis"],
  AT: ["osterreich", "oesterreich", "autriche", "austria"],
  BE: ["belgique", "belgie", "belgien", "belgica", "belgio", "belgia", "belcika"],
  BO: ["bolivia"],
  BR: ["brasil", "bresil", "brasile"],
  CD: ["dr congo", "drc", "democratic republic of the congo", "congo kinshasa"],
  CG: ["congo", "republic of the congo", "congo brazzaville"],
  CH: ["schweiz", "suisse", "svizzera", "switzerland", "suiza", "suica"],
  CI: ["ivory coast", "cote d ivoire"],
  CN: [
    "china",
    "p r china",
    "pr china",
    "prc",
    "people s republic of china",
    "peoples republic of china",
    "zhongguo",
    "中国",
    "中华人民共和国",
    "中國",
    "chine",
    "cina",
    "china p r",
    "chiny",
    "cin",
    "cin halk cumhuriyeti",
  ],
  CZ: ["czech republic", "cesko", "ceska republika", "tschechien", "republique tcheque"],
  DE: [
    "deutschland",
    "germany",
    "federal republic of germany",
    "brd",
    "allemagne",
    "alemania",
    "alemanha",
    "germania",
    "duitsland",
    "niemcy",
    "almanya",
  ],
  DK: ["danmark", "danemark", "dinamarca", "danimarca", "daenemark", "danemark"],
  ES: ["espana", "spanien", "espagne", "spagna", "espanha", "spanje", "hiszpania", "ispanya"],
  FI: ["suomi", "finlande", "finlandia", "finnland"],
  FR: ["frankreich", "francia", "franca", "francja", "republique francaise", "frankrijk", "fransa"],
  GB: [
    "uk",
    "u k",
    "united kingdom",
    "great britain",
    "britain",
    "england",
    "scotland",
    "wales",
    "northern ireland",
    "royaume uni",
    "reino unido",
    "regno unito",
    "vereinigtes konigreich",
    "grossbritannien",
    "verenigd koninkrijk",
    "groot brittannie",
    "wielka brytania",
    "birlesik krallik",
    "ingiltere",
    "royaume uni de grande bretagne",
  ],
  GR: ["hellas", "ellada", "grece", "grecia", "griechenland"],
  HK: ["hong kong sar", "hongkong", "hong kong china"],
  HR: ["hrvatska"],
  HU: ["magyarorszag", "ungarn", "hongrie"],
  IN: ["bharat", "inde", "indien"],
  IR: ["iran"],
  IT: ["italia", "italien", "italie", "italya", "wlochy", "italiaans"],
  JP: [
    "nippon",
    "nihon",
    "japon",
    "giappone",
    "japao",
    "日本",
    "日本国",
    "japonia",
    "japonya",
    "japan",
  ],
  KP: ["north korea", "dprk"],
  KR: [
    "south korea",
    "korea",
    "republic of korea",
    "korea republic of",
    "korea rep",
    "coree du sud",
    "corea del sur",
    "sudkorea",
  ],
  LA: ["laos", "lao pdr"],
  MD: ["moldova"],
  MK: ["macedonia"],
  MO: ["macau"],
  MX: ["mexico", "mexique", "mexiko", "messico"],
  NL: [
    "netherlands",
    "the netherlands",
    "holland",
    "nederland",
    "pays bas",
    "paises bajos",
    "niederlande",
    "paesi bassi",
    "holandia",
    "hollanda",
    "paises baixos",
  ],
  NO: ["norge", "noreg", "norvege", "noruega", "norvegia", "norwegen"],
  PL: ["polska", "polen", "pologne", "polonia", "polonya"],
  PT: ["portugal", "portogallo", "portekiz", "portugalia"],
  RO: ["romania"],
  RU: ["russia", "rossiya", "russie", "rusia", "russland"],
  SE: ["sverige", "schweden", "suede", "suecia", "svezia"],
  SY: ["syria"],
  TR: ["turkey", "turkiye", "turkei", "turquie", "turquia", "turchia", "turcja", "turkije"],
  TW: ["taiwan", "republic of china", "taiwan roc", "chinese taipei"],
  TZ: ["tanzania"],
  US: [
    "usa",
    "u s a",
    "u s",
    "united states",
    "united states of america",
    "vereinigte staaten",
    "etats unis",
    "estados unidos",
    "stati uniti",
    "ee uu",
    "eeuu",
    "e e u u",
    "verenigde staten",
    "verenigde staten van amerika",
    "stany zjednoczone",
    "estados unidos da america",
    "abd",
    "amerika birlesik devletleri",
    "stati uniti d america",
  ],
  VE: ["venezuela"],
  VN: ["vietnam", "viet nam", "socialist republic of vietnam"],
  CA: ["kanada", "canada"],
  DZ: ["algerie", "argelia"],
  EG: ["egypte", "agypten"],
  MA: ["maroc", "marruecos", "marokko", "marocco", "marrocos"],
  TN: ["tunisie", "tunez", "tunesien"],
  ZA: ["rsa", "afrique du sud", "sudafrica", "sudafrika"],
  SA: ["arabie saoudite", "saudi arabia", "ksa"],
  IE: ["irlande", "irlanda", "irland", "eire"],
  CL: ["chili"],
  AR: ["argentine", "argentinien"],
  CO: ["colombie", "kolumbien"],
  PE: ["perou"],
  ID: ["indonesie", "indonesien"],
  TH: ["thailande", "tailandia", "thailand"],
  SG: ["singapour", "singapur"],
  AU: ["australie", "australien", "australia"],
  NZ: ["nouvelle zelande", "neuseeland"],
  IL: ["israel"],
  SK: ["slovaquie", "slowakei"],
  SI: ["slovenie", "slowenien"],
  LU: ["luxemburg"],
  BG: ["bulgarie", "bulgarien"],
  UA: ["ukraine"],
  PH: ["philippines"],
  MY: ["malaisie", "malaysia"],
  PK: ["pakistan"],
  BD: ["bangladesh"],
  LK: ["sri lanka"],
};

/** The languages of the corpus, whose country names #inLanguages holds. */
const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pl", "pt", "tr", "zh", "ja"];

/** US states that are also country names ("Atlanta, Georgia"; "Newark, New Jersey"). */
const US_STATES = new Set(["georgia", "new jersey", "new mexico"]);

export class CountryIndex {
  readonly #byName = new Map<string, string>();
  readonly #codes: Set<string>;

  /** `names`: ISO code → ISO short name, as the reference data has them. */
  constructor(names: Map<string, string>) {
    this.#codes = new Set(names.keys());
    // Aliases first: where a short form is shared ("Korea", "Congo") they say which is meant.
    for (const [code, aliases] of Object.entries(ALIASES)) {
      if (!this.#codes.has(code)) continue;
      for (const alias of aliases) this.#add(alias, code);
    }
    for (const [code, name] of names) {
      for (const variant of variantsOf(name)) this.#add(variant, code);
    }
    this.#addInLanguages(this.#codes);
  }

  /**
   * Each country's name in the languages trade documents are written in, from the runtime's
   * CLDR data ("Szwecja", "İsveç", "Verenigde Staten", "アメリカ合衆国"): read where a line is a
   * country's name, never for a scan's misread guess (too many names lie one letter apart).
   */
  readonly #inLanguages = new Map<string, string>();

  #addInLanguages(codes: Iterable<string>): void {
    for (const language of LANGUAGES) {
      let names: Intl.DisplayNames;
      try {
        names = new Intl.DisplayNames([language], { type: "region", fallback: "none" });
      } catch {
        continue;
      }
      for (const code of codes) {
        let name: string | undefined;
        try {
          name = names.of(code);
        } catch {
          continue;
        }
        const key = name ? fold(name) : "";
        if (key === "" || this.#byName.has(key) || this.#inLanguages.has(key)) continue;
        this.#inLanguages.set(key, code);
      }
    }
  }

  #add(name: string, code: string): void {
    const key = fold(name);
    if (key !== "" && !this.#byName.has(key)) this.#byName.set(key, code);
  }

  isCode(code: string): boolean {
    return this.#codes.has(code);
  }

  /** The country a whole phrase names ("Germany", "VIET NAM", "Korea, Republic of"), or null. */
  byName(text: string): string | null {
    const key = fold(text);
    return this.#byName.get(key) ?? this.#inLanguages.get(key) ?? null;
  }

  /**
   * The country a scan's last word names with one letter misread, lost or added ("APAN",
   * "Möxico", "SPAlN"), or null. Only a word set apart as a country is (alone on its line, or
   * after a comma) and that shows the misread: in capitals (but for the one letter), or with a mark no letter of the
   * name has ("ö" for "e"); a town in lower case one letter from a country ("Konya", "Kenya")
   * is not taken. Only names of five letters or more, one word each, and only where a single
   * country is that near: shorter names lie one letter from too many words.
   */
  misreadAtEnd(text: string): { code: string; rest: string } | null {
    const m = text.trim().match(/^(?:(.*?),\s*)?(\p{L}+)$/u);
    const word = m?.[2] ?? "";
    const last = fold(word);
    const apart = m !== null && (m[1] !== undefined || text.trim() === word);
    if (!apart || last.length < 4 || this.#byName.has(last)) return null;
    // In capitals but for the letter misread, maybe ("CHlNA").
    const capitals = (word.match(/\p{Ll}/gu) ?? []).length <= 1;
    const near = new Set<string>();
    for (const [name, code] of this.#byName) {
      if (name.length < 5 || name.includes(" ") || !oneEditApart(last, name)) continue;
      if (capitals || /[^\p{ASCII}]/u.test(word) && /^[a-z]+$/.test(name)) near.add(code);
    }
    if (near.size !== 1) return null;
    return { code: [...near][0]!, rest: (m![1] ?? "").replace(/[\s,;-]+$/, "") };
  }

  /**
   * The country named at the end of an address line ("22767 Hamburg, Germany", "Chicago IL
   * 60612 USA"), or null. Only the last one to four words are tried, longest first.
   */
  atEnd(text: string): { code: string; rest: string } | null {
    const words = fold(text).split(" ");
    for (let n = Math.min(4, words.length); n >= 1; n--) {
      const tail = words.slice(words.length - n).join(" ");
      const code = this.#byName.get(tail) ??
        (tail.length >= 4 ? this.#inLanguages.get(tail) : undefined);
      if (!code) continue;
      if (US_STATES.has(words.slice(Math.max(0, words.length - n - 1)).join(" "))) return null;
      if (n === 1 && US_STATES.has(tail)) return null;
      // Cut the original words that fold to those n ("U.K." folds to two: "u k").
      const parts = text.trim().split(/\s+/);
      let cut = 0;
      for (let folded = 0; folded < n && cut < parts.length; cut++) {
        folded += fold(parts[parts.length - 1 - cut]!).split(" ").filter(Boolean).length;
      }
      const rest = parts.slice(0, parts.length - cut).join(" ").replace(/[\s,;-]+$/, "");
      return { code, rest };
    }
    return null;
  }
}

/** One letter replaced, dropped or added turns a into b. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1 || a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** "Korea (the Republic of)" → itself, "Korea", "Republic of Korea", "Korea Republic of". */
function variantsOf(name: string): string[] {
  const out = [name];
  const paren = name.match(/^(.*?)\s*\((.*?)\)\s*(\[.*\])?$/);
  if (paren) {
    const base = paren[1]!;
    const inner = paren[2]!.replace(/^the\s+/i, "");
    out.push(base, `${base} ${inner}`, `${inner} ${base}`);
  }
  const comma = name.match(/^(.*?),\s*(.*)$/);
  if (comma) {
    const inner = comma[2]!.replace(/^the\s+/i, "");
    out.push(comma[1]!, `${inner} ${comma[1]}`);
  }
  return out.filter((v) => !/^(the|of)$/i.test(v.trim()));
}
