/**
 * VERIFIED GROSS MASS (VGM) DECLARATION (SOLAS Chapter VI, Regulation 2, paragraphs 4 to 6;
 * IMO MSC.1/Circ.1475): the shipper named on the bill of lading, the booking, the container and
 * seal, the verified gross mass in kg stated as such, the method (1: the packed container
 * weighed; 2: all contents weighed and the container's tare added, by an approved method), the
 * weighing date, the weighing station (method 1) or the approval reference (method 2), and the
 * name in capitals and signature of the person duly authorized by the shipper.
 */
import type { Block, Content, DocumentSpec } from "../model.ts";
import { text } from "../model.ts";
import {
  asNumber,
  asString,
  choice,
  conveyanceLines,
  dateField,
  formatKg,
  kgField,
  partyLines,
  roundTo,
  type ShipmentData,
  textField,
  upperField,
} from "./common.ts";

export const VGM_METHOD_1 = "Method 1: upon the conclusion of packing and sealing, the packed " +
  "container is weighed, by the shipper or by a third party arranged by the shipper, using " +
  "calibrated and certified weighing equipment.";

export const VGM_METHOD_2 = "Method 2: all packages and cargo items, including the mass of " +
  "pallets, dunnage and other packing and securing material packed in the container, are " +
  "weighed and the tare mass of the container is added to the sum of the single masses, using " +
  "a certified method approved by the competent authority of the State in which packing of the " +
  "container was completed.";

export const VGM_STATEMENT = "The shipper declares that the mass stated above is the verified " +
  "gross mass (VGM) of the packed container identified above, obtained by the method " +
  "indicated in accordance with SOLAS Chapter VI, Regulation 2.";

export const VGM_NOTES = "A packed container whose verified gross mass has not been provided " +
  "to the master or his representative and to the terminal representative shall not be loaded " +
  "on board (SOLAS VI/2.6). The signature may be an electronic signature or may be replaced by " +
  "the name in capitals of the person authorized to sign it (MSC.1/Circ.1475).";

/** 1, 2, or undefined, from "METHOD_1", "Method 2", "1", … */
export function weighingMethod(data: ShipmentData): 1 | 2 | undefined {
  const m = /([12])\s*$/.exec(asString(data.vgm_data?.weighing_method));
  return m ? (Number(m[1]) as 1 | 2) : undefined;
}

export function vgmDeclarationTemplate(data: ShipmentData): DocumentSpec {
  const method = weighingMethod(data);
  const rawMethod = asString(data.vgm_data?.weighing_method);
  const container = asString(data.container?.number);

  const blocks: Block[] = [
    {
      kind: "boxes",
      boxes: [
        {
          label: "Shipper (as named on the bill of lading or sea waybill)",
          lines: partyLines(data, "exporter", { contact: true }),
          span: 3,
        },
        {
          label: "Carrier",
          lines: [textField(data, "route.carrier_name"), ...conveyanceLines(data)],
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        { label: "Container number", lines: [textField(data, "container.number")], span: 2 },
        { label: "Seal number(s)", lines: [textField(data, "container.seal_number")], span: 2 },
        { label: "Size and type", lines: [textField(data, "container.size_type")] },
        { label: "Port of loading", lines: [textField(data, "route.port_of_loading")] },
      ],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "VERIFIED GROSS MASS (VGM) OF THE PACKED CONTAINER, kg",
          lines: [
            kgField(data, "vgm_data.verified_gross_mass_kg"),
            text("This figure is the verified gross mass of the packed container.", true),
          ],
          span: 3,
        },
        {
          label: "Date of weighing",
          lines: [dateField(data, "vgm_data.weighing_date")],
          span: 2,
        },
      ],
    },
    {
      kind: "boxes",
      boxes: [{
        label: "Method used to obtain the verified gross mass (SOLAS VI/2.4)",
        lines: [
          choice("vgm_data.weighing_method", method ? `METHOD_${method}` : rawMethod, [
            { value: "METHOD_1", label: VGM_METHOD_1 },
            { value: "METHOD_2", label: VGM_METHOD_2 },
          ]),
        ],
      }],
    },
    {
      kind: "boxes",
      boxes: [
        {
          label: "Weighing station / place of weighing (method 1)",
          lines: [textField(data, "vgm_data.weighing_station")],
        },
        {
          label: "Certification or approval reference of the method (method 2)",
          lines: [textField(data, "vgm_data.method2_reference")],
        },
      ],
    },
    ...(method === 2 ? [method2Breakdown(data)] : []),
    { kind: "paragraph", text: VGM_STATEMENT, style: "declaration" },
    {
      kind: "signature",
      caption: "Name (in capitals) and signature of the person duly authorized by the shipper",
      name: upperField(data, "vgm_data.authorised_person"),
      place: textField(data, "declaration.place"),
      date: dateField(data, "declaration.date"),
    },
    { kind: "paragraph", text: VGM_NOTES, style: "note" },
  ];

  return {
    type: "VGM_DECLARATION",
    title: "VERIFIED GROSS MASS (VGM) DECLARATION",
    subtitle: "SOLAS Chapter VI, Regulation 2, paragraphs 4 to 6 – IMO MSC.1/Circ.1475",
    references: [
      { label: "Booking No.", content: textField(data, "route.booking_number") },
      ...(container ? [{ label: "Container No.", content: text(container) as Content }] : []),
    ],
    blocks,
  };
}

/** Method 2: the cargo's mass with packing and securing material, the tare, and their sum. */
function method2Breakdown(data: ShipmentData): Block {
  const cargo = asNumber(data.weights?.gross_kg);
  const tare = asNumber(data.container?.tare_kg);
  return {
    kind: "boxes",
    boxes: [
      {
        label: "Packages and cargo items incl. pallets, dunnage, packing and securing material, kg",
        lines: [kgField(data, "weights.gross_kg")],
        span: 2,
      },
      { label: "Tare mass of the container, kg", lines: [kgField(data, "container.tare_kg")] },
      {
        label: "Sum of the masses, kg",
        lines: [
          text(cargo !== undefined && tare !== undefined ? formatKg(roundTo(cargo + tare, 2)) : ""),
        ],
      },
    ],
  };
}
