/**
 * ImageMagick 6 (`convert`) pipelines that turn a rasterised PDF page into a scan or a phone
 * photo. Each returns the `convert` invocations (argument lists) to run in order.
 */
import type { Derived } from "./documents.ts";
import { onDesk } from "./photo.ts";

const DENSITY = (dpi: number) => ["-units", "PixelsPerInch", "-density", String(dpi)];

/** Rotation about the page centre that keeps the page size, filling corners with paper white. */
const skew = (deg: number) => ["-virtual-pixel", "white", "-distort", "SRT", String(deg)];

export function imageStages(
  d: Derived,
  input: string,
  output: string,
  seed: number,
  dpi: number,
): string[][] {
  const s = ["-seed", String(seed)];
  switch (d.format) {
    case "scan_300":
    case "tiff":
      return [scan300(d, input, output, dpi)];
    case "scan_200_noisy":
      return noisy200(d, input, output, s, dpi);
    case "photo_jpeg":
      return [photo(d, input, output, s, dpi)];
  }
}

function scan300(d: Derived, input: string, output: string, dpi: number): string[] {
  const base = [input, ...skew(d.skew), "-blur", "0x0.35"];
  if (output.endsWith(".tif") && (d.format === "tiff" || d.notes.includes("bilevel"))) {
    return [
      ...base,
      "-threshold",
      "62%",
      "-type",
      "bilevel",
      "-compress",
      "Group4",
      ...DENSITY(dpi),
      output,
    ];
  }
  const paper = ["+level", "4%,97%"];
  if (output.endsWith(".tif")) {
    return [...base, ...paper, "-depth", "8", "-compress", "LZW", ...DENSITY(dpi), output];
  }
  if (output.endsWith(".jpg")) {
    return [...base, ...paper, "-quality", "80", ...DENSITY(dpi), output];
  }
  return [
    ...base,
    ...paper,
    "-depth",
    "8",
    "-define",
    "png:compression-level=9",
    ...DENSITY(dpi),
    output,
  ];
}

function noisy200(
  d: Derived,
  input: string,
  output: string,
  seed: string[],
  dpi: number,
): string[][] {
  const degrade = [
    input,
    ...skew(d.skew),
    ...seed,
    "-attenuate",
    "0.9",
    "+noise",
    "Gaussian",
    "-attenuate",
    "0.04",
    "+noise",
    "Impulse",
    "-blur",
    "0x0.75",
    "+level",
    "7%,93%",
  ];
  if (output.endsWith(".jpg")) {
    const q = d.notes.includes("q50") ? "50" : d.notes.includes("q60") ? "60" : "55";
    return [[...degrade, "-quality", q, ...DENSITY(dpi), output]];
  }
  if (output.endsWith(".tif")) {
    return [[
      ...degrade,
      "-depth",
      "8",
      "-compress",
      "JPEG",
      "-quality",
      "60",
      ...DENSITY(dpi),
      output,
    ]];
  }
  // A PNG saved from a scanner that had already JPEG-compressed the image.
  const stage = `${output}.stage.jpg`;
  return [
    [...degrade, "-quality", "45", stage],
    [stage, "-depth", "8", "-define", "png:compression-level=9", ...DENSITY(dpi), output],
  ];
}

/** A sheet of paper photographed on a desk: tilt, perspective, uneven light, soft focus. */
function photo(d: Derived, input: string, output: string, seed: string[], dpi: number): string[] {
  const k = dpi / 200;
  const W = Math.round(1900 * k);
  const H = Math.round(2600 * k);
  // Page corners after the shot (top-left, top-right, bottom-left, bottom-right).
  const tilt = d.skew;
  const corners = tilt > 0
    ? [[150, 90], [1770, 150], [95, 2500], [1835, 2450]]
    : [[120, 160], [1790, 95], [175, 2460], [1850, 2530]];
  const pw = Math.round(1654 * k);
  const ph = Math.round(2339 * k);
  const ox = (W - pw) / 2;
  const oy = (H - ph) / 2;
  const src = [[ox, oy], [ox + pw, oy], [ox, oy + ph], [ox + pw, oy + ph]];
  const pairs = src.map(([x, y], i) =>
    `${x},${y} ${Math.round(corners[i]![0]! * k)},${Math.round(corners[i]![1]! * k)}`
  ).join("  ");
  const light = tilt > 0 ? "+0+0" : `+${Math.round(700 * k)}+${Math.round(500 * k)}`;
  return [
    input,
    ...onDesk({
      size: [W, H],
      background: "#5d4b3b",
      pairs,
      glow: {
        size: [W + Math.round(700 * k), H + Math.round(500 * k)],
        dark: "#6a6a6a",
        crop: light,
      },
    }),
    ...seed,
    "-attenuate",
    "0.35",
    "+noise",
    "Gaussian",
    "-blur",
    `0x${(1.1 * k).toFixed(2)}`,
    "+level",
    "6%,90%",
    "-resize",
    `${Math.round(1520 * k * 0.92)}x`,
    "-quality",
    "82",
    output,
  ];
}
