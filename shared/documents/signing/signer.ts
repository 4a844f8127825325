/**
 * Signs finished documents (final generated ones, flattened ones) with the service's PAdES
 * signature: the placeholder update (placeholder.ts), then @signpdf/signpdf computes the byte
 * range, asks our Signer for the CMS (cms.ts) and writes it into /Contents.
 */
import { Buffer } from "node:buffer";
import { SignPdf } from "@signpdf/signpdf";
import { Signer } from "@signpdf/utils";
import type { Config } from "../../platform/config.ts";
import { signDetached } from "./cms.ts";
import { loadSigningIdentity, type SigningIdentity } from "./identity.ts";
import { addSignaturePlaceholder } from "./placeholder.ts";

/** Room in /Contents beyond the certificates and the signature value: the signer's issuer
 * name, the signed attributes, the algorithm identifiers and the structure around them. */
const CMS_OVERHEAD_BYTES = 1024;

class CadesSigner extends Signer {
  constructor(private readonly identity: SigningIdentity) {
    super();
  }

  override async sign(pdf: Buffer): Promise<Buffer> {
    return Buffer.from(await signDetached(new Uint8Array(pdf), this.identity));
  }
}

export interface SignedFile {
  bytes: Uint8Array;
  /** The certificate's subject name, as verify-document reports it. */
  signer: string;
}

/** The largest signature value the key makes: the RSA modulus, or an ECDSA DER (r, s) pair. */
function signatureValueBytes(key: CryptoKey): number {
  const algorithm = key.algorithm as Partial<RsaHashedKeyAlgorithm & EcKeyAlgorithm>;
  if (algorithm.modulusLength) return algorithm.modulusLength / 8;
  return algorithm.namedCurve === "P-384" ? 104 : 72;
}

/** `deps` with the signer SIGNING_P12_BASE64 configures (null when signing is off). */
export function withSigner<D extends { config: Pick<Config, "signing"> }>(
  deps: D,
): D & { signer: DocumentSigner | null } {
  return { ...deps, signer: DocumentSigner.fromConfig(deps.config) };
}

export class DocumentSigner {
  readonly #identity: Promise<SigningIdentity>;
  readonly #signPdf = new SignPdf();

  /** The identity is read in the background; a bad one fails every sign() with its reason. */
  constructor(identity: Promise<SigningIdentity>) {
    this.#identity = identity;
    // Handled here so a process that never signs does not die of an unhandled rejection.
    identity.catch(() => {});
  }

  /** The signer SIGNING_P12_BASE64 configures; null when signing is off. */
  static fromConfig(config: Pick<Config, "signing">): DocumentSigner | null {
    return config.signing
      ? DocumentSigner.fromP12(config.signing.p12Base64, config.signing.password)
      : null;
  }

  static fromP12(p12Base64: string, password: string): DocumentSigner {
    return new DocumentSigner(
      Promise.resolve().then(() =>
        loadSigningIdentity(Uint8Array.from(atob(p12Base64), (c) => c.charCodeAt(0)), password)
      ),
    );
  }

  async sign(pdf: Uint8Array, signingTime = new Date()): Promise<SignedFile> {
    const identity = await this.#identity;
    const prepared = addSignaturePlaceholder(pdf, {
      signatureBytes: identity.chain.reduce(
        (n, c) => n + c.der.byteLength,
        CMS_OVERHEAD_BYTES + signatureValueBytes(identity.key),
      ),
      signingTime,
      name: identity.signerName,
      reason: "Issued by the trade documentation service",
    });
    const signed = await this.#signPdf.sign(Buffer.from(prepared), new CadesSigner(identity));
    return {
      bytes: new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength),
      signer: identity.signerName,
    };
  }
}
