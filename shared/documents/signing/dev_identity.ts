/**
 * A self-signed development signing certificate, as a PKCS#12 file: what the local service and
 * the tests sign with when no certificate is configured. An ECDSA P-256 key from Web Crypto (a
 * signature costs a fraction of an RSA one), a certificate and a PKCS#12 (PBES2 AES-256 key
 * bag, SHA-256 MAC) written with PKI.js and node-forge.
 */
import * as asn1js from "asn1js";
// @ts-types="./node_forge.d.ts"
import forge from "node-forge";
import * as pkijs from "pkijs";
import { randomBase64Url } from "../../platform/util/crypto.ts";
import { binaryString, bytesOf } from "./identity.ts";

export interface P12Secret {
  p12Base64: string;
  password: string;
}

export const DEV_SIGNER_NAME = "Trade Documentation Service (development)";

const OID = {
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
  basicConstraints: "2.5.29.19",
  keyUsage: "2.5.29.15",
  certBag: "1.2.840.113549.1.12.10.1.3",
  shroudedKeyBag: "1.2.840.113549.1.12.10.1.2",
};

const YEAR_MS = 365 * 24 * 3600 * 1000;

export async function createDevSigningP12(): Promise<P12Secret> {
  const pair = await crypto.subtle.generateKey(
    { name: "ECDSA", namedCurve: "P-256" },
    true,
    ["sign", "verify"],
  );
  const certificate = await selfSigned(pair);
  const password = randomBase64Url(24);
  const der = await pkcs12(
    new Uint8Array(await crypto.subtle.exportKey("pkcs8", pair.privateKey)),
    certificate,
    password,
  );
  return { p12Base64: btoa(binaryString(der)), password };
}

async function selfSigned(pair: CryptoKeyPair): Promise<pkijs.Certificate> {
  const name = () =>
    new pkijs.RelativeDistinguishedNames({
      typesAndValues: [
        new pkijs.AttributeTypeAndValue({
          type: OID.commonName,
          value: new asn1js.Utf8String({ value: DEV_SIGNER_NAME }),
        }),
        new pkijs.AttributeTypeAndValue({
          type: OID.organization,
          value: new asn1js.Utf8String({ value: "Development only: not a trusted signer" }),
        }),
      ],
    });
  const serial = crypto.getRandomValues(new Uint8Array(16));
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  const now = Date.now();
  const certificate = new pkijs.Certificate({
    version: 2,
    serialNumber: new asn1js.Integer({ valueHex: serial.buffer }),
    issuer: name(),
    subject: name(),
  });
  certificate.notBefore.value = new Date(now - 24 * 3600 * 1000);
  certificate.notAfter.value = new Date(now + 10 * YEAR_MS);
  certificate.extensions = [
    new pkijs.Extension({
      extnID: OID.basicConstraints,
      critical: true,
      extnValue: new pkijs.BasicConstraints({ cA: false }).toSchema().toBER(false),
      parsedValue: new pkijs.BasicConstraints({ cA: false }),
    }),
    new pkijs.Extension({
      extnID: OID.keyUsage,
      critical: true,
      // digitalSignature and nonRepudiation: the two high bits, the other six unused.
      extnValue: new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer, unusedBits: 6 })
        .toBER(false),
    }),
  ];
  await certificate.subjectPublicKeyInfo.importKey(pair.publicKey);
  await certificate.sign(pair.privateKey, "SHA-256");
  return certificate;
}

/** PFX with the shrouded key and the certificate, password-protected and MAC'd (RFC 7292). */
async function pkcs12(
  pkcs8: Uint8Array<ArrayBuffer>,
  certificate: pkijs.Certificate,
  password: string,
): Promise<Uint8Array> {
  // node-forge shrouds the key (PBES2, AES-256, PBKDF2-SHA-256): PKI.js would write the
  // ciphertext as a constructed OCTET STRING, which node-forge's reader refuses.
  const shrouded = forge.pki.encryptPrivateKeyInfo(
    forge.asn1.fromDer(forge.util.createBuffer(binaryString(pkcs8))),
    password,
    { algorithm: "aes256", count: 2048, prfAlgorithm: "sha256" },
  );
  const keyBag = new pkijs.SafeBag({
    bagId: OID.shroudedKeyBag,
    bagValue: pkijs.PKCS8ShroudedKeyBag.fromBER(bytesOf(forge.asn1.toDer(shrouded).getBytes())),
  });
  const certBag = new pkijs.SafeBag({
    bagId: OID.certBag,
    bagValue: new pkijs.CertBag({ parsedValue: certificate }),
  });
  const pfx = new pkijs.PFX({
    parsedValue: {
      integrityMode: 0,
      authenticatedSafe: new pkijs.AuthenticatedSafe({
        parsedValue: {
          safeContents: [
            { privacyMode: 0, value: new pkijs.SafeContents({ safeBags: [keyBag] }) },
            { privacyMode: 0, value: new pkijs.SafeContents({ safeBags: [certBag] }) },
          ],
        },
      }),
    },
  });
  await pfx.parsedValue!.authenticatedSafe!.makeInternalValues({ safeContents: [{}, {}] });
  await pfx.makeInternalValues({
    password: new TextEncoder().encode(password).buffer,
    iterations: 2048,
    pbkdf2HashAlgorithm: "SHA-256",
    hmacHashAlgorithm: "SHA-256",
  });
  return new Uint8Array(pfx.toSchema().toBER(false));
}
