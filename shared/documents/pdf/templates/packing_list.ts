/**
 * PACKING LIST (no official form; trade.gov "Packing List", export.gov "Export Packing List"):
 * shipper, consignee, invoice reference, transport, container and seal; per package its number,
 * kind, marks, contents and quantity, net and gross kg and dimensions; the contents by line item;
 * totals of packages, net, gross and m³. No prices. The exporter may sign.
 */
import type { Block, Box, Content, DocumentSpec } from "../model.ts";
import { text } from "../model.ts";
import {
  asNumber,
  asString,
  columnsOf,
  consigneeLines,
  dateField,
  field,
  formatKg,
  formatQuantity,
  hasConsignee,
  isAir,
  kgField,
  type LineColumn,
  lineField,
  lineIndexes,
  lineNumberField,
  linePackagesCell,
  lineRows,
  type ListElement,
  m3Field,
  numberField,
  partyLines,
  readObjects,
  type ShipmentData,
  sumLines,
  textField,
  transportModeName,
} from "./common.ts";

type Package = ListElement<"packing.packages">;
type PackageKey = keyof Package;

export function packingListTemplate(data: ShipmentData): DocumentSpec {
  const parties: Box[] = [
    { label: "Shipper / Exporter", lines: partyLines(data, "exporter", { contact: true }) },
    { label: "Consignee", lines: consigneeLines(data, { contact: true }) },
  ];
  if (hasConsignee(data)) {
    parties.push({ label: "Buyer / Importer", lines: partyLines(data, "importer") });
  }

  const blocks: Block[] = [
    { kind: "boxes", boxes: parties },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Mode of transport",
          lines: [
            field(
              "route.transport_mode",
              transportModeName(asString(data.route?.transport_mode)),
            ),
          ],
        },
        {
          label: isAir(data) ? "Flight No." : "Vessel / voyage",
          lines: isAir(data)
            ? [textField(data, "route.flight_number")]
            : [textField(data, "route.vessel_name"), textField(data, "route.voyage_number")],
        },
        {
          label: isAir(data) ? "Airport of departure" : "Port of loading",
          lines: [
            textField(data, isAir(data) ? "route.airport_of_departure" : "route.port_of_loading"),
          ],
        },
        {
          label: isAir(data) ? "Airport of destination" : "Port of discharge",
          lines: [
            textField(
              data,
              isAir(data) ? "route.airport_of_destination" : "route.port_of_discharge",
            ),
          ],
        },
        { label: "Place of delivery", lines: [textField(data, "route.place_of_delivery")] },
        { label: "Date of shipment", lines: [dateField(data, "route.departure_date")] },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Shipping marks",
          lines: [textField(data, "packing.shipping_marks", true)],
          span: 2,
        },
        ...(isAir(data) ? [] : [
          { label: "Container No.", lines: [textField(data, "container.number")] },
          { label: "Seal No.", lines: [textField(data, "container.seal_number")] },
          { label: "Size / type", lines: [textField(data, "container.size_type")] },
        ]),
      ],
    },
  ];

  const packages = readObjects(data, "packing.packages");
  if (packages.length > 0) blocks.push(packageTable(packages));
  blocks.push(contentsTable(data));

  blocks.push({
    kind: "boxes",
    boxes: [
      { label: "Total number of packages", lines: [numberField(data, "packing.total_packages")] },
      { label: "Kind of packages", lines: [textField(data, "packing.package_type")] },
      { label: "Total net weight (kg)", lines: [kgField(data, "weights.net_kg")] },
      { label: "Total gross weight (kg)", lines: [kgField(data, "weights.gross_kg")] },
      { label: "Total volume (m³)", lines: [m3Field(data, "weights.volume_m3")] },
    ],
  });
  blocks.push({
    kind: "signature",
    caption: "Signature of the exporter",
    name: textField(data, "declaration.signatory_name"),
    title: textField(data, "declaration.signatory_title"),
    place: textField(data, "declaration.place"),
    date: dateField(data, "declaration.date"),
  });

  return {
    type: "PACKING_LIST",
    title: "PACKING LIST",
    references: [
      { label: "Invoice No.", content: textField(data, "invoice.number") },
      { label: "Invoice date", content: dateField(data, "invoice.date") },
      { label: "Buyer's order ref.", content: textField(data, "invoice.purchase_order") },
    ],
    blocks,
  };
}

/** One row per package: number, kind, marks, contents, quantity, net, gross, dimensions. */
function packageTable(packages: Package[]): Block {
  const path = (i: number, key: PackageKey) => `packing.packages.${i}.${key}` as const;
  const cell = (i: number, key: PackageKey, format?: (n: number) => string): Content => {
    const value = packages[i]?.[key];
    const n = asNumber(value);
    return field(path(i, key), format && n !== undefined ? format(n) : asString(value));
  };
  const rows = packages.map((_, i) => [
    cell(i, "number"),
    cell(i, "type"),
    cell(i, "marks"),
    cell(i, "description"),
    cell(i, "quantity", formatQuantity),
    cell(i, "net_kg", formatKg),
    cell(i, "gross_kg", formatKg),
    cell(i, "length_cm", formatQuantity),
    cell(i, "width_cm", formatQuantity),
    cell(i, "height_cm", formatQuantity),
  ]);
  const sum = (key: PackageKey) => {
    let total: number | undefined;
    for (const p of packages) {
      const n = asNumber(p[key]);
      if (n !== undefined) total = (total ?? 0) + n;
    }
    return total === undefined ? "" : formatKg(total);
  };
  return {
    kind: "table",
    title: "Packages",
    columns: [
      { header: "Package No.", width: 8 },
      { header: "Kind", width: 8 },
      { header: "Marks", width: 12 },
      { header: "Contents", width: 24 },
      { header: "Quantity", width: 7, align: "right" },
      { header: "Net (kg)", width: 8, align: "right" },
      { header: "Gross (kg)", width: 8, align: "right" },
      { header: "L (cm)", width: 5, align: "right" },
      { header: "W (cm)", width: 5, align: "right" },
      { header: "H (cm)", width: 5, align: "right" },
    ],
    rows,
    totals: [
      text(`${packages.length} packages`, true),
      text(""),
      text(""),
      text(""),
      text(""),
      text(sum("net_kg"), true),
      text(sum("gross_kg"), true),
      text(""),
      text(""),
      text(""),
    ],
  };
}

/** The contents by line item: description, HS code, quantity and unit, packages, net, gross. */
function contentsTable(data: ShipmentData): Block {
  const columns: LineColumn[] = [
    { header: "No.", width: 4, align: "right", cell: (i) => text(String(i + 1)) },
    {
      header: "Description of goods",
      width: 34,
      cell: (i) => lineField(data, i, "description", true),
    },
    { header: "HS code", width: 10, cell: (i) => lineField(data, i, "hs_code") },
    {
      header: "Quantity",
      width: 8,
      align: "right",
      cell: (i) => lineNumberField(data, i, "quantity"),
    },
    { header: "Unit", width: 6, cell: (i) => lineField(data, i, "unit_of_measure") },
    { header: "Packages", width: 12, cell: (i) => linePackagesCell(data, i) },
    {
      header: "Net (kg)",
      width: 9,
      align: "right",
      cell: (i) => lineNumberField(data, i, "net_kg", formatKg),
    },
    {
      header: "Gross (kg)",
      width: 9,
      align: "right",
      cell: (i) => lineNumberField(data, i, "gross_kg", formatKg),
    },
  ];
  const net = sumLines(data, "net_kg");
  const gross = sumLines(data, "gross_kg");
  const packages = sumLines(data, "package_count");
  return {
    kind: "table",
    title: "Contents",
    columns: columnsOf(columns),
    rows: lineRows(data, columns, lineIndexes(data)),
    totals: [
      text(""),
      text("Total", true),
      text(""),
      text(""),
      text(""),
      text(packages === undefined ? "" : formatQuantity(packages), true),
      text(net === undefined ? "" : formatKg(net), true),
      text(gross === undefined ? "" : formatKg(gross), true),
    ],
  };
}
