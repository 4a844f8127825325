/**
 * Notes under a line item's description ("Origin: …", "HS code: …") are not part of the
 * description, and an HS code in one is the item's.
 */
import { assert, equal } from "../support/assert.ts";
import { noteOf } from "../../shared/extraction/fields/notes.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { SheetDocument } from "../../shared/extraction/layout.ts";

Deno.test("noteOf() knows a label-colon-value line, and an HS code as its value", () => {
  equal(JSON.stringify(noteOf("Country of origin: GERMANY")), "{}");
  equal(noteOf("HS code: 8482.10.90")?.hs, "8482.10.90");
  equal(noteOf("GTİP: 6109 10")?.hs, "6109 10");
  equal(JSON.stringify(noteOf("原产地：中国")), "{}");
  equal(noteOf("Ball bearings 6205-2RS"), null);
  equal(noteOf("24 V: power supply"), null);
});

Deno.test("noteOf() knows CJK references, and a CJK note whose colon a scan lost", () => {
  equal(JSON.stringify(noteOf("订单 53735")), "{}");
  equal(JSON.stringify(noteOf("批号12854")), "{}");
  equal(JSON.stringify(noteOf("ロット 48315")), "{}");
  equal(JSON.stringify(noteOf("原産国 JAPAN")), "{}");
  // Goods named in CJK run on as characters or a model, not a bare long number.
  equal(noteOf("电气连接器 2芯"), null);
  equal(noteOf("玉軸受 6205-2RS"), null);
  equal(noteOf("24V 开关电源"), null);
  // Capitals after CJK words that are no label are the goods' own.
  equal(noteOf("开关电源 USB"), null);
});

Deno.test("noteOf() reads a note behind a table rule read as a bar", () => {
  equal(noteOf("| Partida arancelaria: 848210")?.hs, "848210");
  equal(noteOf("| Steel frames"), null);
});

Deno.test("findFields() keeps notes out of descriptions and takes their HS codes", async () => {
  const doc: SheetDocument = {
    kind: "sheet",
    sheets: [{
      name: "Invoice",
      rows: [
        ["Seller", "Meble Kowalski Sp. z o.o."],
        [null, "ul. Długa 12"],
        [null, "80-863 Gdańsk"],
        [null, "POLAND"],
        [],
        ["Description", "Quantity", "Unit price", "Amount"],
        ["Wooden dining tables, oak\nHS code: 9403.60", 20, 250, 5000],
        ["Upholstered chairs with wooden frames\nCountry of origin: POLAND", 80, 62.5, 5000],
        [null, null, "Total", 10000],
      ],
    }],
  };
  const result = await findFields(doc, await fileLookups());
  const [tables, chairs] = result.goods.line_items;
  equal(tables?.description?.value, "Wooden dining tables, oak");
  equal(tables?.hs_code?.value, "9403.60");
  assert(tables!.hs_code!.confidence >= 0.9);
  equal(chairs?.description?.value, "Upholstered chairs with wooden frames");
  equal(chairs?.hs_code, undefined);
});
