/**
 * A fax, simulated: the page rendered at 100 dpi in gray (pdftoppm), turned by a slight angle
 * (bilinear resampling about the centre, white outside the page), then cut to 1 bit at mid
 * gray, as a fax machine's scanner and its black-and-white coding do. Written as a PNG that
 * zbarimg reads.
 */
import { encode } from "fast-png";
import { run } from "../pdf/tools.ts";

export interface FaxOptions {
  dpi?: number;
  /** Degrees, clockwise. */
  rotation?: number;
  /** Gray level (0–255) below which a pixel prints black. */
  threshold?: number;
}

export async function faxPage(
  pdfPath: string,
  page: number,
  options: FaxOptions = {},
): Promise<string> {
  const dpi = options.dpi ?? 100;
  const base = `${pdfPath}-fax-p${page}-${dpi}`;
  await run("pdftoppm", [
    "-r",
    String(dpi),
    "-gray",
    "-f",
    String(page),
    "-l",
    String(page),
    "-singlefile",
    pdfPath,
    base,
  ]);
  const gray = readPgm(await Deno.readFile(`${base}.pgm`));
  const turned = rotate(gray, options.rotation ?? 1.5);
  const threshold = options.threshold ?? 128;
  const bits = new Uint8Array(turned.data.length);
  for (let i = 0; i < bits.length; i++) bits[i] = turned.data[i]! < threshold ? 0 : 255;
  const png = `${base}-fax.png`;
  await Deno.writeFile(
    png,
    encode({ width: turned.width, height: turned.height, data: bits, channels: 1, depth: 8 }),
  );
  return png;
}

interface Gray {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A binary PGM (P5, 8-bit), as pdftoppm -gray writes it. */
function readPgm(bytes: Uint8Array): Gray {
  const header: string[] = [];
  let at = 0;
  while (header.length < 4) {
    while (/\s/.test(String.fromCharCode(bytes[at]!))) at++;
    if (bytes[at] === 0x23) {
      while (bytes[at] !== 0x0a) at++;
      continue;
    }
    let token = "";
    while (!/\s/.test(String.fromCharCode(bytes[at]!))) token += String.fromCharCode(bytes[at++]!);
    header.push(token);
  }
  at++;
  const [magic, w, h, max] = header;
  if (magic !== "P5" || max !== "255") throw new Error(`not an 8-bit binary PGM: ${header}`);
  const width = Number(w);
  const height = Number(h);
  return { width, height, data: bytes.subarray(at, at + width * height) };
}

function rotate(image: Gray, degrees: number): Gray {
  const { width, height, data } = image;
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  const out = new Uint8Array(width * height);
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= width || y >= height ? 255 : data[y * width + x]!;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // The source point that lands on (x, y).
      const sx = cos * (x - cx) + sin * (y - cy) + cx;
      const sy = -sin * (x - cx) + cos * (y - cy) + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
      const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
      out[y * width + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width, height, data: out };
}
