import { randomBase64Url, toHex } from "../platform/util/crypto.ts";

const encoder = new TextEncoder();

/** A new subscription secret: `whsec_` and 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBase64Url(32)}`;
}

/** `sha256=<hex HMAC-SHA256 of the raw body with the secret>`: the X-Service-Signature value. */
export async function signPayload(secret: string, body: string | Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  const mac = await crypto.subtle.sign("HMAC", key, bytes as BufferSource);
  return `sha256=${toHex(new Uint8Array(mac))}`;
}
