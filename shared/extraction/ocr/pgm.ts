import type { GrayImage } from "./gray.ts";
import { concatBytes } from "../../platform/util/bytes.ts";

/** Binary PGM (P5): the simplest grey format the engine's image reader takes as it is. */
export function encodePgm(image: GrayImage): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${image.width} ${image.height}\n255\n`);
  return concatBytes([header, image.data]);
}
