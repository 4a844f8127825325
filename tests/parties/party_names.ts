/**
 * Party names as a trade team's address book has them, made up from word lists by a seeded
 * generator (the same seed gives the same names on every run): companies named after a family
 * (`Müller Maschinenbau GmbH`), a place or a made-up brand and a trade (`Hamburg Coffee Trading
 * Co.`), partnerships (`Schmidt & Søndergaard KG`) and people (`Anna Dvořák`). Accented and
 * upper-case letters are mixed in as real names have them, so searches fold them.
 *
 * The distribution is what search tests and the bench need: a common first name (about 1 % of
 * parties), a common word (several thousand of 100,000 parties), names that share prefixes of
 * one to three letters.
 */

/** `a|b|c` as a list (a list literal would take a line per word once formatted). */
function words(list: string): readonly string[] {
  return list.split("|");
}

const FIRST_NAMES = words(
  "Anna|John|Maria|José|Jean|Luca|Sofia|Hans|Ingrid|Søren|Zoë|Ahmed|Fatima|Wei|Li|Hiroshi|" +
    "Yuki|Raj|Priya|Olga|Ivan|Chloé|François|Björn|Åsa|Łukasz|Agnieszka|Tomás|Inês|Carlos|" +
    "Lucía|Pedro|Emma|Noah|Liam|Olivia|Mateo|Elena|Giorgos|Eleni|Mehmet|Ayşe|Kwame|Amara|" +
    "David|Sarah|Michael|Laura|Peter|Julia",
);

const SURNAMES = words(
  "Müller|Schmidt|Schneider|Fischer|Weber|Meyer|Wagner|Becker|Schulz|Hoffmann|Smith|" +
    "Johnson|Williams|Brown|Jones|Miller|Davis|Wilson|Anderson|Taylor|García|Martínez|López|" +
    "González|Rodríguez|Fernández|Pérez|Sánchez|Rossi|Russo|Ferrari|Esposito|Bianchi|Romano|" +
    "Colombo|Dubois|Lefèvre|Moreau|Laurent|Girard|Bonnet|Dupont|Lambert|Fontaine|Jansen|" +
    "De Vries|Van Dijk|Bakker|Visser|Smit|Nielsen|Jensen|Hansen|Søndergaard|Andersson|" +
    "Johansson|Karlsson|Nilsson|Eriksson|Novák|Dvořák|Kowalski|Nowak|Wiśniewski|Wójcik|" +
    "Kovács|Nagy|Horváth|Popescu|Ionescu|Papadopoulos|Yılmaz|Kaya|Demir|Şahin|Öztürk|Silva|" +
    "Santos|Oliveira|Souza|Costa|Pereira|Tanaka|Suzuki|Watanabe|Chen|Wang|Zhang|Liu|Kim|Park|" +
    "Lee|Nguyen|Tran|Patel|Shah|Singh|Kumar|Okafor|Mensah|O'Brien|MacLeod|Ørsted|Ærø|" +
    "Straßburger|Größer|Weiß|Łukasik",
);

const PLACES = words(
  "Hamburg|Bremen|Rotterdam|Antwerp|Le Havre|Marseille|Genoa|Valencia|Barcelona|Piraeus|" +
    "Gdańsk|Göteborg|Aarhus|Felixstowe|Southampton|Dublin|Istanbul|İzmir|Dubai|Mumbai|" +
    "Chennai|Colombo|Singapore|Shanghai|Ningbo|Shenzhen|Busan|Yokohama|Kobe|Santos|Callao|" +
    "Valparaíso|Cartagena|Veracruz|Houston|Savannah|Newark|Montréal|Vancouver|Durban|Mombasa|" +
    "Lagos|Tema|Alexandria|Casablanca|Tanger|São Paulo|Zürich|Köln|München",
);

const BRANDS = words(
  "Atlas|Nordic|Global|Pacific|Atlantic|Orient|Meridian|Horizon|Polar|Sunrise|Evergreen|" +
    "Blue Ocean|Silverline|Northstar|Crescent|Summit|Keystone|Pioneer|Vanguard|Zenith|Aurora|" +
    "Équinoxe|Alpenland|Baltic|Adriatic|Iberia|Andes|Sahara|Delta|Harbour",
);

const TRADES = words(
  "Coffee|Tea|Cocoa|Textiles|Garments|Steel|Machinery|Maschinenbau|Electronics|Chemicals|" +
    "Pharma|Foods|Seafood|Fruits|Grain|Timber|Furniture|Ceramics|Glass|Plastics|Paper|" +
    "Packaging|Auto Parts|Bearings|Tools|Leather|Footwear|Wines|Spirits|Olive Oil|Spices|" +
    "Rice|Sugar|Cotton|Wool|Solar|Batteries|Medical|Cosmetics|Toys",
);

const ACTIVITIES = words(
  "Trading|Trading|Trading|Import|Export|Import & Export|Logistics|Shipping|Handel|" +
    "Industries|Manufacturing|Distribution|Supplies|Holdings|Group|Partners|Commodities|" +
    "Forwarding|Sourcing|Works",
);

const LEGAL_FORMS = words(
  "GmbH|GmbH & Co. KG|KG|AG|Ltd|Ltd.|LLC|Inc.|Corp.|Co., Ltd.|S.A.|S.A.S.|SARL|S.p.A.|" +
    "S.r.l.|S.L.|B.V.|N.V.|A/S|AB|Oy|Sp. z o.o.|s.r.o.|Kft.|A.Ş.|Pte. Ltd.|Pty Ltd|Ltda.|" +
    "S.A. de C.V.|FZE",
);

/** Countries with a weight each (a team trades with a few countries most). */
const COUNTRIES = [
  ["DE", 14],
  ["US", 12],
  ["CN", 10],
  ["NL", 6],
  ["FR", 6],
  ["IT", 6],
  ["ES", 5],
  ["GB", 5],
  ["JP", 4],
  ["IN", 4],
  ["BR", 3],
  ["TR", 3],
  ["PL", 3],
  ["DK", 2],
  ["SE", 2],
  ["KR", 2],
  ["VN", 2],
  ["MX", 2],
  ["ZA", 1],
  ["AE", 1],
  ["SG", 1],
  ["CH", 1],
  ["AT", 1],
  ["BE", 1],
  ["CZ", 1],
  ["GR", 1],
  ["PT", 1],
  ["CA", 1],
  ["AU", 1],
  ["KE", 1],
] as const;

/** mulberry32: a small, fast, seeded PRNG (uniform in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GeneratedParty {
  name: string;
  country: string;
  city: string;
}

/** `count` parties from `seed`; names repeat now and then, as in a real address book. */
export function generateParties(count: number, seed = 20261121): GeneratedParty[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const weightTotal = COUNTRIES.reduce((sum, [, w]) => sum + w, 0);
  const country = () => {
    let r = random() * weightTotal;
    for (const [code, weight] of COUNTRIES) if ((r -= weight) < 0) return code;
    return COUNTRIES[0][0];
  };
  const shapes: (() => string)[] = [
    () => `${pick(SURNAMES)} ${pick(TRADES)} ${pick(LEGAL_FORMS)}`,
    () => `${pick(SURNAMES)} ${pick(ACTIVITIES)} ${pick(LEGAL_FORMS)}`,
    () => `${pick(FIRST_NAMES)} ${pick(SURNAMES)}`,
    () => `${pick(SURNAMES)} & ${pick(SURNAMES)} ${pick(LEGAL_FORMS)}`,
    () => `${pick(PLACES)} ${pick(TRADES)} ${pick(ACTIVITIES)} ${pick(LEGAL_FORMS)}`,
    () => `${pick(BRANDS)} ${pick(TRADES)} ${pick(ACTIVITIES)}`,
    () => `${pick(BRANDS)} ${pick(ACTIVITIES)} ${pick(LEGAL_FORMS)}`,
    () => `${pick(FIRST_NAMES)} ${pick(SURNAMES)} ${pick(TRADES)} ${pick(ACTIVITIES)}`,
  ];
  const out: GeneratedParty[] = [];
  for (let i = 0; i < count; i++) {
    let name = pick(shapes)();
    // Some address books keep names in capitals.
    if (random() < 0.05) name = name.toUpperCase();
    out.push({ name, country: country(), city: pick(PLACES) });
  }
  return out;
}

/** The parties as CSV for `Db.copyCsv("parties", PARTY_CSV_COLUMNS, …)`, all of one team. */
export function partiesCsv(teamId: string, parties: readonly GeneratedParty[]): string {
  const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
  return [
    PARTY_CSV_COLUMNS.join(","),
    ...parties.map((p) => [teamId, quote(p.name), p.country, quote(p.city)].join(",")),
  ].join("\n");
}

export const PARTY_CSV_COLUMNS = ["team_id", "name", "country", "city"] as const;
