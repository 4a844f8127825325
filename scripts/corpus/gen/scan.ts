/**
 * ImageMagick 6 pipelines that turn a rasterised page of a generated PDF into a scan or a phone
 * photo, with the marks real paper collects: a rubber stamp, a signature, handwritten ticks and
 * a margin note. Marks go into the page margins and the signature band the HTML keeps free
 * (40 mm at the bottom), so they obscure no expected value, as on most real documents.
 */
import type { Rng } from "./rng.ts";
import { onDesk } from "../photo.ts";
import { run } from "../tools.ts";

export type ScanFormat = "scan_300" | "scan_200_noisy" | "image_pdf" | "photo_jpeg" | "tiff";

export interface ScanPlan {
  format: ScanFormat;
  dpi: number;
  /** Output of one page: "png", "jpg" or "tif". */
  pageExt: "png" | "jpg" | "tif";
  skew: number;
  stamp: boolean;
  handwriting: boolean;
  seed: number;
  notes: string[];
}

export function scanPlan(format: ScanFormat, rng: Rng): ScanPlan {
  const dpi = format === "scan_200_noisy"
    ? 200
    : format === "image_pdf"
    ? rng.pick([200, 300])
    : 300;
  const pageExt = format === "tiff"
    ? "tif"
    : format === "photo_jpeg" || format === "image_pdf"
    ? "jpg"
    : rng.pick(["png", "jpg"] as const);
  const maxSkew = format === "scan_200_noisy" ? 1.6 : format === "photo_jpeg" ? 3 : 0.8;
  const skew = Math.round((rng.next() * 2 - 1) * maxSkew * 10) / 10;
  return {
    format,
    dpi,
    pageExt,
    skew,
    stamp: rng.chance(0.5),
    handwriting: rng.chance(0.5),
    seed: rng.int(1, 1_000_000),
    notes: [],
  };
}

function marks(plan: ScanPlan, w: number, h: number, rng: Rng): string[] {
  const out: string[] = [];
  if (plan.stamp) {
    const cx = Math.round(w * (0.62 + rng.next() * 0.2));
    const cy = Math.round(h * (0.9 + rng.next() * 0.04));
    const r = Math.round(w * 0.06);
    const angle = rng.int(-25, 25);
    const word = rng.pick(["ORIGINAL", "PAID", "COPY", "RECEIVED", "VERIFIED"]);
    out.push(
      "-fill",
      "none",
      "-stroke",
      "gray45",
      "-strokewidth",
      String(Math.round(w / 400)),
      "-draw",
      `circle ${cx},${cy} ${cx + r},${cy}`,
      "-draw",
      `circle ${cx},${cy} ${cx + Math.round(r * 0.8)},${cy}`,
      "-stroke",
      "none",
      "-fill",
      "gray45",
      "-font",
      "DejaVu-Sans-Bold",
      "-pointsize",
      String(Math.round(r / 3.2)),
      "-gravity",
      "northwest",
      "-annotate",
      `${angle}x${angle}+${cx - Math.round(r * 0.7)}+${cy + Math.round(r * 0.12)}`,
      word,
    );
    plan.notes.push(`stamp "${word}"`);
  }
  if (plan.handwriting) {
    const sw = String(Math.max(2, Math.round(w / 600)));
    const x0 = Math.round(w * (0.1 + rng.next() * 0.3));
    const y0 = Math.round(h * (0.92 + rng.next() * 0.03));
    const pts = Array.from(
      { length: 7 },
      (_, i) =>
        `${x0 + i * Math.round(w * 0.03)},${y0 + Math.round((rng.next() - 0.5) * h * 0.025)}`,
    );
    const tickX = Math.round(w * (0.015 + rng.next() * 0.02));
    const tickY = Math.round(h * (0.35 + rng.next() * 0.3));
    const t = Math.round(w * 0.012);
    out.push(
      "-fill",
      "none",
      "-stroke",
      "gray20",
      "-strokewidth",
      sw,
      "-draw",
      `bezier ${pts.join(" ")}`,
      "-draw",
      `polyline ${tickX},${tickY} ${tickX + t},${tickY + t} ${tickX + 3 * t},${tickY - 2 * t}`,
      "-draw",
      `bezier ${Math.round(w * 0.7)},${Math.round(h * 0.02)} ${Math.round(w * 0.75)},${
        Math.round(h * 0.005)
      } ${Math.round(w * 0.8)},${Math.round(h * 0.035)} ${Math.round(w * 0.9)},${
        Math.round(h * 0.015)
      }`,
    );
    plan.notes.push("signature, tick and margin scribble");
  }
  return out;
}

const DENSITY = (dpi: number) => ["-units", "PixelsPerInch", "-density", String(dpi)];
/** A 16-level grey PNG: enough for text, a quarter of the bytes. */
const GREY_PNG = (dpi: number) => [
  "-depth",
  "4",
  "-define",
  "png:compression-level=9",
  ...DENSITY(dpi),
];

/** The `convert` argument lists that make one page image from a rasterised grey page. */
export function pageStages(plan: ScanPlan, input: string, output: string, rng: Rng): string[][] {
  const w = Math.round(8.27 * plan.dpi);
  const h = Math.round(11.69 * plan.dpi);
  const seed = ["-seed", String(plan.seed)];
  const rotate = ["-virtual-pixel", "white", "-distort", "SRT", String(plan.skew)];
  const base = [input, ...marks(plan, w, h, rng), ...rotate];
  switch (plan.format) {
    case "tiff":
      plan.notes.push("bilevel CCITT G4");
      return [[
        ...base,
        "-blur",
        "0x0.4",
        "-threshold",
        "60%",
        "-type",
        "bilevel",
        "-compress",
        "Group4",
        ...DENSITY(plan.dpi),
        output,
      ]];
    case "scan_300":
    case "image_pdf": {
      const paper = ["-blur", "0x0.35", "+level", "4%,96%"];
      if (plan.pageExt === "png") {
        return [[...base, ...paper, ...GREY_PNG(plan.dpi), output]];
      }
      return [[
        ...base,
        ...paper,
        "-quality",
        String(rng.int(60, 75)),
        ...DENSITY(plan.dpi),
        output,
      ]];
    }
    case "scan_200_noisy": {
      const degrade = [
        ...base,
        ...seed,
        "-attenuate",
        (0.6 + rng.next() * 0.5).toFixed(2),
        "+noise",
        "Gaussian",
        "-attenuate",
        "0.03",
        "+noise",
        "Impulse",
        "-blur",
        `0x${(0.5 + rng.next() * 0.4).toFixed(2)}`,
        "+level",
        "7%,93%",
      ];
      if (plan.pageExt === "png") {
        const stage = `${output}.stage.jpg`;
        return [
          [...degrade, "-quality", "50", stage],
          [stage, ...GREY_PNG(plan.dpi), output],
        ];
      }
      return [[...degrade, "-quality", String(rng.int(45, 60)), ...DENSITY(plan.dpi), output]];
    }
    case "photo_jpeg":
      return [photo(plan, base, output, seed, w, h, rng)];
  }
}

/** The page lying on a desk, shot from above at an angle: perspective, uneven light, blur. */
function photo(
  plan: ScanPlan,
  base: string[],
  output: string,
  seed: string[],
  pw: number,
  ph: number,
  rng: Rng,
): string[] {
  const W = Math.round(pw * 1.15);
  const H = Math.round(ph * 1.11);
  const ox = (W - pw) / 2;
  const oy = (H - ph) / 2;
  const jitter = () => Math.round((rng.next() - 0.5) * pw * 0.06);
  const src = [[ox, oy], [ox + pw, oy], [ox, oy + ph], [ox + pw, oy + ph]];
  const pairs = src.map(([x, y]) => `${x},${y} ${x! + jitter()},${y! + jitter()}`).join("  ");
  plan.notes.push("perspective, desk background, uneven light");
  return [
    ...base,
    ...onDesk({
      size: [W, H],
      background: rng.pick(["#5d4b3b", "#3b4a5d", "#6b6b6b"]),
      pairs,
      glow: {
        size: [W + 600, H + 400],
        dark: "#707070",
        crop: `+${rng.int(0, 600)}+${rng.int(0, 400)}`,
      },
    }),
    ...seed,
    "-attenuate",
    "0.3",
    "+noise",
    "Gaussian",
    "-blur",
    "0x1.1",
    "-resize",
    "85%",
    "-quality",
    "70",
    output,
  ];
}

/**
 * The scan of `pdf` as page images, in page order: rasterised at the plan's resolution into
 * `build` (`<name>-1.png`, …), each page then through the plan's stages (`<name>.p1.<ext>`, …).
 */
export async function scanPages(
  pdf: string,
  build: string,
  name: string,
  plan: ScanPlan,
  rng: Rng,
): Promise<string[]> {
  const prefix = `${build}/${name}`;
  await run("pdftoppm", ["-r", String(plan.dpi), "-gray", "-png", pdf, prefix]);
  const pages: string[] = [];
  for await (const e of Deno.readDir(build)) {
    if (e.name.startsWith(`${name}-`) && e.name.endsWith(".png")) pages.push(`${build}/${e.name}`);
  }
  pages.sort();
  const images: string[] = [];
  for (const [i, page] of pages.entries()) {
    const image = `${prefix}.p${i + 1}.${plan.pageExt}`;
    for (const stage of pageStages(plan, page, image, rng)) await run("convert", stage);
    images.push(image);
  }
  return images;
}
