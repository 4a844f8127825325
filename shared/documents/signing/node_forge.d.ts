// The part of node-forge the service uses: reading a PKCS#12, and shrouding the development
// certificate's key. @types/node-forge would
// bring @types/node (2.5 MB) into the module graph of every function that signs.

/** An ASN.1 value, only ever passed back to forge. */
export interface Asn1 {
  readonly tagClass: number;
}

export interface ByteStringBuffer {
  getBytes(): string;
}

/** A key or certificate forge decoded (RSA); other algorithms stay ASN.1 (`asn1`). */
export interface Pkcs12Bag {
  key?: object;
  cert?: object;
  asn1?: Asn1;
}

export interface Pkcs12Pfx {
  getBags(filter: { bagType: string }): Record<string, Pkcs12Bag[] | undefined>;
}

declare const forge: {
  asn1: {
    fromDer(bytes: ByteStringBuffer): Asn1;
    toDer(asn1: Asn1): ByteStringBuffer;
  };
  util: { createBuffer(bytes: string): ByteStringBuffer };
  pkcs12: { pkcs12FromAsn1(asn1: Asn1, strict: boolean, password: string): Pkcs12Pfx };
  pki: {
    privateKeyToAsn1(key: object): Asn1;
    wrapRsaPrivateKey(asn1: Asn1): Asn1;
    certificateToAsn1(cert: object): Asn1;
    encryptPrivateKeyInfo(
      info: Asn1,
      password: string,
      options: { algorithm: string; count: number; prfAlgorithm: string },
    ): Asn1;
  };
};

export default forge;
