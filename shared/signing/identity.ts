/**
 * The service's signing identity: a PKCS#12 file (the private key and its certificate chain),
 * read once with node-forge; the key goes to Web Crypto, which signs every document natively.
 * RSA keys only (node-forge's PKCS#12 reader knows no others).
 */
// @ts-types="npm:@types/node-forge@1.3.14"
import forge from "node-forge";
import { type CmsSigner, EncodedCertificate } from "./cms.ts";

export interface SigningIdentity extends CmsSigner {
  /** The certificate's subject common name (or the whole subject when it has none). */
  signerName: string;
}

/** PKCS#12 bag types (RFC 7292, 4.2). */
const BAG = {
  key: "1.2.840.113549.1.12.10.1.1",
  shroudedKey: "1.2.840.113549.1.12.10.1.2",
  cert: "1.2.840.113549.1.12.10.1.3",
};

export class SigningIdentityError extends Error {
  override name = "SigningIdentityError";
}

export async function loadSigningIdentity(
  p12: Uint8Array,
  password: string,
): Promise<SigningIdentity> {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(binaryString(p12)));
    parsed = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (cause) {
    throw new SigningIdentityError(
      `the signing PKCS#12 cannot be read (wrong password, or not a PKCS#12 file): ${
        (cause as Error).message
      }`,
    );
  }
  const bags = (oid: string) => parsed.getBags({ bagType: oid })[oid] ?? [];
  const keyBags = [...bags(BAG.shroudedKey), ...bags(BAG.key)];
  const key = keyBags.find((bag) => bag.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new SigningIdentityError("the signing PKCS#12 holds no RSA private key");
  const certificates = bags(BAG.cert).flatMap((bag) => bag.cert ? [bag.cert] : []);
  const own = certificates.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.equals(key.n) && pub.e?.equals(key.e);
  });
  if (!own) throw new SigningIdentityError("the signing PKCS#12 has no certificate for its key");
  const chain = [own, ...certificates.filter((c) => c !== own)];
  const ders = chain.map((c) =>
    bytesOf(forge.asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes())
  );
  const pkcs8 = bytesOf(
    forge.asn1.toDer(forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(key))).getBytes(),
  );
  const cryptoKey = await crypto.subtle.importKey(
    "pkcs8",
    pkcs8,
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const common = own.subject.getField("CN")?.value as string | undefined;
  return {
    key: cryptoKey,
    chain: ders.map((der) => new EncodedCertificate(der)),
    certificateHash: await crypto.subtle.digest("SHA-256", ders[0]!),
    signerName: common ??
      own.subject.attributes.map((a) => `${a.shortName ?? a.name}=${a.value}`).join(", "),
  };
}

export function binaryString(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return out;
}

export function bytesOf(binary: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
