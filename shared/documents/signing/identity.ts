/**
 * The service's signing identity: a PKCS#12 file (the private key and its certificate chain),
 * read once with node-forge (which decrypts any key; RSA or ECDSA P-256/P-384 are used); the key
 * goes to Web Crypto, which signs every document natively.
 */
// @ts-types="./node_forge.d.ts"
import forge, { type Pkcs12Pfx } from "node-forge";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
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
  let parsed: Pkcs12Pfx;
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
  // node-forge decodes RSA keys and certificates; others (EC) it leaves as ASN.1.
  const keyDer = [...bags(BAG.shroudedKey), ...bags(BAG.key)]
    .map((bag) =>
      bag.key ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key)) : bag.asn1
    )
    .filter((asn1) => asn1 !== undefined)
    .map((asn1) => bytesOf(forge.asn1.toDer(asn1).getBytes()))[0];
  if (!keyDer) throw new SigningIdentityError("the signing PKCS#12 holds no private key");
  const certDers = bags(BAG.cert).flatMap((bag) => {
    const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
    return asn1 ? [bytesOf(forge.asn1.toDer(asn1).getBytes())] : [];
  });
  return await identityOf(keyDer, certDers);
}

/** Imports the key into Web Crypto and puts the certificate of that key first. */
async function identityOf(
  keyDer: Uint8Array<ArrayBuffer>,
  certDers: Uint8Array<ArrayBuffer>[],
): Promise<SigningIdentity> {
  const algorithm = keyAlgorithm(keyDer);
  const key = await crypto.subtle.importKey("pkcs8", keyDer, algorithm, false, ["sign"]);
  const certificates = certDers.map((der) => new EncodedCertificate(der));
  // The signer's certificate is the one whose public key verifies this key's signature.
  const probe = new TextEncoder().encode("which certificate is mine");
  const signParams = algorithm.name === "ECDSA" ? { name: "ECDSA", hash: "SHA-256" } : algorithm;
  const signature = await crypto.subtle.sign(signParams, key, probe);
  let own: EncodedCertificate | undefined;
  for (const certificate of certificates) {
    const publicKey = await crypto.subtle.importKey(
      "spki",
      certificate.subjectPublicKeyInfo.toSchema().toBER(false),
      algorithm,
      false,
      ["verify"],
    ).catch(() => undefined);
    if (publicKey && await crypto.subtle.verify(signParams, publicKey, signature, probe)) {
      own = certificate;
      break;
    }
  }
  if (!own) throw new SigningIdentityError("the signing PKCS#12 has no certificate for its key");
  const common = own.subject.typesAndValues.find((t) => t.type === "2.5.4.3");
  return {
    key,
    chain: [own, ...certificates.filter((c) => c !== own)],
    certificateHash: await crypto.subtle.digest("SHA-256", own.der),
    signerName: common
      ? String(common.value.valueBlock.value)
      : own.subject.typesAndValues.map((t) => String(t.value.valueBlock.value)).join(", "),
  };
}

/** RSA (PKCS#1 v1.5, SHA-256) or ECDSA on P-256/P-384, from the PKCS#8 algorithm. */
function keyAlgorithm(pkcs8: Uint8Array<ArrayBuffer>): RsaHashedImportParams | EcKeyImportParams {
  const info = pkijs.PrivateKeyInfo.fromBER(pkcs8);
  const oid = info.privateKeyAlgorithm.algorithmId;
  if (oid === "1.2.840.113549.1.1.1") return { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };
  if (oid === "1.2.840.10045.2.1") {
    const curve = (info.privateKeyAlgorithm.algorithmParams as asn1js.ObjectIdentifier)
      ?.valueBlock?.toString();
    const namedCurve = { "1.2.840.10045.3.1.7": "P-256", "1.3.132.0.34": "P-384" }[curve ?? ""];
    if (namedCurve) return { name: "ECDSA", namedCurve };
  }
  throw new SigningIdentityError(`the signing key's algorithm is not supported (${oid})`);
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
