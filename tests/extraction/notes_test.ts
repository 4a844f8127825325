/**
 * Notes under a line item's description ("Origin: …", "HS code: …") are not part of the
 * description, and an HS code in one is the item's. Nor is a reference alone on its line ("Lot
 * no. 12912", "Shipment 1 of 1"), wherever it stands among the rows.
 */
import { assert, assertEquals, equal } from "../support/assert.ts";
import { inlineNote, isReferenceText, noteOf } from "../../shared/extraction/fields/notes.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { SheetDocument } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";

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

Deno.test("isReferenceText() knows a reference or a shipment's count alone on a line", () => {
  for (const text of ["Order 40699", "Lot no. 12912", "注文 23265", "批号 26039", "Envío 1/1"]) {
    equal(isReferenceText(text), true, text);
  }
  equal(isReferenceText("Shipment 1 of 1"), true);
  for (const text of ["bearings 32208", "Canned tuna 120 g", "Size 42", "Electrical connectors"]) {
    equal(isReferenceText(text), false, text);
  }
});

Deno.test("a reference line among the rows joins no item's description", async () => {
  // Rows set from the middle: the reference stands between two items, nearer the one below.
  const doc = onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[40, "Description"], [300, "Quantity"], [380, "Unit price"], [480, "Amount"]]),
    ...words(40, 215, "Shipment 1 of 1"),
    ...row(227, [[40, "Men's cotton denim trousers"], [300, "361"], [380, "11.30"], [
      480,
      "4,079.30",
    ]]),
    ...words(40, 239, "注文 23265"),
    ...row(248, [[40, "Extra virgin olive oil"], [300, "1,850"], [380, "33.80"], [
      480,
      "62,530.00",
    ]]),
    ...words(40, 259, "Partia 25713"),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(
    result.goods.line_items.map((i) => i.description?.value).join("|"),
    "Men's cotton denim trousers|Extra virgin olive oil",
  );
});

Deno.test("a shipment's count over the rows makes no item and moves no quantity", async () => {
  const doc = onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[40, "Item"], [75, "Qty"], [120, "Description"], [340, "Price"], [
      420,
      "Amount",
    ]]),
    // Under the line numbers and the quantities, as wide as both.
    ...words(40, 212, "Envío 1/1"),
    ...row(224, [[40, "1"], [75, "8600"], [120, "Electrical connectors"], [340, "1.23"], [
      420,
      "10578.00",
    ]]),
    ...row(236, [[40, "2"], [75, "1750"], [120, "Skin care creams"], [340, "10.70"], [
      420,
      "18725.00",
    ]]),
  ]);
  const result = await findFields(doc, await fileLookups());
  equal(
    result.goods.line_items.map((i) => `${i.quantity?.value} ${i.description?.value}`).join("|"),
    "8600 Electrical connectors|1750 Skin care creams",
  );
});

Deno.test("a note the description's cell ends with is cut off; its HS code is the item's", () => {
  assertEquals(inlineNote("Anchor bolts 12 x 100 Origin: China"), {
    text: "Anchor bolts 12 x 100",
  });
  assertEquals(inlineNote("Washers 10.5 mm, zinc plated HS 7318.22"), {
    text: "Washers 10.5 mm, zinc plated",
    hs: "7318.22",
  });
  assertEquals(inlineNote("Toallas de baño 70 x 140 cm País de origen: Portugal"), {
    text: "Toallas de baño 70 x 140 cm",
  });
  // Words before a colon the vocabulary does not know as a label stay the goods'.
  assertEquals(inlineNote("Cable ties, colour: black"), null);
  assertEquals(inlineNote("Steel pipe 1:2 taper"), null);
  assertEquals(inlineNote("Origin: China"), null);
});
