/**
 * TradeShipment: the shipment data the service validates and renders (snake_case paths, as the
 * specification names them, plus the data groups the 16 documents need; see
 * docs/documents.md, "Shipment data").
 *
 * Types and formats are strict (a country is ISO 3166-1 alpha-2, a port is a 5-character
 * UN/LOCODE, amounts are finite non-negative numbers); whether a code exists is a business rule
 * checked against the reference data, and which fields a document needs is the field
 * requirements table. Only what every trade document needs is required here: the parties, the
 * route's countries, the currency and at least one line item.
 */
import { z } from "../platform/schemas/zod.ts";

const text = (max = 500) =>
  z.string().trim().min(1, "must not be empty").max(max)
    .regex(
      /^(?:[^\p{Cc}]|[\t\n\r])*$/u,
      "must not contain control characters",
    );
const optionalText = (max = 500) => text(max).optional();

export const CountryCode = z.string().regex(
  /^[A-Z]{2}$/,
  "must be an ISO 3166-1 alpha-2 code such as DE",
)
  .meta({ example: "DE" });
export const CurrencyCode = z.string().regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as EUR")
  .meta({ example: "EUR" });
/** UN/LOCODE, written with or without the space between country and location (`DE HAM`). */
export const LocodeText = z.string().regex(
  /^[A-Za-z]{2} ?[A-Za-z2-9]{3}$/,
  "must be a UN/LOCODE such as DEHAM",
).meta({ example: "DEHAM" });
export const IataAirport = z.string().regex(/^[A-Z]{3}$/, "must be a 3-letter IATA airport code");
/** HS codes are written with or without dots and spaces: 0901.21, 090121, 8471.30.01.00. */
export const HsCodeText = z.string().regex(
  /^\d{2}(?:[. ]?\d{2}){1,4}$/,
  "must be an HS code of 4 to 10 digits, such as 0901.21",
).meta({ example: "0901.21" });
export const IsoDate = z.iso.date("must be a date in the form YYYY-MM-DD");
const Amount = z.number().finite().nonnegative();
const Positive = z.number().finite().positive("must be greater than zero");
const Kg = z.number().finite().nonnegative();

export const TaxIds = z.record(z.string().regex(/^[a-z0-9_]{1,40}$/), text(60)).meta({
  description: "Tax ids by kind: eori, vat, ein, rex, …",
  example: { eori: "DE123456789012345", vat: "DE123456789" },
});

export const Party = z.object({
  party_id: z.uuid().optional().meta({ description: "A saved party profile to fill in from" }),
  name: text(200),
  address: optionalText(300),
  city: optionalText(100),
  state: optionalText(100),
  postal_code: optionalText(20),
  country: CountryCode.optional(),
  tax_ids: TaxIds.optional(),
  contact_name: optionalText(200),
  contact_email: z.email().optional(),
  contact_phone: optionalText(40),
}).meta({ id: "Party" });

export const Certifier = Party.extend({
  role: z.enum(["importer", "exporter", "producer"]).optional(),
  title: optionalText(100),
});

export const LineItem = z.object({
  description: text(1000),
  hs_code: HsCodeText,
  quantity: Positive,
  unit_price: Amount,
  unit_of_measure: optionalText(20),
  origin_country: CountryCode.optional(),
  compliance_flags: z.array(text(40)).max(20).optional(),
  is_hazardous: z.boolean().optional(),
  un_number: z.string().regex(/^(UN)?\d{4}$/, "must be a 4-digit UN number such as UN1263")
    .optional(),
  hazard_class: z.string().regex(
    /^[1-9](\.[1-9])?[A-S]?$/,
    "must be a hazard class such as 3 or 6.1",
  )
    .optional(),
  proper_shipping_name: optionalText(300),
  technical_name: optionalText(300),
  subsidiary_hazard: optionalText(40),
  packing_group: z.enum(["I", "II", "III"]).optional(),
  marine_pollutant: z.boolean().optional(),
  flashpoint_c: z.number().finite().optional(),
  limited_quantity: z.boolean().optional(),
  net_kg: Kg.optional(),
  gross_kg: Kg.optional(),
  package_count: z.int().nonnegative().optional(),
  package_type: optionalText(60),
  origin_criterion: z.enum(["A", "B", "C", "D"]).optional(),
  schedule_b: z.string().regex(/^\d{10}$/, "must be a 10-digit Schedule B number").optional(),
  eccn: optionalText(20),
  export_license: optionalText(60),
  domestic_foreign: z.enum(["D", "F"]).optional(),
  botanical_name: optionalText(200),
  species: optionalText(200),
}).meta({ id: "LineItem" });

export const Goods = z.object({
  currency: CurrencyCode,
  total_value: Amount.optional(),
  line_items: z.array(LineItem).min(1, "must list at least one line item").max(1000),
}).meta({ id: "Goods" });

export const Route = z.object({
  origin_country: CountryCode,
  destination_country: CountryCode,
  port_of_loading: LocodeText.optional(),
  port_of_discharge: LocodeText.optional(),
  place_of_delivery: optionalText(200),
  vessel_name: optionalText(100),
  voyage_number: optionalText(40),
  transport_mode: z.enum(["sea", "air", "road", "rail", "multimodal"]).optional(),
  carrier_name: optionalText(200),
  departure_date: IsoDate.optional(),
  booking_number: optionalText(60),
  airport_of_departure: IataAirport.optional(),
  airport_of_destination: IataAirport.optional(),
  flight_number: optionalText(20),
}).meta({ id: "Route" });

const Declaration = z.object({
  signatory_name: optionalText(200),
  signatory_title: optionalText(100),
  place: optionalText(200),
  date: IsoDate.optional(),
});

export const TradeShipment = z.object({
  exporter: Party,
  importer: Party,
  consignee: Party.partial().optional(),
  notify_party: Party.partial().optional(),
  intermediate_consignee: Party.partial().optional(),
  producer: Party.partial().optional(),
  certifier: Certifier.partial().optional(),
  route: Route,
  goods: Goods,
  invoice: z.object({
    number: optionalText(60),
    date: IsoDate.optional(),
    purchase_order: optionalText(60),
  }).optional(),
  proforma: z.object({
    number: optionalText(60),
    date: IsoDate.optional(),
    valid_until: IsoDate.optional(),
  }).optional(),
  terms: z.object({
    incoterm: z.enum(["EXW", "FCA", "CPT", "CIP", "DAP", "DPU", "DDP", "FAS", "FOB", "CFR", "CIF"])
      .optional(),
    incoterm_place: optionalText(200),
    payment_terms: optionalText(300),
  }).optional(),
  charges: z.object({
    freight: Amount.optional(),
    insurance: Amount.optional(),
    packing: Amount.optional(),
    other: Amount.optional(),
    discount: Amount.optional(),
  }).optional(),
  packing: z.object({
    total_packages: z.int().nonnegative().optional(),
    package_type: optionalText(60),
    shipping_marks: optionalText(1000),
    packages: z.array(z.object({
      number: optionalText(40),
      type: optionalText(60),
      marks: optionalText(200),
      description: optionalText(500),
      quantity: Positive.optional(),
      net_kg: Kg.optional(),
      gross_kg: Kg.optional(),
      length_cm: Kg.optional(),
      width_cm: Kg.optional(),
      height_cm: Kg.optional(),
    })).max(1000).optional(),
  }).optional(),
  weights: z.object({
    gross_kg: Kg.optional(),
    net_kg: Kg.optional(),
    volume_m3: Kg.optional(),
  }).optional(),
  container: z.object({
    number: z.string().regex(
      /^[A-Z]{4}\d{7}$/,
      "must be an ISO 6346 container number such as MSCU1234565",
    )
      .optional(),
    seal_number: optionalText(40),
    size_type: optionalText(10),
    tare_kg: Kg.optional(),
  }).optional(),
  origin_data: z.object({
    agreement_name: optionalText(200),
    certificate_number: optionalText(60),
    remarks: optionalText(1000),
    issuing_body: optionalText(200),
    period_from: IsoDate.optional(),
    period_to: IsoDate.optional(),
  }).optional(),
  declaration: Declaration.optional(),
  hazardous_shipment: z.object({
    emergency_contact: optionalText(200),
    transport_regulation: optionalText(100),
    handling_instructions: optionalText(1000),
    packer_company: optionalText(200),
    packer_declarant: optionalText(200),
  }).optional(),
  bl_data: z.object({
    bl_number: optionalText(60),
    freight_payment: z.enum(["PREPAID", "COLLECT"]).optional(),
    place_of_delivery: optionalText(200),
    place_of_receipt: optionalText(200),
    bl_type: z.enum(["ORIGINAL", "COPY", "SEAWAY", "TELEX_RELEASE"]).optional(),
    number_of_originals: z.int().min(0).max(9).optional(),
    freight_payable_at: optionalText(200),
    place_of_issue: optionalText(200),
    issue_date: IsoDate.optional(),
  }).optional(),
  awb_data: z.object({
    awb_number: z.string().regex(
      /^\d{3}-?\d{8}$/,
      "must be a prefix and 8 digits, such as 020-12345675",
    )
      .optional(),
    issuing_carrier: optionalText(200),
    agent_name: optionalText(200),
    agent_iata_code: optionalText(20),
    agent_account_number: optionalText(40),
    shipper_account_number: optionalText(40),
    consignee_account_number: optionalText(40),
    routing: z.array(z.object({ to: IataAirport, by: optionalText(40) })).max(4).optional(),
    charges_code: optionalText(4),
    wt_val_payment: z.enum(["PP", "CC"]).optional(),
    other_payment: z.enum(["PP", "CC"]).optional(),
    declared_value_carriage: optionalText(20),
    declared_value_customs: optionalText(20),
    insurance_amount: optionalText(20),
    handling_information: optionalText(1000),
    rate_class: optionalText(4),
    chargeable_weight_kg: Kg.optional(),
    rate_per_kg: Amount.optional(),
    other_charges: z.array(z.object({
      code: text(4),
      amount: Amount,
      due: z.enum(["A", "C"]),
    })).max(20).optional(),
  }).optional(),
  sli_data: z.object({
    forwarding_agent_name: optionalText(200),
    eei_filing: optionalText(200),
    itn: z.string().regex(/^X\d{14}$/, "must be an ITN such as X20260101987654").optional(),
    eei_exemption: optionalText(100),
    related_party: z.boolean().optional(),
    routed_export: z.boolean().optional(),
    ultimate_consignee_type: optionalText(60),
    forwarding_agent_address: optionalText(300),
    forwarding_agent_ein: optionalText(20),
    state_of_origin: optionalText(2),
    freight_payment: z.enum(["PREPAID", "COLLECT"]).optional(),
  }).optional(),
  vgm_data: z.object({
    verified_gross_mass_kg: Kg.optional(),
    weighing_method: z.enum(["METHOD_1", "METHOD_2"]).optional(),
    authorised_person: optionalText(200),
    weighing_station: optionalText(200),
    weighing_date: IsoDate.optional(),
    method2_reference: optionalText(100),
  }).optional(),
  insurance_data: z.object({
    insurance_company: optionalText(200),
    policy_number: optionalText(60),
    coverage_type: optionalText(200),
    claims_agent: optionalText(300),
    certificate_number: optionalText(60),
    insured_value: Amount.optional(),
    insured_percentage: z.number().min(100).max(200).optional(),
    deductible: optionalText(100),
    additional_clauses: optionalText(500),
    // Institute War Clauses (Cargo) and Institute Strikes Clauses (Cargo), when bought.
    war_clauses: z.boolean().optional(),
    strikes_clauses: z.boolean().optional(),
    claims_payable_at: optionalText(200),
    issue_date: IsoDate.optional(),
  }).optional(),
  phytosanitary_data: z.object({
    issuing_authority: optionalText(200),
    certificate_number: optionalText(60),
    place_of_origin: optionalText(200),
    point_of_entry: optionalText(200),
    additional_declaration: optionalText(2000),
    treatment: z.object({
      date: IsoDate.optional(),
      method: optionalText(200),
      chemical: optionalText(200),
      duration_temperature: optionalText(100),
      concentration: optionalText(100),
      additional_info: optionalText(500),
    }).optional(),
    inspector_name: optionalText(200),
    place_of_issue: optionalText(200),
    issue_date: IsoDate.optional(),
  }).optional(),
  veterinary_data: z.object({
    competent_authority: optionalText(200),
    establishment_number: optionalText(60),
    certificate_number: optionalText(60),
    local_competent_authority: optionalText(200),
    region_of_origin: optionalText(100),
    entry_bcp: optionalText(200),
    transport_conditions: z.enum(["ambient", "chilled", "frozen"]).optional(),
    certified_as: optionalText(200),
    attestation: optionalText(4000),
    inspector_name: optionalText(200),
    inspection_date: IsoDate.optional(),
  }).optional(),
  analysis_data: z.object({
    batch_number: optionalText(60),
    test_standard: optionalText(200),
    product_name: optionalText(200),
    laboratory_name: optionalText(200),
    laboratory_address: optionalText(300),
    accreditation_number: optionalText(60),
    certificate_number: optionalText(60),
    manufacture_date: IsoDate.optional(),
    expiry_date: IsoDate.optional(),
    sampling_date: IsoDate.optional(),
    analysis_date: IsoDate.optional(),
    results: z.array(z.object({
      parameter: text(200),
      specification: optionalText(200),
      result: text(200),
      unit: optionalText(40),
      method: optionalText(200),
    })).max(200).optional(),
    overall_result: z.enum(["COMPLIES", "DOES_NOT_COMPLY"]).optional(),
    authorised_by_name: optionalText(200),
    authorised_by_title: optionalText(100),
  }).optional(),
}).meta({ id: "TradeShipment" });

export type TradeShipment = z.infer<typeof TradeShipment>;
export type LineItem = z.infer<typeof LineItem>;
