import { loadFonts } from "../pdf/font.ts";
import type { FlattenInput, FlattenProvider } from "./provider.ts";
import { flattenToPdfA } from "./flatten.ts";

/** The offline flattener (flatten.ts), in process. */
export class BuiltInFlattener implements FlattenProvider {
  readonly name = "builtin";

  async flatten(input: FlattenInput): Promise<Uint8Array> {
    return await flattenToPdfA(input.pdf, {
      ...(input.title ? { title: input.title } : {}),
      ...(input.hashStamp ? { hashStamp: input.hashStamp } : {}),
      ...(input.docType ? { docLabel: input.docType } : {}),
    }, await loadFonts());
  }
}
