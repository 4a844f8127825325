/**
 * The TradeShipment type without zod: the shape `shared/shipments/trade_shipment.ts` declares,
 * written out so that templates, pre-checks, the field table and the rules can be typed by it
 * without zod (6 MB) entering their functions' graphs (a type import is an edge of `deno info`'s
 * graph too; document-field-requirements must stay under 5 MB). A test holds the two equal
 * (tests/rules/shipment_types_test.ts): a field added to the schema and not here fails the check.
 *
 * Stored shipments and drafts may lack any part, so what the code reads is `ShipmentData`, the
 * deep partial; `ShipmentPath` names every dotted path of it, so a wrong path is a compile error.
 */

export interface Party {
  party_id?: string;
  name: string;
  address?: string;
  city?: string;
  state?: string;
  postal_code?: string;
  country?: string;
  tax_ids?: Record<string, string>;
  contact_name?: string;
  contact_email?: string;
  contact_phone?: string;
}

export interface Certifier extends Party {
  role?: "importer" | "exporter" | "producer";
  title?: string;
}

export interface LineItem {
  description: string;
  hs_code: string;
  quantity: number;
  unit_price: number;
  unit_of_measure?: string;
  origin_country?: string;
  compliance_flags?: string[];
  is_hazardous?: boolean;
  un_number?: string;
  hazard_class?: string;
  proper_shipping_name?: string;
  technical_name?: string;
  subsidiary_hazard?: string;
  packing_group?: "I" | "II" | "III";
  marine_pollutant?: boolean;
  flashpoint_c?: number;
  limited_quantity?: boolean;
  net_kg?: number;
  gross_kg?: number;
  package_count?: number;
  package_type?: string;
  origin_criterion?: "A" | "B" | "C" | "D";
  schedule_b?: string;
  eccn?: string;
  export_license?: string;
  domestic_foreign?: "D" | "F";
  botanical_name?: string;
  species?: string;
}

export interface Goods {
  currency: string;
  total_value?: number;
  line_items: LineItem[];
}

export interface Route {
  origin_country: string;
  destination_country: string;
  port_of_loading?: string;
  port_of_discharge?: string;
  place_of_delivery?: string;
  vessel_name?: string;
  voyage_number?: string;
  transport_mode?: "sea" | "air" | "road" | "rail" | "multimodal";
  carrier_name?: string;
  departure_date?: string;
  booking_number?: string;
  airport_of_departure?: string;
  airport_of_destination?: string;
  flight_number?: string;
}

export type Incoterm =
  | "EXW"
  | "FCA"
  | "CPT"
  | "CIP"
  | "DAP"
  | "DPU"
  | "DDP"
  | "FAS"
  | "FOB"
  | "CFR"
  | "CIF";

export interface TradeShipment {
  exporter: Party;
  importer: Party;
  consignee?: Partial<Party>;
  notify_party?: Partial<Party>;
  intermediate_consignee?: Partial<Party>;
  producer?: Partial<Party>;
  certifier?: Partial<Certifier>;
  route: Route;
  goods: Goods;
  invoice?: { number?: string; date?: string; purchase_order?: string };
  proforma?: { number?: string; date?: string; valid_until?: string };
  terms?: { incoterm?: Incoterm; incoterm_place?: string; payment_terms?: string };
  charges?: {
    freight?: number;
    insurance?: number;
    packing?: number;
    other?: number;
    discount?: number;
  };
  packing?: {
    total_packages?: number;
    package_type?: string;
    shipping_marks?: string;
    packages?: {
      number?: string;
      type?: string;
      marks?: string;
      description?: string;
      quantity?: number;
      net_kg?: number;
      gross_kg?: number;
      length_cm?: number;
      width_cm?: number;
      height_cm?: number;
    }[];
  };
  weights?: { gross_kg?: number; net_kg?: number; volume_m3?: number };
  container?: { number?: string; seal_number?: string; size_type?: string; tare_kg?: number };
  origin_data?: {
    agreement_name?: string;
    certificate_number?: string;
    remarks?: string;
    issuing_body?: string;
    period_from?: string;
    period_to?: string;
  };
  declaration?: {
    signatory_name?: string;
    signatory_title?: string;
    place?: string;
    date?: string;
  };
  hazardous_shipment?: {
    emergency_contact?: string;
    transport_regulation?: string;
    handling_instructions?: string;
    packer_company?: string;
    packer_declarant?: string;
  };
  bl_data?: {
    bl_number?: string;
    freight_payment?: "PREPAID" | "COLLECT";
    place_of_delivery?: string;
    place_of_receipt?: string;
    bl_type?: "ORIGINAL" | "COPY" | "SEAWAY" | "TELEX_RELEASE";
    number_of_originals?: number;
    freight_payable_at?: string;
    place_of_issue?: string;
    issue_date?: string;
  };
  awb_data?: {
    awb_number?: string;
    issuing_carrier?: string;
    agent_name?: string;
    agent_iata_code?: string;
    agent_account_number?: string;
    shipper_account_number?: string;
    consignee_account_number?: string;
    routing?: { to: string; by?: string }[];
    charges_code?: string;
    wt_val_payment?: "PP" | "CC";
    other_payment?: "PP" | "CC";
    declared_value_carriage?: string;
    declared_value_customs?: string;
    insurance_amount?: string;
    handling_information?: string;
    rate_class?: string;
    chargeable_weight_kg?: number;
    rate_per_kg?: number;
    other_charges?: { code: string; amount: number; due: "A" | "C" }[];
  };
  sli_data?: {
    forwarding_agent_name?: string;
    eei_filing?: string;
    itn?: string;
    eei_exemption?: string;
    related_party?: boolean;
    routed_export?: boolean;
    ultimate_consignee_type?: string;
    forwarding_agent_address?: string;
    forwarding_agent_ein?: string;
    state_of_origin?: string;
    freight_payment?: "PREPAID" | "COLLECT";
  };
  vgm_data?: {
    verified_gross_mass_kg?: number;
    weighing_method?: "METHOD_1" | "METHOD_2";
    authorised_person?: string;
    weighing_station?: string;
    weighing_date?: string;
    method2_reference?: string;
  };
  insurance_data?: {
    insurance_company?: string;
    policy_number?: string;
    coverage_type?: string;
    claims_agent?: string;
    certificate_number?: string;
    insured_value?: number;
    insured_percentage?: number;
    deductible?: string;
    additional_clauses?: string;
    war_clauses?: boolean;
    strikes_clauses?: boolean;
    claims_payable_at?: string;
    issue_date?: string;
  };
  phytosanitary_data?: {
    issuing_authority?: string;
    certificate_number?: string;
    place_of_origin?: string;
    point_of_entry?: string;
    additional_declaration?: string;
    treatment?: {
      date?: string;
      method?: string;
      chemical?: string;
      duration_temperature?: string;
      concentration?: string;
      additional_info?: string;
    };
    inspector_name?: string;
    place_of_issue?: string;
    issue_date?: string;
  };
  veterinary_data?: {
    competent_authority?: string;
    establishment_number?: string;
    certificate_number?: string;
    local_competent_authority?: string;
    region_of_origin?: string;
    entry_bcp?: string;
    transport_conditions?: "ambient" | "chilled" | "frozen";
    certified_as?: string;
    attestation?: string;
    inspector_name?: string;
    inspection_date?: string;
  };
  analysis_data?: {
    batch_number?: string;
    test_standard?: string;
    product_name?: string;
    laboratory_name?: string;
    laboratory_address?: string;
    accreditation_number?: string;
    certificate_number?: string;
    manufacture_date?: string;
    expiry_date?: string;
    sampling_date?: string;
    analysis_date?: string;
    results?: {
      parameter: string;
      specification?: string;
      result: string;
      unit?: string;
      method?: string;
    }[];
    overall_result?: "COMPLIES" | "DOES_NOT_COMPLY";
    authorised_by_name?: string;
    authorised_by_title?: string;
  };
}

/** Every member optional, at every depth (list elements too). */
export type DeepPartial<T> = T extends readonly (infer E)[] ? DeepPartial<E>[]
  : T extends object ? { [K in keyof T]?: DeepPartial<T[K]> }
  : T;

/**
 * Shipment data as the service holds it: a TradeShipment any part of which may be missing (a
 * draft, a record saved before a field existed). Values are read defensively all the same (the
 * readers in templates/common.ts accept "12" for 12), since stored data predates its checks.
 */
export type ShipmentData = DeepPartial<TradeShipment>;

export type ShipmentLineItem = DeepPartial<LineItem>;

/** The names of a party's members: `exporter.<PartyKey>`. */
export type PartyKey = keyof Certifier;

/** The parties: `<PartyRole>.name`. */
export type PartyRole =
  | "exporter"
  | "importer"
  | "consignee"
  | "notify_party"
  | "intermediate_consignee"
  | "producer"
  | "certifier";

/** A line item member: `goods.line_items.<i>.<LineKey>`. */
export type LineKey = keyof LineItem;

/**
 * The dotted paths of a type: objects by key, lists by a numeric index, records by any key
 * (`exporter.tax_ids.eori`). Groups are paths too (`goods.line_items`), as readers take them.
 */
type PathsOf<T> = T extends readonly (infer E)[] ? `${number}` | `${number}.${PathsOf<E>}`
  : T extends object ? {
      [K in keyof T & string]-?:
        | K
        | (NonNullable<T[K]> extends string | number | boolean ? never
          : `${K}.${PathsOf<NonNullable<T[K]>>}`);
    }[keyof T & string]
  : never;

/** Every dotted path of the shipment data: a wrong one is a compile error. */
export type ShipmentPath = PathsOf<TradeShipment>;
