/**
 * The CMS signature of a PAdES baseline (B-B) signature, ETSI.CAdES.detached: a detached
 * SignedData over the signed byte ranges, built with PKI.js and signed with Web Crypto. Its
 * signed attributes are the three PAdES asks for: content type, message digest and the ESS
 * signing-certificate-v2 (RFC 5035) that binds the signer's certificate; the signing time is
 * the signature dictionary's /M, as PAdES wants, not a CMS attribute.
 */
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
};

/**
 * A certificate that writes itself as the DER it was read from: PKI.js would otherwise encode
 * every certificate again for every signature, which costs more than the signature itself.
 */
export class EncodedCertificate extends pkijs.Certificate {
  readonly der: Uint8Array<ArrayBuffer>;
  readonly #parsed: asn1js.Sequence;

  constructor(der: Uint8Array<ArrayBuffer>) {
    const parsed = asn1js.fromBER(der).result as asn1js.Sequence;
    super({ schema: parsed });
    this.der = der;
    this.#parsed = parsed;
  }

  override toSchema(): asn1js.Sequence {
    return this.#parsed;
  }
}

export interface CmsSigner {
  key: CryptoKey;
  /** The signer's certificate first, then the rest of its chain. */
  chain: EncodedCertificate[];
  /** SHA-256 of the signer's certificate (DER), for signing-certificate-v2. */
  certificateHash: ArrayBuffer;
}

/** DER of a ContentInfo holding the detached SignedData of `content`. */
export async function signDetached(content: Uint8Array, signer: CmsSigner): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest("SHA-256", content as Uint8Array<ArrayBuffer>);
  const certificate = signer.chain[0]!;
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: certificate.issuer,
          serialNumber: certificate.serialNumber,
        }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({
              type: OID.contentType,
              values: [new asn1js.ObjectIdentifier({ value: OID.data })],
            }),
            new pkijs.Attribute({
              type: OID.messageDigest,
              values: [new asn1js.OctetString({ valueHex: digest })],
            }),
            new pkijs.Attribute({
              type: OID.signingCertificateV2,
              values: [signingCertificateV2(signer.certificateHash)],
            }),
          ],
        }),
      }),
    ],
    certificates: signer.chain,
  });
  await signedData.sign(signer.key, 0, "SHA-256");
  const info = new pkijs.ContentInfo({
    contentType: OID.signedData,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(info.toSchema().toBER(false));
}

/**
 * SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }, with one ESSCertIDv2
 * ::= SEQUENCE { certHash OCTET STRING } (hashAlgorithm left at its default, SHA-256).
 */
function signingCertificateV2(certificateHash: ArrayBuffer): asn1js.Sequence {
  const essCertId = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: certificateHash })],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertId] })] });
}
