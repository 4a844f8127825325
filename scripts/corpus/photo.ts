/**
 * The ImageMagick 6 arguments that lay a grey page on a desk and shoot it from an angle: paper
 * and ink tones, the page distorted by `pairs` ("x,y x',y'" for each corner) on a canvas of
 * `size`, and light falling off from one spot (a radial glow of `glow`, cropped at `crop`).
 * The callers add noise, blur and the output format.
 */
export interface DeskShot {
  size: [number, number];
  background: string;
  pairs: string;
  glow: { size: [number, number]; dark: string; crop: string };
}

export function onDesk(s: DeskShot): string[] {
  const [w, h] = s.size;
  return [
    "-colorspace",
    "sRGB",
    "+level-colors",
    "#34302c,#f2ede2",
    "-background",
    s.background,
    "-gravity",
    "center",
    "-extent",
    `${w}x${h}`,
    "-virtual-pixel",
    "background",
    "-distort",
    "Perspective",
    s.pairs,
    "(",
    "-size",
    `${s.glow.size[0]}x${s.glow.size[1]}`,
    `radial-gradient:#ffffff-${s.glow.dark}`,
    "-gravity",
    "northwest",
    "-crop",
    `${w}x${h}${s.glow.crop}`,
    "+repage",
    ")",
    "-compose",
    "Multiply",
    "-composite",
  ];
}
