/**
 * A PDF without a text layer, as page rasters: every page's images are found by following its
 * content stream (and the forms it draws) with their transformation matrices, every image's
 * size and codec checked before any is decoded, then each page is drawn, one at a time, on a
 * grey canvas at the resolution of its largest image. Drawing through the matrices handles a
 * scan split in strips, placed rotated, or a page with /Rotate, the way a viewer shows it.
 */
import { throwIfCancelled } from "./cancel.ts";
import { blankImage, type GrayImage } from "./gray.ts";
import { OCR_LIMITS, refuse } from "./limits.ts";
import { findXObjectDraws, IDENTITY, type Matrix, multiply } from "./pdf_content.ts";
import { decodeGeneric } from "./pdf_filters.ts";
import { decodeImage, planImage, type PlannedImage } from "./pdf_image.ts";
import {
  nameOf,
  numberOf,
  openScannedPdf,
  pageNodes,
  type PdfDict,
  type PdfFile,
  type PdfPageNode,
  PdfStream,
  readable,
  streamOf,
} from "./pdf_document.ts";
import { concatBytes } from "../../platform/util/bytes.ts";

/** Page sides up to 200 in: PDF's own limit without UserUnit. */
const MAX_PAGE_POINTS = 14_400;
const MIN_DPI = 100;
const MAX_DPI = 600;

export interface PdfPageRaster {
  image: GrayImage;
  dpi: number;
  /** The page as displayed (after /Rotate), in points. */
  width: number;
  height: number;
}

interface Placement {
  image: PlannedImage;
  ctm: Matrix;
}

interface PlannedPage {
  width: number;
  height: number;
  /** Default user space to displayed points, top-left origin. */
  view: Matrix;
  placements: Placement[];
}

export interface PdfPlan {
  file: PdfFile;
  pages: PlannedPage[];
}

/** Loads the PDF and checks every page's images (size, codec, colour) before any is decoded. */
// deno-lint-ignore require-await -- async is the contract callers await (it was pdf-lib's load)
export async function planPdf(bytes: Uint8Array): Promise<PdfPlan> {
  const file = openScannedPdf(bytes);
  const nodes = readable("The PDF's page tree", () => pageNodes(file));
  const count = nodes.length;
  if (count === 0) refuse("The PDF has no pages");
  if (count > OCR_LIMITS.maxPages) {
    refuse(`The PDF has ${count} pages; OCR reads at most ${OCR_LIMITS.maxPages}`);
  }
  const pages = nodes.map((node, i) =>
    readable(`Page ${i + 1} of the PDF`, () => planPage(file, node, i + 1))
  );
  if (pages.every((p) => p.placements.length === 0)) {
    refuse("The PDF has neither a text layer nor page images to read");
  }
  return { file, pages };
}

/** Draws the planned pages one at a time (each page's pixels are dropped before the next). */
export function* rasterizePdf(plan: PdfPlan): Generator<PdfPageRaster> {
  for (const [i, page] of plan.pages.entries()) {
    yield readable(`Page ${i + 1} of the PDF`, () => drawPage(plan.file, page));
  }
}

/** The crop box (else the media box, else US Letter) as x, y, width, height. */
function cropBox(file: PdfFile, page: PdfPageNode) {
  const read = (key: string) => {
    const box = file.array(page.inherited.get(key));
    const v = box?.map((n) => numberOf(file, n));
    return v && v.length === 4 && v.every((n) => n !== undefined) ? v as number[] : undefined;
  };
  const [x1, y1, x2, y2] = read("CropBox") ?? read("MediaBox") ?? [0, 0, 612, 792];
  return {
    x: Math.min(x1!, x2!),
    y: Math.min(y1!, y2!),
    width: Math.abs(x2! - x1!),
    height: Math.abs(y2! - y1!),
  };
}

function planPage(file: PdfFile, page: PdfPageNode, number: number): PlannedPage {
  const what = `Page ${number} of the PDF`;
  const box = cropBox(file, page);
  if (
    !(box.width > 0 && box.height > 0) || box.width > MAX_PAGE_POINTS ||
    box.height > MAX_PAGE_POINTS
  ) {
    refuse(`${what} has an impossible size (${box.width} × ${box.height} points)`);
  }
  const angle = numberOf(file, page.inherited.get("Rotate")) ?? 0;
  const rotation = (((angle % 360) + 360) % 360) / 90;
  const turns = Number.isInteger(rotation) ? rotation : 0;
  const flip: Matrix = [1, 0, 0, -1, -box.x, box.y + box.height];
  const W = box.width;
  const H = box.height;
  const turn: Matrix = [
    IDENTITY,
    [0, 1, -1, 0, H, 0] as Matrix,
    [-1, 0, 0, -1, W, H] as Matrix,
    [0, -1, 1, 0, 0, W] as Matrix,
  ][turns]!;
  const content = pageContent(file, page, what);
  const placements: Placement[] = [];
  const resources = file.dict(page.inherited.get("Resources"));
  collectImages(file, content, resources, IDENTITY, placements, 0, what);
  return {
    width: turns % 2 === 1 ? H : W,
    height: turns % 2 === 1 ? W : H,
    view: multiply(flip, turn),
    placements,
  };
}

function pageContent(file: PdfFile, page: PdfPageNode, what: string): Uint8Array {
  const contents = file.resolve(page.dict.get("Contents"));
  const streams = Array.isArray(contents) ? contents.map((c) => file.resolve(c)) : [contents];
  const parts: Uint8Array[] = [];
  let total = 0;
  for (const stream of streams) {
    if (!(stream instanceof PdfStream)) continue;
    const part = decodeGeneric(file, stream, OCR_LIMITS.maxContentStreamBytes, `${what}'s content`);
    total += part.length + 1;
    if (total > OCR_LIMITS.maxContentStreamBytes) refuse(`${what}'s content is too large`);
    parts.push(part, new Uint8Array([10]));
  }
  return concatBytes(parts);
}

function collectImages(
  file: PdfFile,
  content: Uint8Array,
  resources: PdfDict | undefined,
  start: Matrix,
  placements: Placement[],
  depth: number,
  what: string,
): void {
  const xobjects = file.dict(resources?.get("XObject"));
  if (!xobjects) return;
  for (const draw of findXObjectDraws(content, start)) {
    const xobject = streamOf(file, xobjects.get(draw.name));
    if (!xobject) continue;
    const subtype = nameOf(file, xobject.dict.get("Subtype"));
    if (subtype === "Image") {
      if (placements.length >= OCR_LIMITS.maxImagesPerPdfPage) {
        refuse(`${what} draws more than ${OCR_LIMITS.maxImagesPerPdfPage} images`);
      }
      const image = planImage(file, xobject, resources, `An image on ${what.toLowerCase()}`);
      placements.push({ image, ctm: draw.ctm });
    } else if (subtype === "Form") {
      if (depth >= OCR_LIMITS.maxFormDepth) refuse(`${what} nests forms too deeply`);
      const inner = decodeGeneric(
        file,
        xobject,
        OCR_LIMITS.maxContentStreamBytes,
        `${what}'s form content`,
      );
      const own = file.dict(xobject.dict.get("Resources"));
      collectImages(
        file,
        inner,
        own ?? resources,
        multiply(formMatrix(file, xobject.dict), draw.ctm),
        placements,
        depth + 1,
        what,
      );
    }
  }
}

function formMatrix(file: PdfFile, dict: PdfDict): Matrix {
  const m = file.array(dict.get("Matrix"));
  if (!m || m.length !== 6) return IDENTITY;
  return m.map((v) => numberOf(file, v) ?? 0) as Matrix;
}

/** How many image pixels per inch of the page a placement has along its shorter scale. */
function effectiveDpi(p: Placement): number {
  const [a, b, c, d] = p.ctm;
  const across = Math.hypot(a, b) / 72;
  const down = Math.hypot(c, d) / 72;
  if (across === 0 || down === 0) return 0;
  return Math.min(p.image.width / across, p.image.height / down);
}

function coverage(p: Placement, page: PlannedPage): number {
  const [a, b, c, d] = p.ctm;
  return Math.abs(a * d - b * c) / (page.width * page.height);
}

function drawPage(file: PdfFile, page: PlannedPage): PdfPageRaster {
  const main = page.placements.filter((p) => coverage(p, page) >= 0.05);
  let dpi = main.length > 0 ? Math.max(...main.map(effectiveDpi)) : 300;
  dpi = Math.min(MAX_DPI, Math.max(MIN_DPI, dpi));
  const maxDpi = 72 * Math.sqrt(OCR_LIMITS.maxPagePixels / (page.width * page.height));
  dpi = Math.min(dpi, maxDpi);
  const s = dpi / 72;
  const canvas = blankImage(
    Math.max(1, Math.round(page.width * s)),
    Math.max(1, Math.round(page.height * s)),
  );
  for (const placement of page.placements) {
    throwIfCancelled();
    const gray = decodeImage(file, placement.image);
    drawImage(canvas, gray, multiply(placement.ctm, page.view), s, placement.image.mask);
  }
  return { image: canvas, dpi, width: page.width, height: page.height };
}

/**
 * Draws `image` (the unit square of its space, row 0 at the top) through matrix `m` (to
 * displayed points) times `s` (canvas pixels per point), sampling the nearest image pixel of
 * each canvas pixel's centre. A mask only paints its ink.
 */
function drawImage(canvas: GrayImage, image: GrayImage, m: Matrix, s: number, mask: boolean) {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  if (Math.abs(det) < 1e-9) return;
  const corners = [[0, 0], [1, 0], [0, 1], [1, 1]].map(([u, v]) => [
    (a * u! + c * v! + e) * s,
    (b * u! + d * v! + f) * s,
  ]);
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[0]!))));
  const x1 = Math.min(canvas.width, Math.ceil(Math.max(...corners.map((p) => p[0]!))));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[1]!))));
  const y1 = Math.min(canvas.height, Math.ceil(Math.max(...corners.map((p) => p[1]!))));
  const { width: w, height: h, data } = image;
  for (let y = y0; y < y1; y++) {
    const Y = (y + 0.5) / s - f;
    for (let x = x0; x < x1; x++) {
      const X = (x + 0.5) / s - e;
      const u = (d * X - c * Y) / det;
      const v = (a * Y - b * X) / det;
      if (u < 0 || u >= 1 || v <= 0 || v > 1) continue;
      const col = Math.floor(u * w);
      const row = Math.floor((1 - v) * h);
      const value = data[row * w + col]!;
      if (mask && value !== 0) continue;
      canvas.data[y * canvas.width + x] = value;
    }
  }
}
