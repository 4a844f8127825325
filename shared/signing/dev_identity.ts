/**
 * A self-signed development signing certificate, as a PKCS#12 file: what the local service and
 * the tests sign with when no certificate is configured. The key pair comes from Web Crypto
 * (native and quick); node-forge writes the certificate and the PKCS#12.
 */
// @ts-types="npm:@types/node-forge@1.3.14"
import forge from "node-forge";
import { randomBase64Url } from "../util/crypto.ts";
import { binaryString, bytesOf } from "./identity.ts";

export interface P12Secret {
  p12Base64: string;
  password: string;
}

export const DEV_SIGNER_NAME = "Trade Documentation Service (development)";

export async function createDevSigningP12(): Promise<P12Secret> {
  const pair = await crypto.subtle.generateKey(
    {
      name: "RSASSA-PKCS1-v1_5",
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: "SHA-256",
    },
    true,
    ["sign", "verify"],
  );
  const pkcs8 = new Uint8Array(await crypto.subtle.exportKey("pkcs8", pair.privateKey));
  const key = forge.pki.privateKeyFromAsn1(
    forge.asn1.fromDer(forge.util.createBuffer(binaryString(pkcs8))),
  ) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial: the first of 16 random bytes below 0x80.
  const serial = crypto.getRandomValues(new Uint8Array(16));
  serial[0] = serial[0]! & 0x7f | 0x01;
  cert.serialNumber = [...serial].map((b) => b.toString(16).padStart(2, "0")).join("");
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 24 * 3600 * 1000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
  const subject = [
    { name: "commonName", value: DEV_SIGNER_NAME },
    { name: "organizationName", value: "Development only: not a trusted signer" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const password = randomBase64Url(24);
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: "aes256" });
  const der = bytesOf(forge.asn1.toDer(p12).getBytes());
  return { p12Base64: forge.util.encode64(binaryString(der)), password };
}
