/**
 * The footer's QR code as vector paths: the module matrix from the `qrcode` package, written
 * once per document as a form XObject in a unit square (quiet zone included) that every page
 * draws. Horizontal runs of dark modules become one rectangle each.
 *
 * Made to survive paper (a fax, a 150 dpi scan): error correction L and the hash in capitals,
 * which the encoder packs in alphanumeric mode (5.5 bits a character instead of 8), keep the
 * code at version 5 or 6, so each module is large; verify-hash reads the hash in any case.
 */
import QRCode from "qrcode";

/** Quiet zone on each side, in modules (the standard asks for 4). */
const QUIET = 4;

interface QrModules {
  size: number;
  data: ArrayLike<number>;
}

/**
 * The few last codes, by text: the footer of every page asks for the symbol's size and the
 * document draws it once, so without this one document of n pages encoded its code n + 1
 * times (about 1 ms each: most of a 200-line invoice's footer time). The documents of one
 * shipment share one verify URL too.
 */
const cache = new Map<string, QrModules & { content?: string }>();
const CACHED = 16;

/** The dark/light module matrix (row-major, top row first) for a text, error correction L. */
export function qrModules(text: string): QrModules {
  return cached(text);
}

function cached(text: string): QrModules & { content?: string } {
  let hit = cache.get(text);
  if (hit === undefined) {
    const qr = QRCode.create(qrText(text), { errorCorrectionLevel: "L" }) as {
      modules: QrModules;
    };
    hit = { size: qr.modules.size, data: qr.modules.data };
    if (cache.size >= CACHED) cache.delete(cache.keys().next().value!);
    cache.set(text, hit);
  }
  return hit;
}

/** What the code encodes: the verify URL with its trailing SHA-256 in capitals. */
export function qrText(verifyUrl: string): string {
  return verifyUrl.replace(/\/([0-9a-f]{64})$/, (_, hash: string) => `/${hash.toUpperCase()}`);
}

/** Modules across the whole square: the symbol and its quiet zone on both sides. */
export function qrSquareModules(text: string): number {
  return qrModules(text).size + 2 * QUIET;
}

export const QR_QUIET_MODULES = QUIET;

/**
 * Content stream of the QR form XObject, drawn in a 1 × 1 unit square: a white background
 * (the quiet zone must stay light whatever is behind it) and the dark modules.
 */
export function qrContent(text: string): string {
  const code = cached(text);
  if (code.content !== undefined) return code.content;
  const { size, data } = code;
  const total = size + 2 * QUIET;
  const ops = [`${1 / total} 0 0 ${1 / total} 0 0 cm`, "1 g", `0 0 ${total} ${total} re f`, "0 g"];
  for (let row = 0; row < size; row++) {
    const y = total - QUIET - row - 1;
    let col = 0;
    while (col < size) {
      if (!data[row * size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col++;
      ops.push(`${start + QUIET} ${y} ${col - start} 1 re`);
    }
  }
  ops.push("f");
  code.content = ops.join("\n");
  return code.content;
}
