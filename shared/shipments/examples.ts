/** A short shipment for the OpenAPI request examples (create, save, validate, generate). */
export const EXAMPLE_SHIPMENT = {
  exporter: {
    name: "Hamburg Maschinenbau GmbH",
    address: "Grosse Elbstrasse 145",
    city: "Hamburg",
    postal_code: "22767",
    country: "DE",
    tax_ids: { eori: "DE123456789012345" },
  },
  importer: {
    name: "Chicago Tools Inc.",
    address: "2100 West Fulton Street",
    city: "Chicago",
    country: "US",
  },
  route: {
    origin_country: "DE",
    destination_country: "US",
    port_of_loading: "DEHAM",
    port_of_discharge: "USNYC",
    transport_mode: "sea",
  },
  goods: {
    currency: "EUR",
    total_value: 725,
    line_items: [{
      description: "Coffee, roasted, not decaffeinated, whole beans",
      hs_code: "0901.21",
      quantity: 50,
      unit_price: 14.5,
      unit_of_measure: "kg",
      origin_country: "DE",
      net_kg: 50,
      gross_kg: 55,
    }],
  },
  invoice: { number: "INV-2026-0042", date: "2026-11-28" },
  terms: { incoterm: "CIF", incoterm_place: "New York" },
};
