// Crockford's base32 without I, L, O, U: nothing to misread on a printed document.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A readable reference for a shipment created without one: `SHP-20261121-7K3QX9`. */
export function generateShipmentRef(now = new Date()): string {
  const date = now.toISOString().slice(0, 10).replaceAll("-", "");
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  const suffix = Array.from(bytes, (b) => ALPHABET[b & 31]).join("");
  return `SHP-${date}-${suffix}`;
}
