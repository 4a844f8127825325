/**
 * An sRGB ICC profile (version 2.1, display class, matrix/TRC), built in code so no third-party
 * profile file (and licence) ships with the service. The colorants are the sRGB primaries
 * (IEC 61966-2-1) chromatically adapted to the D50 PCS with the Bradford transform, as in the
 * common sRGB profiles; the tone curve is the sRGB piecewise function sampled at 1024 points.
 * It is the PDF/A output intent's DestOutputProfile.
 */

export const SRGB_DESCRIPTION = "sRGB IEC61966-2.1";

/** sRGB red, green and blue in the D50 PCS (Bradford adapted), and the D50 white. */
const RED: Xyz = [0.436066, 0.222488, 0.013916];
const GREEN: Xyz = [0.385147, 0.716873, 0.097076];
const BLUE: Xyz = [0.143066, 0.060608, 0.714096];
const D50: Xyz = [0.9642, 1.0, 0.8249];
const CURVE_POINTS = 1024;

type Xyz = [number, number, number];

let profile: Uint8Array | undefined;

/** The profile's bytes (built once per process). */
export function srgbProfile(): Uint8Array {
  profile ??= buildProfile();
  return profile;
}

function buildProfile(): Uint8Array {
  const curve = curveTag();
  const tags: [string, Uint8Array][] = [
    ["desc", descTag(SRGB_DESCRIPTION)],
    ["cprt", textTag("No copyright, use freely")],
    ["wtpt", xyzTag(D50)],
    ["rXYZ", xyzTag(RED)],
    ["gXYZ", xyzTag(GREEN)],
    ["bXYZ", xyzTag(BLUE)],
    ["rTRC", curve],
    ["gTRC", curve],
    ["bTRC", curve],
  ];
  const tableSize = 4 + tags.length * 12;
  // The three curves share one copy of the data, as ICC allows.
  const offsets = new Map<Uint8Array, number>();
  let at = 128 + tableSize;
  for (const [, data] of tags) {
    if (offsets.has(data)) continue;
    offsets.set(data, at);
    at += align4(data.length);
  }
  const out = new Uint8Array(at);
  const view = new DataView(out.buffer);
  view.setUint32(0, at);
  view.setUint32(8, 0x02100000); // version 2.1.0
  ascii(out, 12, "mntr");
  ascii(out, 16, "RGB ");
  ascii(out, 20, "XYZ ");
  // Creation date: fixed, so the profile (and every flattened file) is the same each time.
  [2026, 1, 1, 0, 0, 0].forEach((v, i) => view.setUint16(24 + i * 2, v));
  ascii(out, 36, "acsp");
  view.setUint32(64, 0); // perceptual rendering intent
  writeXyz(view, 68, D50);
  view.setUint32(128, tags.length);
  tags.forEach(([sig, data], i) => {
    const entry = 132 + i * 12;
    ascii(out, entry, sig);
    view.setUint32(entry + 4, offsets.get(data)!);
    view.setUint32(entry + 8, data.length);
  });
  for (const [data, offset] of offsets) out.set(data, offset);
  return out;
}

function align4(n: number): number {
  return (n + 3) & ~3;
}

function ascii(out: Uint8Array, at: number, s: string): void {
  for (let i = 0; i < s.length; i++) out[at + i] = s.charCodeAt(i);
}

/** s15Fixed16Number: signed 16.16 fixed point. */
function writeXyz(view: DataView, at: number, xyz: Xyz): void {
  xyz.forEach((v, i) => view.setInt32(at + i * 4, Math.round(v * 65536)));
}

function xyzTag(xyz: Xyz): Uint8Array {
  const out = new Uint8Array(20);
  ascii(out, 0, "XYZ ");
  writeXyz(new DataView(out.buffer), 8, xyz);
  return out;
}

function textTag(text: string): Uint8Array {
  const out = new Uint8Array(8 + text.length + 1);
  ascii(out, 0, "text");
  ascii(out, 8, text);
  return out;
}

/** textDescriptionType (ICC v2): ASCII, then empty Unicode and ScriptCode descriptions. */
function descTag(text: string): Uint8Array {
  const asciiLength = text.length + 1;
  const out = new Uint8Array(12 + asciiLength + 8 + 3 + 67);
  const view = new DataView(out.buffer);
  ascii(out, 0, "desc");
  view.setUint32(8, asciiLength);
  ascii(out, 12, text);
  // Unicode language code and count (0), ScriptCode code (0) and count (0), 67 bytes of filler.
  return out;
}

function curveTag(): Uint8Array {
  const out = new Uint8Array(12 + CURVE_POINTS * 2);
  const view = new DataView(out.buffer);
  ascii(out, 0, "curv");
  view.setUint32(8, CURVE_POINTS);
  for (let i = 0; i < CURVE_POINTS; i++) {
    const v = i / (CURVE_POINTS - 1);
    const linear = v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    view.setUint16(12 + i * 2, Math.round(linear * 65535));
  }
  return out;
}
