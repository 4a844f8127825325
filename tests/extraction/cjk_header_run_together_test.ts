/**
 * A Japanese packing list whose header cells sit so close that the text layer runs them
 * together: "番号" and "品目" (line number, goods) read as one word, and "数 量" (spaced over
 * its cell) runs into the unit's "単位". Each run of two CJK header words must still head two
 * columns, each over its own part, or the table is not found at all.
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { onePage, words } from "../support/placed_words.ts";

function itemRow(y: number, [seq, goods, quantity, code]: string[]): Word[] {
  return [
    ...words(40, y, seq!),
    ...words(56, y, goods!),
    ...words(250, y, quantity!),
    ...words(330, y, code!),
  ];
}

const DOC: TextDocument = onePage([
  ...words(40, 40, "パッキングリスト"),
  // "番号品目" as the text layer gives it: one word over both cells.
  ...words(40, 200, "番号品目"),
  ...words(250, 200, "数 量単位"),
  ...words(330, 200, "HS コード"),
  ...itemRow(220, ["1", "Men's cotton denim trousers", "1400prs", "6203.42"]),
  ...itemRow(240, ["2", "Upholstered chairs with wooden frames", "191pcs", "9401.6100"]),
  ...itemRow(260, ["3", "Tulip bulbs, dormant", "17950st.", "0601.10"]),
]);

Deno.test("findFields() reads a table whose CJK header words the text layer ran together", async () => {
  const items = (await findFields(DOC, await fileLookups())).goods.line_items;
  equal(
    items.map((i) => i.description?.value).join("|"),
    "Men's cotton denim trousers|Upholstered chairs with wooden frames|Tulip bulbs, dormant",
  );
  equal(items.map((i) => i.quantity?.value).join(","), "1400,191,17950");
  equal(items.map((i) => i.hs_code?.value).join(","), "6203.42,9401.6100,0601.10");
});
