/**
 * Helpers the document templates share: reading the (possibly incomplete) shipment data safely,
 * formatting amounts, weights, dates and countries, party address boxes, the consignee rule,
 * line item tables, Incoterm text, the IMDG dangerous goods description and the AES legend.
 *
 * Coordination rule: this file is shared by several template authors. Only append new exported
 * functions; never change the behaviour or signature of one that exists.
 *
 * Value policy: a value printed from one data path is a `field(path, formatted value)`, so an
 * empty one becomes a fillable form field named after its path. A line that joins several paths
 * (`22767 Hamburg`, `12 kg`) is `text(...)` when every part is there, and otherwise the field of
 * the first missing part, so a draft can still be completed on the form.
 */
import {
  checkBox as anyCheckBox,
  choice as anyChoice,
  type ChoiceOption,
  type Column,
  type Content,
  field as anyField,
  type FieldValue,
  text,
} from "../model.ts";
import { isPresent, readPath } from "../../catalogue/paths.ts";
import type {
  LineKey,
  PartyRole,
  ShipmentData,
  ShipmentLineItem,
  ShipmentPath,
} from "../../../shipments/types.ts";
import { euMemberStates } from "../../../reference/country_groups.ts";

export { isPresent };
export type { LineKey, PartyRole, ShipmentData, ShipmentPath };

/** A line item as templates read it: possibly incomplete, members read defensively. */
type Item = ShipmentLineItem;

/**
 * The form field of a shipment data path, named after it: the model's `field`, typed so that a
 * template naming a path the schema does not have fails to compile.
 */
export const field: (path: ShipmentPath, value: unknown, multiline?: boolean) => FieldValue =
  anyField;

/** A choice field of a shipment data path (the model's `choice`, typed). */
export const choice: (path: ShipmentPath, value: unknown, options: ChoiceOption[]) => FieldValue =
  anyChoice;

/** A check box of a boolean shipment data path (the model's `checkBox`, typed). */
export const checkBox: (path: ShipmentPath, value: unknown, label: string) => FieldValue =
  anyCheckBox;

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** The value at a snake_case dot path, or undefined. */
export function read(data: ShipmentData, path: ShipmentPath): unknown {
  return readPath(data, path);
}

/** The value at a path as display text: strings trimmed, numbers and booleans as written. */
export function readString(data: ShipmentData, path: ShipmentPath): string {
  return asString(readPath(data, path));
}

/** A finite number at a path (numeric strings too), or undefined. */
export function readNumber(data: ShipmentData, path: ShipmentPath): number | undefined {
  return asNumber(readPath(data, path));
}

/** An array at a path, or an empty array. */
export function readList(data: ShipmentData, path: ShipmentPath): unknown[] {
  const value = readPath(data, path);
  return Array.isArray(value) ? value : [];
}

/** A boolean at a path (true/false, "yes"/"no", "Y"/"N"), or undefined. */
export function readBoolean(data: ShipmentData, path: ShipmentPath): boolean | undefined {
  const value = readPath(data, path);
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const v = value.trim().toLowerCase();
    if (["true", "yes", "y"].includes(v)) return true;
    if (["false", "no", "n"].includes(v)) return false;
  }
  return undefined;
}

export function asString(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return String(value);
  return "";
}

export function asNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && value.trim() !== "") {
    const n = Number(value.trim().replace(/,/g, ""));
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? value as Record<string, unknown>
    : {};
}

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

const MINOR_UNITS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** ISO 4217 minor units of a currency (2 unless listed: JPY 0, KWD 3, …). */
export function minorUnits(currency: string): number {
  return MINOR_UNITS[currency.trim().toUpperCase()] ?? 2;
}

/** A number with thousands separators and a fixed number of decimals: 12,345.60. */
export function formatNumber(value: number, decimals: number): string {
  const negative = value < 0;
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = "0", fraction] = fixed.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = negative && Number(fixed) !== 0 ? "-" : "";
  return sign + (fraction === undefined ? grouped : `${grouped}.${fraction}`);
}

/** An amount in the currency's minor units (EUR 2 decimals, JPY none): 12,345.60. */
export function formatAmount(value: number, currency: string): string {
  return formatNumber(roundTo(value, minorUnits(currency)), minorUnits(currency));
}

/** A unit price: the currency's minor units, more (up to 4) when the price has them. */
export function formatUnitPrice(value: number, currency: string): string {
  const min = minorUnits(currency);
  for (let d = min; d < 4; d++) {
    if (Math.abs(roundTo(value, d) - value) < 1e-9) return formatNumber(value, d);
  }
  return formatNumber(value, 4);
}

/** A quantity as written, up to 3 decimals, with thousands separators: 1,250 or 12.5. */
export function formatQuantity(value: number): string {
  const rounded = roundTo(value, 3);
  const decimals = Number.isInteger(rounded) ? 0 : String(rounded).split(".")[1]?.length ?? 0;
  return formatNumber(rounded, Math.min(decimals, 3));
}

/** Kilograms with 2 decimals: 1,234.50. */
export function formatKg(value: number): string {
  return formatNumber(value, 2);
}

/** Cubic metres with 3 decimals: 12.400. */
export function formatM3(value: number): string {
  return formatNumber(value, 3);
}

/** A date as ISO (YYYY-MM-DD); other text as given. */
export function formatDate(value: unknown): string {
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    return value.toISOString().slice(0, 10);
  }
  const s = asString(value);
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(s);
  return iso ? iso[1]! : s;
}

export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round((value + Number.EPSILON * Math.sign(value)) * factor) / factor;
}

let regionNames: Intl.DisplayNames | undefined;

/** The English short name of an ISO 3166-1 alpha-2 code ("DE" → "Germany"); else as given. */
export function countryName(code: unknown): string {
  const c = asString(code);
  if (!/^[A-Za-z]{2}$/.test(c)) return c;
  try {
    regionNames ??= new Intl.DisplayNames(["en"], { type: "region" });
    const name = regionNames.of(c.toUpperCase());
    return name && name !== c.toUpperCase() ? name : c.toUpperCase();
  } catch {
    return c.toUpperCase();
  }
}

export function isEuMember(code: unknown): boolean {
  return euMemberStates().has(asString(code).toUpperCase());
}

export function yesNo(value: boolean | undefined): string {
  return value === undefined ? "" : value ? "Yes" : "No";
}

const TRANSPORT_MODES: Record<string, string> = {
  sea: "Sea",
  air: "Air",
  road: "Road",
  rail: "Rail",
  multimodal: "Multimodal",
};

export function transportModeName(mode: unknown): string {
  const m = asString(mode);
  return TRANSPORT_MODES[m.toLowerCase()] ?? m;
}

export function isAir(data: ShipmentData): boolean {
  return asString(data.route?.transport_mode).toLowerCase() === "air";
}

// ---------------------------------------------------------------------------------------------
// Field values
// ---------------------------------------------------------------------------------------------

/** The field of a text path. */
export function textField(data: ShipmentData, path: ShipmentPath, multiline = false): FieldValue {
  return field(path, readString(data, path), multiline);
}

/** The field of an amount path, formatted in the currency's minor units. */
export function moneyField(data: ShipmentData, path: ShipmentPath, currency: string): FieldValue {
  const n = readNumber(data, path);
  return field(path, n === undefined ? readString(data, path) : formatAmount(n, currency));
}

/** The field of a kilogram path: 1,234.50. */
export function kgField(data: ShipmentData, path: ShipmentPath): FieldValue {
  const n = readNumber(data, path);
  return field(path, n === undefined ? readString(data, path) : formatKg(n));
}

/** The field of a cubic metre path: 12.400. */
export function m3Field(data: ShipmentData, path: ShipmentPath): FieldValue {
  const n = readNumber(data, path);
  return field(path, n === undefined ? readString(data, path) : formatM3(n));
}

/** The field of a number path (counts, quantities). */
export function numberField(data: ShipmentData, path: ShipmentPath): FieldValue {
  const n = readNumber(data, path);
  return field(path, n === undefined ? readString(data, path) : formatQuantity(n));
}

/** The field of a date path, as ISO. */
export function dateField(data: ShipmentData, path: ShipmentPath): FieldValue {
  return field(path, formatDate(read(data, path)));
}

/** The field of a country code path, printed as its English name ("Germany"). */
export function countryField(data: ShipmentData, path: ShipmentPath, upper = false): FieldValue {
  const name = countryName(read(data, path));
  return field(path, upper ? name.toUpperCase() : name);
}

/** The field of a yes/no path. */
/**
 * A yes/no at a boolean path as two boxes to tick, labelled as the form labels them ("Related",
 * "Non-related"); the radio buttons' export values Yes and No read back as true and false.
 */
export function yesNoChoice(
  data: ShipmentData,
  path: ShipmentPath,
  labels: [yes: string, no: string] = ["Yes", "No"],
): FieldValue {
  const b = readBoolean(data, path);
  return choice(path, b === undefined ? readString(data, path) : yesNo(b), [
    { value: "Yes", label: labels[0] },
    { value: "No", label: labels[1] },
  ]);
}

/** Freight prepaid or collect, as boxes to tick (the schema's PREPAID and COLLECT). */
export function freightChoice(data: ShipmentData, path: ShipmentPath): FieldValue {
  return choice(path, readString(data, path), [
    { value: "PREPAID", label: "Prepaid" },
    { value: "COLLECT", label: "Collect" },
  ]);
}

/**
 * Several paths printed as one line: the formatted text when every path has a value, otherwise
 * the field of the first missing one (empty, so the form can be completed there).
 */
export function joined(
  data: ShipmentData,
  paths: readonly ShipmentPath[],
  format: (values: string[]) => string,
): Content {
  const values = paths.map((p) => readString(data, p));
  const missing = values.findIndex((v) => v === "");
  return missing === -1 ? text(format(values)) : field(paths[missing]!, "");
}

/** Literal text, or nothing when the value is empty (for optional labelled lines). */
export function optionalLine(label: string, value: string): Content[] {
  return value ? [text(label ? `${label}: ${value}` : value)] : [];
}

// ---------------------------------------------------------------------------------------------
// Parties
// ---------------------------------------------------------------------------------------------

const TAX_ID_LABELS: Record<string, string> = {
  eori: "EORI",
  vat: "VAT No.",
  ein: "EIN",
  rex: "REX No.",
};

export interface PartyOptions {
  /** Tax id kinds to print when present (`eori`, `vat`, `ein`, `rex`). */
  taxIds?: readonly string[];
  /** Print contact name, phone and e-mail when present. */
  contact?: boolean;
  /** Print the country in capitals (postal convention on transport documents). */
  upperCountry?: boolean;
}

/**
 * A party's address box: name, street address, postal code/city/state line, country, then the
 * tax ids and contact asked for. Missing name, address, city and country become fields, so a
 * draft can be completed on the form; optional extras print only when present.
 */
export function partyLines(
  data: ShipmentData,
  prefix: PartyRole,
  options: PartyOptions = {},
): Content[] {
  const lines: Content[] = [textField(data, `${prefix}.name`)];
  lines.push(textField(data, `${prefix}.address`, true));
  lines.push(cityLine(data, prefix));
  lines.push(countryField(data, `${prefix}.country`, options.upperCountry ?? true));
  for (const kind of options.taxIds ?? []) {
    const value = readString(data, `${prefix}.tax_ids.${kind}`);
    if (value) lines.push(text(`${TAX_ID_LABELS[kind] ?? kind.toUpperCase()}: ${value}`));
  }
  if (options.contact) lines.push(...contactLines(data, prefix));
  return lines;
}

/**
 * "22767 Hamburg", "Chicago, IL 60612": text when the city is there, else the city field (no
 * blank line in a final document).
 */
export function cityLine(data: ShipmentData, prefix: PartyRole): Content {
  const city = readString(data, `${prefix}.city`);
  if (!city) return { ...field(`${prefix}.city`, ""), omitWhenEmpty: true };
  const postal = readString(data, `${prefix}.postal_code`);
  const state = readString(data, `${prefix}.state`);
  if (state) return text([`${city},`, state, postal].filter(Boolean).join(" "));
  return text([postal, city].filter(Boolean).join(" "));
}

/** Contact name, phone, e-mail, each when present. */
export function contactLines(data: ShipmentData, prefix: PartyRole): Content[] {
  const name = readString(data, `${prefix}.contact_name`);
  const phone = readString(data, `${prefix}.contact_phone`);
  const email = readString(data, `${prefix}.contact_email`);
  return [
    ...optionalLine("Contact", name),
    ...optionalLine("Tel.", phone),
    ...optionalLine("E-mail", email),
  ];
}

/** A one-line summary of a party (name, city, country) as text, for repeats and references. */
export function partySummary(data: ShipmentData, prefix: PartyRole): string {
  return [
    readString(data, `${prefix}.name`),
    readString(data, `${prefix}.city`),
    countryName(read(data, `${prefix}.country`)),
  ].filter(Boolean).join(", ");
}

/** Whether a separate consignee (ship-to party) is given. */
export function hasConsignee(data: ShipmentData): boolean {
  return isPresent(data.consignee?.name);
}

/**
 * The consignee rule: the ship-to party is `consignee` when it has a name, otherwise the
 * importer (DOCUMENTS.md; the field requirements name `importer.name` as the consignee).
 */
export function consigneePrefix(data: ShipmentData): "consignee" | "importer" {
  return hasConsignee(data) ? "consignee" : "importer";
}

/** The consignee box: the consignee's lines, or the importer's when there is none. */
export function consigneeLines(data: ShipmentData, options: PartyOptions = {}): Content[] {
  return partyLines(data, consigneePrefix(data), options);
}

/** A party's lines repeated as plain text (a second mention; the fields live elsewhere). */
export function partyTextLines(data: ShipmentData, prefix: PartyRole): Content[] {
  return partyLines(data, prefix).map((c) => c.kind === "field" ? text(c.value) : c);
}

// ---------------------------------------------------------------------------------------------
// Terms
// ---------------------------------------------------------------------------------------------

/** "CIF New York (Incoterms® 2020)"; empty when there is no Incoterm. */
export function incotermText(data: ShipmentData): string {
  const term = asString(data.terms?.incoterm).toUpperCase();
  if (!term) return "";
  const place = asString(data.terms?.incoterm_place);
  return `${term}${place ? ` ${place}` : ""} (Incoterms® 2020)`;
}

/** The Incoterm box: the text when complete, else the fields of the missing parts. */
export function incotermLines(data: ShipmentData): Content[] {
  const term = asString(data.terms?.incoterm);
  const place = asString(data.terms?.incoterm_place);
  if (term && place) return [text(incotermText(data))];
  return [
    term ? text(`${term.toUpperCase()} (Incoterms® 2020)`) : field("terms.incoterm", ""),
    field("terms.incoterm_place", place),
  ];
}

/**
 * The AES legend of FTR § 30.7 for US exports: "AES X20260101987654" with an ITN, the exemption
 * legend ("NOEEI § 30.37(a)") without; empty when neither is given.
 */
export function eeiLegend(data: ShipmentData): string {
  const itn = asString(data.sli_data?.itn);
  if (itn) return `AES ${itn.toUpperCase()}`;
  const exemption = asString(data.sli_data?.eei_exemption);
  if (!exemption) return "";
  if (/^NOEEI\b/i.test(exemption)) return exemption.replace(/^noeei/i, "NOEEI");
  const citation = exemption.replace(/^§\s*/, "");
  return `NOEEI § ${citation}`;
}

/** Whether the shipment is a US export (origin country US). */
export function isUsExport(data: ShipmentData): boolean {
  return asString(data.route?.origin_country).toUpperCase() === "US";
}

// ---------------------------------------------------------------------------------------------
// Line items
// ---------------------------------------------------------------------------------------------

type Element<T> = T extends readonly (infer E)[] ? E : never;
type Group<K extends keyof ShipmentData> = NonNullable<ShipmentData[K]>;

/** The lists of objects templates print, and the type of their elements. */
interface ObjectLists {
  "goods.line_items": Item;
  "packing.packages": Element<Group<"packing">["packages"]>;
  "awb_data.routing": Element<Group<"awb_data">["routing"]>;
  "awb_data.other_charges": Element<Group<"awb_data">["other_charges"]>;
  "analysis_data.results": Element<Group<"analysis_data">["results"]>;
}

/** The element type of a list of objects (`ListElement<"packing.packages">`). */
export type ListElement<P extends keyof ObjectLists> = ObjectLists[P];

/**
 * The elements of a list of objects, each as an object (anything else becomes an empty
 * object); their members are as stored, so they are read with `asString` and `asNumber`.
 */
export function readObjects<P extends keyof ObjectLists>(
  data: ShipmentData,
  path: P,
): ObjectLists[P][] {
  return readList(data, path).map((value) => asRecord(value) as ObjectLists[P]);
}

/** The line items, each as an object (anything else becomes an empty object). */
export function lineItems(data: ShipmentData): Item[] {
  return readObjects(data, "goods.line_items");
}

/** The path of a line item member. */
export type LineItemPath = `goods.line_items.${number}.${LineKey}`;

/** `goods.line_items.<i>.<key>` */
export function linePath(index: number, key: LineKey): LineItemPath {
  return `goods.line_items.${index}.${key}`;
}

/** The field of one line item member. */
export function lineField(data: ShipmentData, index: number, key: LineKey, multiline = false) {
  return textField(data, linePath(index, key), multiline);
}

/** quantity × unit price, when both are there. */
export function lineAmount(item: Item): number | undefined {
  const q = asNumber(item.quantity);
  const p = asNumber(item.unit_price);
  return q === undefined || p === undefined ? undefined : q * p;
}

/** The sum of the line amounts (each rounded to the currency's minor units). */
export function linesTotal(data: ShipmentData, currency: string): number {
  const d = minorUnits(currency || "XXX");
  return roundTo(
    lineItems(data).reduce((s, item) => s + roundTo(lineAmount(item) ?? 0, d), 0),
    d,
  );
}

/** The sum of a numeric line member, or undefined when no line has it. */
export function sumLines(data: ShipmentData, key: LineKey): number | undefined {
  let total: number | undefined;
  for (const item of lineItems(data)) {
    const n = asNumber(item[key]);
    if (n !== undefined) total = (total ?? 0) + n;
  }
  return total === undefined ? undefined : roundTo(total, 6);
}

/** Whether a line is dangerous goods: `is_hazardous` or the `dgd` compliance flag. */
export function isHazardousItem(item: Item): boolean {
  if (item.is_hazardous === true) return true;
  const flags = Array.isArray(item.compliance_flags) ? item.compliance_flags : [];
  return flags.some((f) => typeof f === "string" && f.trim().toLowerCase() === "dgd");
}

/** Whether any line is dangerous goods. */
export function hasDangerousGoods(data: ShipmentData): boolean {
  return lineItems(data).some(isHazardousItem);
}

/** Line indexes with dangerous goods lines first (IMDG 5.4.1.4.2), otherwise in order. */
export function dgFirstOrder(data: ShipmentData): number[] {
  const items = lineItems(data);
  const indexes = items.map((_, i) => i);
  return [
    ...indexes.filter((i) => isHazardousItem(items[i]!)),
    ...indexes.filter((i) => !isHazardousItem(items[i]!)),
  ];
}

/** "UN1263" from "1263" or "UN1263". */
export function unNumber(value: unknown): string {
  const s = asString(value).toUpperCase().replace(/\s+/g, "");
  if (!s) return "";
  return s.startsWith("UN") ? s : `UN${s}`;
}

/**
 * The dangerous goods description of IMDG 5.4.1.4.1, in order with nothing interspersed: UN
 * number, proper shipping name (technical name in parentheses), class, subsidiary class(es) in
 * parentheses, packing group; then "MARINE POLLUTANT", the flashpoint when at most 60 °C and
 * "LIMITED QUANTITY" (5.4.1.4.3, 5.4.1.5). `UN1263, PAINT, 3, PG II, (23°C c.c.)`.
 */
export function dgDescription(item: Item): string {
  const parts: string[] = [];
  const un = unNumber(item.un_number);
  if (un) parts.push(un);
  const psn = asString(item.proper_shipping_name);
  const technical = asString(item.technical_name);
  if (psn) parts.push(technical ? `${psn} (${technical})` : psn);
  const cls = asString(item.hazard_class);
  const subsidiary = asString(item.subsidiary_hazard).replace(/^\((.*)\)$/, "$1");
  if (cls) parts.push(subsidiary ? `${cls} (${subsidiary})` : cls);
  const pg = asString(item.packing_group).toUpperCase().replace(/^PG\s*/, "");
  if (pg) parts.push(`PG ${pg}`);
  if (item.marine_pollutant === true) parts.push("MARINE POLLUTANT");
  const flashpoint = asNumber(item.flashpoint_c);
  if (flashpoint !== undefined && flashpoint <= 60) parts.push(`(${flashpoint}°C c.c.)`);
  if (item.limited_quantity === true) parts.push("LIMITED QUANTITY");
  return parts.join(", ");
}

/**
 * The description cell of a line: for dangerous goods with UN number, proper shipping name and
 * class, the IMDG description as text; for dangerous goods missing one of them, the empty field
 * of the first missing one; otherwise the description field.
 */
export function goodsDescriptionCell(data: ShipmentData, index: number): Content {
  const item = lineItems(data)[index] ?? {};
  if (!isHazardousItem(item)) return lineField(data, index, "description", true);
  for (const key of ["un_number", "proper_shipping_name", "hazard_class"] as const) {
    if (!asString(item[key])) return field(linePath(index, key), "");
  }
  return text(dgDescription(item));
}

/** A column of a line item table and how to fill its cell. */
export interface LineColumn extends Column {
  cell: (index: number, item: Item) => Content;
}

/** The column headers of line columns. */
export function columnsOf(columns: readonly LineColumn[]): Column[] {
  return columns.map(({ header, width, align }) => ({
    header,
    width,
    ...(align ? { align } : {}),
  }));
}

/** One row per line item (in `order`, default as listed), a cell per column. */
export function lineRows(
  data: ShipmentData,
  columns: readonly LineColumn[],
  order?: readonly number[],
): Content[][] {
  const items = lineItems(data);
  return (order ?? items.map((_, i) => i)).map((i) =>
    columns.map((c) => c.cell(i, items[i] ?? {}))
  );
}

/** A cell of quantity and unit ("12 kg"): text when both are there, else the missing field. */
export function quantityCell(data: ShipmentData, index: number): Content {
  const item = lineItems(data)[index] ?? {};
  const q = asNumber(item.quantity);
  if (q === undefined) return field(linePath(index, "quantity"), "");
  const unit = asString(item.unit_of_measure);
  if (!unit) return field(linePath(index, "unit_of_measure"), "");
  return text(`${formatQuantity(q)} ${unit}`);
}

/** A line's packages ("2 carton"): text when both are there, else the missing field. */
export function linePackagesCell(data: ShipmentData, index: number): Content {
  const item = lineItems(data)[index] ?? {};
  const count = asNumber(item.package_count);
  if (count === undefined) return field(linePath(index, "package_count"), "");
  const kind = asString(item.package_type);
  if (!kind) return field(linePath(index, "package_type"), "");
  return text(`${formatQuantity(count)} × ${kind}`);
}

/** The field of a line's numeric member, formatted (kg, quantity). */
export function lineNumberField(
  data: ShipmentData,
  index: number,
  key: LineKey,
  format: (n: number) => string = formatQuantity,
): FieldValue {
  const item = lineItems(data)[index] ?? {};
  const n = asNumber(item[key]);
  return field(linePath(index, key), n === undefined ? asString(item[key]) : format(n));
}

/** The field of a line's origin country, printed as its name. */
export function lineOriginField(data: ShipmentData, index: number): FieldValue {
  return countryField(data, linePath(index, "origin_country"));
}

/** The total packages line ("20 cartons on 4 pallets"), or the missing fields. */
export function packagesLines(data: ShipmentData): Content[] {
  const kind = asString(data.packing?.package_type);
  return [numberField(data, "packing.total_packages"), field("packing.package_type", kind)];
}

/** The shipment's currency code, upper case ("" when missing). */
export function currencyOf(data: ShipmentData): string {
  return asString(data.goods?.currency).toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Certificates: VGM, insurance, preferential origin, SPS, analysis
// ---------------------------------------------------------------------------------------------

/** The field of a text path printed in capital letters (names a form asks for in capitals). */
export function upperField(data: ShipmentData, path: ShipmentPath, multiline = false): FieldValue {
  return field(path, readString(data, path).toUpperCase(), multiline);
}

/** A value printed a second time: the field's value as plain text (one form field per path). */
export function copyText(content: Content): Content {
  return content.kind === "field" ? text(content.value) : content;
}

/** The line indexes to print: every line item, or line 0 (blank fields) when there is none. */
export function lineIndexes(data: ShipmentData): number[] {
  const count = lineItems(data).length;
  return count > 0 ? Array.from({ length: count }, (_, i) => i) : [0];
}

/** The 6-digit HS subheading, written 0901.21, from "0901.21", "090121" or "8471.30.01.00". */
export function hs6(code: unknown): string {
  const raw = asString(code);
  const digits = raw.replace(/[^0-9]/g, "");
  if (digits.length < 6) return raw;
  return `${digits.slice(0, 4)}.${digits.slice(4, 6)}`;
}

/**
 * The means of transport as lines: the mode ("By sea"), then the vessel and voyage (or the
 * flight number and airports by air), then with `ports` the ports of loading and discharge.
 * Each line is text when its values are there, and the empty field of a missing one otherwise.
 */
export function conveyanceLines(data: ShipmentData, options: { ports?: boolean } = {}): Content[] {
  const mode = asString(data.route?.transport_mode).toLowerCase();
  const lines: Content[] = [
    mode
      ? text(mode === "multimodal" ? "Multimodal transport" : `By ${mode}`)
      : field("route.transport_mode", ""),
  ];
  if (mode === "air") {
    const flight = asString(data.route?.flight_number);
    lines.push(flight ? text(`Flight ${flight}`) : field("route.flight_number", ""));
    if (options.ports) {
      lines.push(joined(
        data,
        ["route.airport_of_departure", "route.airport_of_destination"],
        ([from, to]) => `From ${from} to ${to}`,
      ));
    }
    return lines;
  }
  const vessel = asString(data.route?.vessel_name);
  const voyage = asString(data.route?.voyage_number);
  if (mode === "sea" || mode === "multimodal" || mode === "" || vessel) {
    lines.push(vessel ? text(`Vessel ${vessel}`) : field("route.vessel_name", ""));
    lines.push(voyage ? text(`Voyage ${voyage}`) : field("route.voyage_number", ""));
  }
  if (options.ports) {
    lines.push(joined(
      data,
      ["route.port_of_loading", "route.port_of_discharge"],
      ([from, to]) => `From ${from} to ${to}`,
    ));
  }
  return lines;
}

/**
 * Place and date as one line ("Hamburg, 2026-11-28") when both are there, otherwise the two
 * fields (either may be empty), so a draft can be completed on the form.
 */
export function placeAndDateLines(
  data: ShipmentData,
  placePath: ShipmentPath = "declaration.place",
  datePath: ShipmentPath = "declaration.date",
): Content[] {
  const place = readString(data, placePath);
  const date = formatDate(read(data, datePath));
  if (place && date) return [text(`${place}, ${date}`)];
  return [field(placePath, place), field(datePath, date)];
}

/** The preferential territory of a country: "EUROPEAN UNION" for a member state, else its name. */
export function preferentialTerritory(code: unknown): string {
  const c = asString(code);
  if (!c) return "";
  return isEuMember(c) ? "EUROPEAN UNION" : countryName(c).toUpperCase();
}

/** Dangerous goods lines first (as `dgFirstOrder`), or line 0 (blank fields) when there is none. */
export function dgFirstIndexes(data: ShipmentData): number[] {
  const order = dgFirstOrder(data);
  return order.length > 0 ? order : [0];
}
