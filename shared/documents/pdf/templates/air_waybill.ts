/**
 * Air Waybill (IATA Resolution 600a, Attachment B; 600b): "Not Negotiable", "Issued by" the
 * carrier, the AWB number top left and right; shipper's and consignee's name, address and
 * account No.; issuing carrier's agent, IATA code and account; airport of departure and requested
 * routing; accounting information; to/by first carrier/to/by; currency; CHGS code; WT/VAL and
 * other PPD/COLL; declared values for carriage and customs; airport of destination; requested
 * flight/date; amount of insurance; handling information; the rating line (pieces, gross weight,
 * kg, rate class, commodity item No., chargeable weight, rate, total, nature and quantity of
 * goods with the volume); other charges; prepaid and collect totals; the shipper's certification
 * and the carrier's execution. Chargeable weight is the greater of the gross and the volume weight
 * (6,000 cm³ per kg), rounded up to the next half kilogram.
 */
import type { Block, Box, Content, DocumentSpec } from "../model.ts";
import { text } from "../model.ts";
import {
  asNumber,
  asString,
  columnsOf,
  consigneeLines,
  currencyOf,
  dateField,
  dgFirstIndexes,
  eeiLegend,
  field,
  formatAmount,
  formatKg,
  formatM3,
  goodsDescriptionCell,
  hasDangerousGoods,
  isUsExport,
  kgField,
  type LineColumn,
  lineField,
  lineItems,
  lineNumberField,
  linePackagesCell,
  lineRows,
  numberField,
  partyLines,
  partySummary,
  readList,
  readObjects,
  roundTo,
  type ShipmentData,
  textField,
} from "./common.ts";

export const AWB_CONDITIONS =
  "It is agreed that the goods described herein are accepted in apparent good order and " +
  "condition (except as noted) for carriage SUBJECT TO THE CONDITIONS OF CONTRACT ON THE " +
  "REVERSE HEREOF. ALL GOODS MAY BE CARRIED BY ANY OTHER MEANS INCLUDING ROAD OR ANY OTHER " +
  "CARRIER UNLESS SPECIFIC CONTRARY INSTRUCTIONS ARE GIVEN HEREON BY THE SHIPPER, AND SHIPPER " +
  "AGREES THAT THE SHIPMENT MAY BE CARRIED VIA INTERMEDIATE STOPPING PLACES WHICH THE CARRIER " +
  "DEEMS APPROPRIATE. THE SHIPPER'S ATTENTION IS DRAWN TO THE NOTICE CONCERNING CARRIER'S " +
  "LIMITATION OF LIABILITY. Shipper may increase such limitation of liability by declaring a " +
  "higher value for carriage and paying a supplemental charge if required.";

export const AWB_SHIPPER_CERTIFICATION =
  "Shipper certifies that the particulars on the face hereof are correct and that insofar as any " +
  "part of the consignment contains dangerous goods, such part is properly described by name " +
  "and is in proper condition for carriage by air according to the applicable Dangerous Goods " +
  "Regulations.";

export const AWB_ORIGINALS_NOTICE =
  "Copies 1, 2 and 3 of this Air Waybill are originals and have the same validity.";

/** kg per m³ at IATA's 6,000 cm³ per kg. */
export const VOLUME_KG_PER_M3 = 1_000_000 / 6000;

/**
 * The chargeable weight: the greater of the gross weight and the volume weight (volume_m3 ×
 * 166.67, or the packages' dimensions / 6,000 when no volume is given), and of a higher weight
 * break the carrier stated, rounded up to the next 0.5 kg. Undefined when nothing is known.
 */
export function chargeableWeight(data: ShipmentData): number | undefined {
  const gross = asNumber(data.weights?.gross_kg);
  const volumeWeight = volumeWeightKg(data);
  const stated = asNumber(data.awb_data?.chargeable_weight_kg);
  const candidates = [gross, volumeWeight, stated].filter((n): n is number => n !== undefined);
  if (candidates.length === 0) return undefined;
  return Math.ceil(roundTo(Math.max(...candidates) * 2, 6)) / 2;
}

/** The volume weight in kg: volume_m3 × 166.67, else the packages' L × W × H (cm) / 6,000. */
export function volumeWeightKg(data: ShipmentData): number | undefined {
  const volume = asNumber(data.weights?.volume_m3);
  if (volume !== undefined) return volume * VOLUME_KG_PER_M3;
  let cm3: number | undefined;
  for (const p of readObjects(data, "packing.packages")) {
    const l = asNumber(p.length_cm);
    const w = asNumber(p.width_cm);
    const h = asNumber(p.height_cm);
    if (l !== undefined && w !== undefined && h !== undefined) cm3 = (cm3 ?? 0) + l * w * h;
  }
  return cm3 === undefined ? undefined : cm3 / 6000;
}

export function airWaybillTemplate(data: ShipmentData): DocumentSpec {
  const currency = currencyOf(data);
  const cur = currency || "XXX";
  const chargeable = chargeableWeight(data);
  const rate = asNumber(data.awb_data?.rate_per_kg);
  const weightCharge = chargeable !== undefined && rate !== undefined
    ? roundTo(chargeable * rate, 6)
    : undefined;

  const blocks: Block[] = [
    {
      kind: "boxes",
      boxes: [
        {
          label: "Shipper's name and address",
          lines: partyLines(data, "exporter", { contact: true }),
          span: 3,
        },
        {
          label: "Shipper's account number",
          lines: [textField(data, "awb_data.shipper_account_number")],
          span: 2,
        },
        {
          label: "Not Negotiable – Air Waybill – Issued by",
          lines: [textField(data, "awb_data.issuing_carrier")],
          span: 3,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Consignee's name and address",
          lines: consigneeLines(data, { contact: true }),
          span: 3,
        },
        {
          label: "Consignee's account number",
          lines: [textField(data, "awb_data.consignee_account_number")],
          span: 2,
        },
        { label: "", lines: [text(AWB_ORIGINALS_NOTICE)], span: 3 },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Issuing carrier's agent name and city",
          lines: [textField(data, "awb_data.agent_name")],
          span: 3,
        },
        {
          label: "Accounting information",
          lines: accountingLines(data),
          span: 5,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Agent's IATA code",
          lines: [textField(data, "awb_data.agent_iata_code")],
          span: 2,
        },
        {
          label: "Account No.",
          lines: [textField(data, "awb_data.agent_account_number")],
          span: 1,
        },
        {
          label: "Airport of departure (addr. of first carrier) and requested routing",
          lines: [textField(data, "route.airport_of_departure")],
          span: 5,
        },
      ],
    },
    { kind: "boxes", boxes: routingBoxes(data) },
    {
      kind: "boxes",
      boxes: [
        { label: "Currency", lines: [field("goods.currency", currency)] },
        { label: "CHGS code", lines: [textField(data, "awb_data.charges_code")] },
        { label: "WT/VAL PPD/COLL", lines: [textField(data, "awb_data.wt_val_payment")] },
        { label: "Other PPD/COLL", lines: [textField(data, "awb_data.other_payment")] },
        {
          label: "Declared value for carriage",
          lines: [textField(data, "awb_data.declared_value_carriage")],
          span: 2,
        },
        {
          label: "Declared value for customs",
          lines: [textField(data, "awb_data.declared_value_customs")],
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Airport of destination",
          lines: [textField(data, "route.airport_of_destination")],
          span: 3,
        },
        { label: "Requested flight", lines: [textField(data, "route.flight_number")] },
        { label: "Date", lines: [dateField(data, "route.departure_date")], span: 2 },
        {
          label: "Amount of insurance",
          lines: [textField(data, "awb_data.insurance_amount")],
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [{ label: "Handling information", lines: handlingLines(data), minLines: 2 }],
    },
    ratingLine(data, chargeable, weightCharge, cur),
    goodsList(data),
    {
      kind: "boxes",
      boxes: [{
        label: "Other charges (A = due agent, C = due carrier)",
        lines: otherCharges(data).map((c) =>
          text(`${c.code} (${c.due}): ${formatAmount(c.amount, cur)}`)
        ),
        minLines: 1,
      }],
    },
    chargesSummary(data, weightCharge, cur),
    { kind: "paragraph", text: AWB_SHIPPER_CERTIFICATION, style: "declaration" },
    {
      kind: "signature",
      caption: "Signature of shipper or his agent",
      name: textField(data, "declaration.signatory_name"),
      title: textField(data, "declaration.signatory_title"),
      place: textField(data, "declaration.place"),
      date: dateField(data, "declaration.date"),
    },
    {
      kind: "signature",
      caption: "Executed on (date) at (place) – signature of issuing carrier or its agent",
      name: text(asString(data.awb_data?.agent_name)),
      stamp: true,
    },
    { kind: "paragraph", text: AWB_CONDITIONS, style: "note" },
  ];

  const awbNo = textField(data, "awb_data.awb_number");
  return {
    type: "AIR_WAYBILL",
    title: "Air Waybill",
    // The AWB number top left (under the title) and top right (the reference box).
    subtitle: asString(data.awb_data?.awb_number)
      ? `${asString(data.awb_data?.awb_number)} – Not Negotiable`
      : "Not Negotiable",
    references: [{ label: "AWB No.", content: awbNo }],
    blocks,
  };
}

/** Freight terms and the notify party. */
function accountingLines(data: ShipmentData): Content[] {
  const lines: Content[] = [];
  const wt = asString(data.awb_data?.wt_val_payment).toUpperCase();
  if (wt === "PP") lines.push(text("FREIGHT PREPAID"));
  if (wt === "CC") lines.push(text("FREIGHT COLLECT"));
  const notify = partySummary(data, "notify_party");
  if (asString(data.notify_party?.name)) {
    const phone = asString(data.notify_party?.contact_phone);
    lines.push(text(`NOTIFY: ${notify}${phone ? `, Tel. ${phone}` : ""}`));
  }
  return lines;
}

/**
 * To / By first carrier / to / by / to / by. Without a routing, the direct flight: to the
 * airport of destination by the airline of the requested flight; blanks stay fillable.
 */
function routingBoxes(data: ShipmentData): Box[] {
  const direct = readList(data, "awb_data.routing").length === 0;
  const flight = asString(data.route?.flight_number).toUpperCase();
  const airline = /^([A-Z0-9]{2})\s?\d/.exec(flight)?.[1] ?? "";
  const destination = asString(data.route?.airport_of_destination);
  const boxes: Box[] = [];
  for (let i = 0; i < 3; i++) {
    const to = i === 0 && direct && destination
      ? text(destination)
      : textField(data, `awb_data.routing.${i}.to`);
    const by = i === 0 && direct && airline
      ? text(airline)
      : textField(data, `awb_data.routing.${i}.by`);
    boxes.push(
      { label: i === 0 ? "To" : "to", lines: [to] },
      { label: i === 0 ? "By first carrier" : "by", lines: [by], span: i === 0 ? 2 : 1 },
    );
  }
  return boxes;
}

function handlingLines(data: ShipmentData): Content[] {
  const lines: Content[] = [textField(data, "awb_data.handling_information", true)];
  if (hasDangerousGoods(data)) {
    lines.push(text("DANGEROUS GOODS AS PER ATTACHED SHIPPER'S DECLARATION"));
  }
  if (isUsExport(data)) {
    const legend = eeiLegend(data);
    lines.push(legend ? text(legend) : field("sli_data.itn", ""));
  }
  return lines;
}

/** The rating line: one row for the consignment. */
function ratingLine(
  data: ShipmentData,
  chargeable: number | undefined,
  weightCharge: number | undefined,
  cur: string,
): Block {
  const rate = asNumber(data.awb_data?.rate_per_kg);
  return {
    kind: "table",
    columns: [
      { header: "No. of pieces RCP", width: 7, align: "right" },
      { header: "Gross weight", width: 9, align: "right" },
      { header: "kg/lb", width: 4, align: "center" },
      { header: "Rate class", width: 5, align: "center" },
      { header: "Commodity item No.", width: 7 },
      { header: "Chargeable weight", width: 9, align: "right" },
      { header: "Rate / charge", width: 8, align: "right" },
      { header: "Total", width: 10, align: "right" },
      { header: "Nature and quantity of goods (incl. dimensions or volume)", width: 31 },
    ],
    rows: [[
      numberField(data, "packing.total_packages"),
      kgField(data, "weights.gross_kg"),
      text("K"),
      textField(data, "awb_data.rate_class"),
      text(""),
      chargeable === undefined
        ? field("awb_data.chargeable_weight_kg", "")
        : text(formatKg(chargeable)),
      field("awb_data.rate_per_kg", rate === undefined ? "" : formatAmount(rate, cur)),
      text(weightCharge === undefined ? "" : formatAmount(weightCharge, cur)),
      text(natureOfGoods(data)),
    ]],
  };
}

/** "CONSOLIDATED GOODS AS PER ATTACHED LIST (10 LINES) – VOL 12.400 M3", or the one line. */
function natureOfGoods(data: ShipmentData): string {
  const items = lineItems(data);
  const parts: string[] = [];
  if (items.length === 1) parts.push(asString(items[0]!.description).toUpperCase());
  else if (items.length > 1) {
    parts.push(`GOODS AS PER ATTACHED LIST (${items.length} LINES)`);
  }
  if (hasDangerousGoods(data)) parts.push("DANGEROUS GOODS AS PER SHIPPER'S DECLARATION");
  const volume = asNumber(data.weights?.volume_m3);
  if (volume !== undefined) parts.push(`VOL ${formatM3(volume)} M3`);
  const dims = readObjects(data, "packing.packages").flatMap((p) => {
    const d = [p.length_cm, p.width_cm, p.height_cm].map(asNumber);
    return d.every((n) => n !== undefined) ? [d.join("x")] : [];
  });
  if (dims.length > 0) {
    const counted = new Map<string, number>();
    for (const d of dims) counted.set(d, (counted.get(d) ?? 0) + 1);
    parts.push(
      `DIMS ${[...counted].map(([d, n]) => `${d} CM x ${n}`).join(", ")}`,
    );
  }
  return parts.join(" – ");
}

/** The attached list: every line, dangerous goods first. */
function goodsList(data: ShipmentData): Block {
  const columns: LineColumn[] = [
    { header: "Item", width: 5, align: "right", cell: (i) => text(String(i + 1)) },
    { header: "Description of goods", width: 55, cell: (i) => goodsDescriptionCell(data, i) },
    { header: "HS code", width: 11, cell: (i) => lineField(data, i, "hs_code") },
    { header: "Pieces", width: 14, cell: (i) => linePackagesCell(data, i) },
    {
      header: "Gross weight (kg)",
      width: 12,
      align: "right",
      cell: (i) => lineNumberField(data, i, "gross_kg", formatKg),
    },
  ];
  return {
    kind: "table",
    title: "Nature and quantity of goods – attached list",
    columns: columnsOf(columns),
    rows: lineRows(data, columns, dgFirstIndexes(data)),
  };
}

interface OtherCharge {
  code: string;
  amount: number;
  due: string;
}

function otherCharges(data: ShipmentData): OtherCharge[] {
  return readObjects(data, "awb_data.other_charges").flatMap((c) => {
    const amount = asNumber(c.amount);
    const code = asString(c.code).toUpperCase();
    if (amount === undefined || !code) return [];
    return [{ code, amount, due: asString(c.due).toUpperCase() === "A" ? "A" : "C" }];
  });
}

/**
 * The charges summary: weight charge, valuation charge, tax, other charges due agent and due
 * carrier, and the total, on the prepaid and the collect line (WT/VAL and Other PPD/COLL).
 */
function chargesSummary(
  data: ShipmentData,
  weightCharge: number | undefined,
  cur: string,
): Block {
  const wtCollect = asString(data.awb_data?.wt_val_payment).toUpperCase() === "CC";
  const otherCollect = asString(data.awb_data?.other_payment).toUpperCase() === "CC";
  const charges = otherCharges(data);
  const sum = (due: string) =>
    charges.some((c) => c.due === due)
      ? charges.filter((c) => c.due === due).reduce((s, c) => s + c.amount, 0)
      : undefined;
  const dueAgent = sum("A");
  const dueCarrier = sum("C");
  const line = (collect: boolean): Content[] => {
    const amounts = [
      wtCollect === collect ? weightCharge : undefined,
      undefined,
      undefined,
      otherCollect === collect ? dueAgent : undefined,
      otherCollect === collect ? dueCarrier : undefined,
    ];
    const known = amounts.filter((n): n is number => n !== undefined);
    const total = known.length ? known.reduce((s, n) => s + n, 0) : undefined;
    return [
      text(collect ? "Collect" : "Prepaid", true),
      ...amounts.map((n) => text(n === undefined ? "" : formatAmount(n, cur))),
      text(total === undefined ? "" : formatAmount(total, cur), true),
    ];
  };
  return {
    kind: "table",
    title: "Charges",
    columns: [
      { header: "", width: 8 },
      { header: "Weight charge", width: 12, align: "right" },
      { header: "Valuation charge", width: 12, align: "right" },
      { header: "Tax", width: 10, align: "right" },
      { header: "Total other charges due agent", width: 14, align: "right" },
      { header: "Total other charges due carrier", width: 14, align: "right" },
      { header: "Total", width: 12, align: "right" },
    ],
    rows: [line(false), line(true)],
  };
}
