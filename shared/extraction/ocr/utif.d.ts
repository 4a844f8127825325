/** The part of UTIF (npm utif2) OCR uses: one page decoded from tags it was given. */
export interface UtifPage {
  [tag: `t${number}`]: number[];
  data?: Uint8Array;
  width?: number;
  height?: number;
}

declare const UTIF: {
  /** Decodes the strips or tiles `page`'s tags point at into `page.data` (raw samples). */
  decodeImage(buffer: ArrayBuffer, page: UtifPage): void;
};

export default UTIF;
