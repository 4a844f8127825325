/**
 * What generated documents are made of: companies (invented names built from parts, real cities,
 * postcodes and street patterns), goods with HS 2022 subheadings, seaports by UN/LOCODE, and the
 * printed forms of countries and currencies. `make_generated.ts` checks every HS code, port and
 * currency against data/reference before it writes anything.
 */
import type { Lang } from "./vocab.ts";
import type { Rng } from "./rng.ts";

export interface CountryPool {
  code: string;
  lang: Lang;
  /** Printed forms of the country line: English and local names, cases and abbreviations. */
  printed: readonly string[];
  /** City lines as printed, postcode in its place. */
  cities: readonly string[];
  streets: readonly string[];
  /** How the house number goes with the street: "{s} {n}" or "{n} {s}". */
  streetForm: string;
  stems: readonly string[];
  /** Legal forms, some with a comma ("Co., Ltd.") so that names carry commas. */
  forms: readonly string[];
  contacts: readonly string[];
  ports: readonly { locode: string; name: string }[];
  currency: string;
}

export const COUNTRIES: readonly CountryPool[] = [
  {
    code: "DE",
    lang: "de",
    printed: ["GERMANY", "Germany", "Deutschland", "DEUTSCHLAND", "Federal Republic of Germany"],
    cities: ["20457 Hamburg", "28195 Bremen", "70173 Stuttgart", "80331 München", "50667 Köln"],
    streets: ["Großer Burstah", "Am Sandtorkai", "Industriestraße", "Hafenstraße", "Lindenallee"],
    streetForm: "{s} {n}",
    stems: ["Nordwerk", "Weber & Sohn", "Hansa Technik", "Bergmann Antriebe", "Rheinmetallbau"],
    forms: ["GmbH", "GmbH & Co. KG", "AG", "KG"],
    contacts: ["Tel. +49 40 3701 8820", "USt-IdNr.: DE 812 440 731", "EORI DE4471120"],
    ports: [{ locode: "DEHAM", name: "Hamburg" }, { locode: "DEBRV", name: "Bremerhaven" }],
    currency: "EUR",
  },
  {
    code: "FR",
    lang: "fr",
    printed: ["FRANCE", "France", "République française"],
    cities: ["76600 Le Havre", "13002 Marseille", "69003 Lyon", "33000 Bordeaux", "59000 Lille"],
    streets: ["Quai de l'Europe", "rue de la République", "boulevard Gambetta", "avenue Foch"],
    streetForm: "{n}, {s}",
    stems: ["Delacroix Industries", "Maison Garnier", "Atelier Lefèvre", "Vins du Rhône"],
    forms: ["SARL", "SAS", "S.A."],
    contacts: ["SIRET 512 884 301 00027", "TVA : FR 41 512884301", "Tél. +33 2 35 19 40 00"],
    ports: [{ locode: "FRLEH", name: "Le Havre" }, { locode: "FRMRS", name: "Marseille" }],
    currency: "EUR",
  },
  {
    code: "ES",
    lang: "es",
    printed: ["ESPAÑA", "España", "SPAIN", "Spain"],
    cities: ["46024 Valencia", "08039 Barcelona", "28046 Madrid", "41001 Sevilla"],
    streets: ["Calle de Colón", "Avenida del Puerto", "Calle Mayor", "Paseo de Gracia"],
    streetForm: "{s}, {n}",
    stems: ["Cerámicas Levante", "Aceites del Sur", "Industrias Navarro", "Textil Mediterráneo"],
    forms: ["S.L.", ", S.A.", "S.A.U."],
    contacts: ["CIF: B-46 123 456", "Tel. +34 963 12 44 00"],
    ports: [{ locode: "ESVLC", name: "Valencia" }, { locode: "ESBCN", name: "Barcelona" }],
    currency: "EUR",
  },
  {
    code: "IT",
    lang: "it",
    printed: ["ITALIA", "Italia", "ITALY", "Italy"],
    cities: ["16126 Genova", "20121 Milano", "40121 Bologna", "10121 Torino", "36100 Vicenza"],
    streets: ["Via Garibaldi", "Corso Italia", "Via dei Mille", "Viale Europa"],
    streetForm: "{s}, {n}",
    stems: ["Meccanica Rossi", "Tessitura Bianchi", "Officine Ferrari", "Olio Toscano"],
    forms: ["S.r.l.", "S.p.A.", "& C. S.n.c."],
    contacts: ["P. IVA IT 01234560987", "Tel. +39 010 246 7100"],
    ports: [{ locode: "ITGOA", name: "Genova" }, { locode: "ITSPE", name: "La Spezia" }],
    currency: "EUR",
  },
  {
    code: "NL",
    lang: "nl",
    printed: ["NETHERLANDS", "The Netherlands", "Nederland", "NEDERLAND", "Holland"],
    cities: ["3011 AA Rotterdam", "1012 AB Amsterdam", "5611 AZ Eindhoven", "2511 CV Den Haag"],
    streets: ["Westersingel", "Keizersgracht", "Stationsweg", "Havenstraat"],
    streetForm: "{s} {n}",
    stems: ["Van der Berg Techniek", "De Vries Bloembollen", "Holland Agro", "Jansen Metaal"],
    forms: ["B.V.", "N.V.", "V.O.F."],
    contacts: ["KvK 24301122", "BTW NL 8123.45.678.B01"],
    ports: [{ locode: "NLRTM", name: "Rotterdam" }, { locode: "NLAMS", name: "Amsterdam" }],
    currency: "EUR",
  },
  {
    code: "PL",
    lang: "pl",
    printed: ["POLAND", "Poland", "Polska", "POLSKA"],
    cities: ["80-863 Gdańsk", "81-336 Gdynia", "00-950 Warszawa", "61-896 Poznań"],
    streets: ["ul. Długa", "ul. Portowa", "al. Grunwaldzka", "ul. Przemysłowa"],
    streetForm: "{s} {n}",
    stems: ["Meble Kowalski", "Stal-Pol", "Bałtyk Drewno", "Zakłady Nowak"],
    forms: ["Sp. z o.o.", "S.A.", "Sp.k."],
    contacts: ["NIP 583-000-11-22", "REGON 190000123"],
    ports: [{ locode: "PLGDN", name: "Gdańsk" }, { locode: "PLGDY", name: "Gdynia" }],
    currency: "PLN",
  },
  {
    code: "PT",
    lang: "pt",
    printed: ["PORTUGAL", "Portugal"],
    cities: ["1100-148 Lisboa", "4050-372 Porto", "4450-208 Matosinhos", "3800-200 Aveiro"],
    streets: ["Rua Augusta", "Avenida da Liberdade", "Rua do Comércio", "Rua das Flores"],
    streetForm: "{s}, {n}",
    stems: ["Cortiças Ferreira", "Têxteis Almeida", "Conservas Lusitânia", "Vinhos do Douro"],
    forms: [", Lda.", "S.A.", "Lda."],
    contacts: ["NIF 501 234 567", "Tel. +351 22 600 1100"],
    ports: [{ locode: "PTLIS", name: "Lisboa" }, { locode: "PTLEI", name: "Leixões" }],
    currency: "EUR",
  },
  {
    code: "BR",
    lang: "pt",
    printed: ["BRASIL", "Brasil", "BRAZIL", "Brazil"],
    cities: ["11013-000 Santos - SP", "01310-100 São Paulo - SP", "80010-000 Curitiba - PR"],
    streets: ["Rua XV de Novembro", "Avenida Paulista", "Rua do Porto"],
    streetForm: "{s}, {n}",
    stems: ["Café Bom Retiro", "Calçados Gaúcho", "Agro Paraná"],
    forms: ["Ltda.", "S.A."],
    contacts: ["CNPJ 12.345.678/0001-90"],
    ports: [{ locode: "BRSSZ", name: "Santos" }, { locode: "BRPNG", name: "Paranaguá" }],
    currency: "USD",
  },
  {
    code: "TR",
    lang: "tr",
    printed: ["TÜRKİYE", "Türkiye", "TURKEY", "Turkey"],
    cities: ["34000 İstanbul", "33000 Mersin", "35000 İzmir", "16000 Bursa"],
    streets: ["Atatürk Caddesi", "Cumhuriyet Mahallesi", "Liman Yolu", "Organize Sanayi Bölgesi"],
    streetForm: "{s} No: {n}",
    stems: ["Anadolu Tekstil", "Ege Gıda", "Marmara Makina", "Yıldız Halı"],
    forms: ["A.Ş.", "Ltd. Şti.", "San. ve Tic. A.Ş."],
    contacts: ["Vergi No: 1234567890", "Tel: +90 212 555 0101"],
    ports: [{ locode: "TRMER", name: "Mersin" }, { locode: "TRIZM", name: "İzmir" }],
    currency: "USD",
  },
  {
    code: "CN",
    lang: "zh",
    printed: ["CHINA", "China", "P.R. CHINA", "P.R.China", "中国", "中华人民共和国"],
    cities: ["Shanghai 200120", "Ningbo 315000", "Shenzhen 518000", "Qingdao 266000"],
    streets: ["Pudong Avenue", "Zhongshan Road", "Jiefang Road", "Binhai Industrial Park"],
    streetForm: "No. {n} {s}",
    stems: [
      "Shanghai Huadong Electric",
      "Ningbo Ocean Tools",
      "Shenzhen Brightstar",
      "Qingdao Golden Sea",
    ],
    forms: ["Co., Ltd.", "Trading Co., Ltd.", "Industrial Co., Ltd."],
    contacts: ["Tel: +86 21 5888 1234", "USCC 91310000MA1FL1234X"],
    ports: [
      { locode: "CNSGH", name: "Shanghai" },
      { locode: "CNNBO", name: "Ningbo" },
      { locode: "CNQIN", name: "Qingdao" },
    ],
    currency: "USD",
  },
  {
    code: "JP",
    lang: "ja",
    printed: ["JAPAN", "Japan", "日本"],
    cities: ["Kobe 650-0042", "Yokohama 231-0002", "Osaka 530-0001", "Nagoya 455-0032"],
    streets: ["Minatojima Nakamachi", "Kaigan-dori", "Shinko-cho", "Umeda"],
    streetForm: "{n}-2-{n} {s}",
    stems: ["Kansai Seiki", "Nippon Precision Parts", "Yamato Denki", "Sakura Chemical"],
    forms: ["Co., Ltd.", "Corporation", "K.K."],
    contacts: ["TEL 078-302-1234", "Corporate No. 1140001012345"],
    ports: [
      { locode: "JPUKB", name: "Kobe" },
      { locode: "JPYOK", name: "Yokohama" },
      { locode: "JPOSA", name: "Osaka" },
    ],
    currency: "JPY",
  },
  {
    code: "US",
    lang: "en",
    printed: ["USA", "U.S.A.", "United States", "UNITED STATES OF AMERICA"],
    cities: ["Detroit, MI 48207", "Savannah, GA 31401", "Newark, NJ 07105", "Long Beach, CA 90802"],
    streets: ["E. Jefferson Ave", "Harbor Drive", "Commerce Street", "Industrial Parkway"],
    streetForm: "{n} {s}",
    stems: ["Great Lakes Supply", "Harbor Imports", "Pioneer Distribution", "Atlantic Trading"],
    forms: ["Inc.", "LLC", ", Inc.", "Corp."],
    contacts: ["Tel. +1 313 555 0190", "EIN 38-1234567"],
    ports: [
      { locode: "USNYC", name: "New York" },
      { locode: "USSAV", name: "Savannah" },
      { locode: "USLGB", name: "Long Beach" },
    ],
    currency: "USD",
  },
  {
    code: "GB",
    lang: "en",
    printed: ["UNITED KINGDOM", "United Kingdom", "UK", "U.K.", "England"],
    cities: ["Felixstowe IP11 3SY", "Southampton SO14 3TJ", "Manchester M1 1AE", "Leeds LS1 4AP"],
    streets: ["Dock Road", "High Street", "Station Approach", "Western Avenue"],
    streetForm: "{n} {s}",
    stems: ["Thames Engineering", "Windsor Textiles", "Brookfield & Hart", "Northern Foods"],
    forms: ["Ltd", "Limited", "PLC", "& Co. Ltd"],
    contacts: ["VAT GB 123 4567 89", "EORI GB123456789000"],
    ports: [{ locode: "GBFXT", name: "Felixstowe" }, { locode: "GBSOU", name: "Southampton" }],
    currency: "GBP",
  },
  {
    code: "CH",
    lang: "de",
    printed: ["SWITZERLAND", "Switzerland", "Schweiz", "SCHWEIZ", "Suisse"],
    cities: ["4051 Basel", "8004 Zürich", "2502 Biel/Bienne"],
    streets: ["Rheinhafenstrasse", "Bahnhofstrasse", "Industriering"],
    streetForm: "{s} {n}",
    stems: ["Helvetia Uhren", "Alpen Präzision", "Basler Chemie"],
    forms: ["AG", "GmbH", "SA"],
    contacts: ["UID CHE-123.456.789 MWST"],
    ports: [{ locode: "CHBSL", name: "Basel" }],
    currency: "CHF",
  },
  {
    code: "KR",
    lang: "en",
    printed: ["KOREA", "Republic of Korea", "SOUTH KOREA", "Korea"],
    cities: ["Busan 48939", "Incheon 22314", "Ulsan 44717"],
    streets: ["Jungang-daero", "Haeun-daero", "Sandan-ro"],
    streetForm: "{n}, {s}",
    stems: ["Hanbit Electronics", "Daehan Steel", "Seoul Polymer"],
    forms: ["Co., Ltd.", "Corporation"],
    contacts: ["Tel: +82 51 440 1234"],
    ports: [{ locode: "KRPUS", name: "Busan" }, { locode: "KRINC", name: "Incheon" }],
    currency: "USD",
  },
  {
    code: "MX",
    lang: "es",
    printed: ["MÉXICO", "México", "MEXICO", "Mexico"],
    cities: ["91700 Veracruz, Ver.", "28200 Manzanillo, Col.", "64000 Monterrey, N.L."],
    streets: ["Av. Independencia", "Calle Morelos", "Blvd. Ávila Camacho"],
    streetForm: "{s} {n}",
    stems: ["Importadora del Golfo", "Comercial Azteca", "Distribuidora Norteña"],
    forms: ["S.A. de C.V.", ", S.A. de C.V.", "S. de R.L."],
    contacts: ["RFC IGO-850101-AB1"],
    ports: [{ locode: "MXVER", name: "Veracruz" }, { locode: "MXZLO", name: "Manzanillo" }],
    currency: "USD",
  },
  {
    code: "CA",
    lang: "en",
    printed: ["CANADA", "Canada"],
    cities: ["Montréal (Québec) H2T 1R5", "Vancouver, BC V6B 1A1", "Halifax, NS B3H 4R2"],
    streets: ["boulevard Saint-Laurent", "Water Street", "Granville Street"],
    streetForm: "{n} {s}",
    stems: ["Maple Leaf Importers", "Laurentian Foods", "Pacific Rim Trading"],
    forms: ["Inc.", "Ltd.", "Ltée"],
    contacts: ["BN 123456789 RT0001"],
    ports: [{ locode: "CAMTR", name: "Montréal" }, { locode: "CAVAN", name: "Vancouver" }],
    currency: "CAD",
  },
];

export interface Good {
  /** HS 2022 subheading, six digits. */
  hs6: string;
  en: string;
  /** Local-language wordings where a document prints one. */
  local?: Partial<Record<Lang, string>>;
  units: readonly string[];
  /** Typical unit price range in USD. */
  price: [number, number];
  qty: [number, number];
}

export const GOODS: readonly Good[] = [
  {
    hs6: "848210",
    en: "Ball bearings 6205-2RS",
    local: { de: "Rillenkugellager 6205-2RS", zh: "深沟球轴承 6205-2RS", ja: "玉軸受 6205-2RS" },
    units: ["pcs", "PCS", "Stk"],
    price: [1.5, 9],
    qty: [100, 5000],
  },
  {
    hs6: "848220",
    en: "Tapered roller bearings 32208",
    local: { de: "Kegelrollenlager 32208" },
    units: ["pcs", "PCS"],
    price: [4, 25],
    qty: [50, 1500],
  },
  {
    hs6: "610910",
    en: "Men's T-shirts, 100% cotton, knitted",
    local: {
      fr: "T-shirts homme, 100 % coton",
      es: "Camisetas de punto de algodón",
      tr: "Erkek tişört, %100 pamuk",
      zh: "男式全棉针织T恤",
    },
    units: ["pcs", "PCS", "Stk", "pz"],
    price: [1.8, 12],
    qty: [200, 12000],
  },
  {
    hs6: "620342",
    en: "Men's cotton denim trousers",
    local: { it: "Pantaloni uomo in denim di cotone", tr: "Erkek kot pantolon" },
    units: ["pcs", "prs"],
    price: [6, 30],
    qty: [100, 4000],
  },
  {
    hs6: "090111",
    en: "Green coffee beans, Arabica, not roasted",
    local: { pt: "Café verde em grão, arábica", es: "Café verde en grano, arábica" },
    units: ["kg", "bags"],
    price: [3, 9],
    qty: [1000, 40000],
  },
  {
    hs6: "150920",
    en: "Extra virgin olive oil, 5 l tins",
    local: { it: "Olio extravergine di oliva, latte da 5 l", es: "Aceite de oliva virgen extra" },
    units: ["tins", "l", "kg"],
    price: [20, 60],
    qty: [100, 2000],
  },
  {
    hs6: "220421",
    en: "Red wine, 0.75 l bottles",
    local: { fr: "Vin rouge, bouteilles 0,75 l", pt: "Vinho tinto, garrafas 0,75 l" },
    units: ["bottles", "btl"],
    price: [3, 25],
    qty: [120, 6000],
  },
  {
    hs6: "940360",
    en: "Wooden dining tables, oak",
    local: { pl: "Stoły jadalniane drewniane, dąb", nl: "Houten eettafels, eiken" },
    units: ["pcs", "szt."],
    price: [80, 400],
    qty: [10, 300],
  },
  {
    hs6: "940161",
    en: "Upholstered chairs with wooden frames",
    local: { pl: "Krzesła tapicerowane, rama drewniana" },
    units: ["pcs", "szt."],
    price: [30, 150],
    qty: [20, 800],
  },
  {
    hs6: "850440",
    en: "Static converters, 24 V power supplies",
    local: { zh: "24V 开关电源", ja: "スイッチング電源 24V", de: "Schaltnetzteile 24 V" },
    units: ["pcs", "sets", "PCS"],
    price: [5, 80],
    qty: [50, 3000],
  },
  {
    hs6: "853690",
    en: "Electrical connectors, 2-pole",
    local: { zh: "电气连接器 2芯", ja: "電気コネクタ 2極" },
    units: ["pcs", "PCS"],
    price: [0.1, 3],
    qty: [1000, 50000],
  },
  {
    hs6: "870899",
    en: "Brake calipers for motor vehicles",
    local: { ja: "ブレーキキャリパー", de: "Bremssättel für Kraftfahrzeuge" },
    units: ["pcs", "sets"],
    price: [15, 90],
    qty: [20, 2000],
  },
  {
    hs6: "690722",
    en: "Glazed ceramic floor tiles 60x60 cm",
    local: { es: "Baldosas cerámicas esmaltadas 60x60 cm", it: "Piastrelle in ceramica smaltata" },
    units: ["m2", "m²", "boxes"],
    price: [4, 25],
    qty: [200, 6000],
  },
  {
    hs6: "450310",
    en: "Natural cork stoppers",
    local: { pt: "Rolhas de cortiça natural" },
    units: ["pcs", "thousand"],
    price: [0.05, 0.9],
    qty: [5000, 200000],
  },
  {
    hs6: "060110",
    en: "Tulip bulbs, dormant",
    local: { nl: "Tulpenbollen, in rust" },
    units: ["pcs", "st."],
    price: [0.05, 0.6],
    qty: [5000, 100000],
  },
  {
    hs6: "570242",
    en: "Woven carpets of man-made fibres",
    local: { tr: "Sentetik dokuma halı" },
    units: ["m2", "pcs"],
    price: [8, 60],
    qty: [50, 3000],
  },
  {
    hs6: "847130",
    en: "Portable computers (laptops), 14 inch",
    local: { zh: "笔记本电脑 14寸" },
    units: ["pcs", "units"],
    price: [200, 900],
    qty: [10, 500],
  },
  {
    hs6: "910211",
    en: "Wrist-watches, automatic, steel case",
    local: { de: "Armbanduhren, Automatik, Stahlgehäuse" },
    units: ["pcs"],
    price: [60, 900],
    qty: [10, 500],
  },
  {
    hs6: "392690",
    en: "Plastic storage boxes with lids",
    local: { zh: "带盖塑料收纳盒", pl: "Pojemniki plastikowe z pokrywą" },
    units: ["pcs", "sets", "ctns"],
    price: [0.8, 6],
    qty: [500, 20000],
  },
  {
    hs6: "730890",
    en: "Steel structures, welded frames",
    local: { tr: "Çelik konstrüksiyon, kaynaklı", it: "Strutture in acciaio saldate" },
    units: ["pcs", "kg", "t"],
    price: [50, 900],
    qty: [2, 200],
  },
  {
    hs6: "160414",
    en: "Canned tuna in olive oil, 120 g",
    local: { pt: "Atum em azeite, lata 120 g", es: "Atún en aceite de oliva, lata 120 g" },
    units: ["ctns", "cans", "kg"],
    price: [0.6, 30],
    qty: [100, 5000],
  },
  {
    hs6: "330499",
    en: "Skin care creams, 50 ml jars",
    local: { fr: "Crèmes de soin, pots de 50 ml", ja: "スキンケアクリーム 50ml" },
    units: ["pcs", "jars"],
    price: [2, 25],
    qty: [200, 8000],
  },
];

/** Printed currency forms: the ISO code, symbols, and local words. */
export const CURRENCY_FORMS: Record<string, readonly string[]> = {
  EUR: ["EUR", "€", "Euro"],
  USD: ["USD", "US$", "$", "US Dollars"],
  GBP: ["GBP", "£"],
  CHF: ["CHF", "Fr."],
  PLN: ["PLN", "zł"],
  JPY: ["JPY", "¥", "円"],
  CNY: ["CNY", "RMB", "¥"],
  CAD: ["CAD", "C$"],
  TRY: ["TRY", "TL", "₺"],
};

export function partyFrom(country: CountryPool, rng: Rng) {
  const stem = rng.pick(country.stems);
  const form = rng.pick(country.forms);
  const name = form.startsWith(",") ? `${stem}${form}` : `${stem} ${form}`;
  const n = String(rng.int(2, 240));
  const street = country.streetForm.replaceAll("{s}", rng.pick(country.streets)).replaceAll(
    "{n}",
    n,
  );
  const lines = [street, rng.pick(country.cities)];
  if (rng.chance(0.2)) lines.splice(1, 0, rng.pick(["Building B", "Unit 4", "P.O. Box 1120"]));
  const contact = rng.chance(0.6) ? rng.sample(country.contacts, rng.int(1, 2)) : [];
  return {
    name,
    lines,
    country: { code: country.code, printed: rng.pick(country.printed) },
    contact,
  };
}
