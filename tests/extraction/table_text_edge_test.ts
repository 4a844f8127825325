/**
 * A description column whose header is centred over a wide cell starts where its text starts,
 * line after line: a number or a small word of the text left of the header ("1.1 kW", "for CPW
 * series") stays in the description; a marks column's text before it stays its own.
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { Word } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";

async function descriptions(lines: Word[]): Promise<string> {
  const doc = onePage([...words(40, 40, "COMMERCIAL INVOICE"), ...lines]);
  const result = await findFields(doc, await fileLookups());
  return result.goods.line_items.map((i) => i.description?.value).join("|");
}

const numbers = (y: number, n: string, q: string, p: string, a: string) =>
  row(y, [[40, n], [400, q], [450, p], [510, a]]);

Deno.test("a centred description header: the text left of it is still the description's", async () => {
  const lines = [
    ...row(200, [[40, "Item"], [160, "Description of goods"], [400, "Qty"], [450, "Price"], [
      510,
      "Amount",
    ]]),
    ...words(70, 215, "Centrifugal pump CPW-65/200, close-coupled,"),
    ...numbers(225, "1", "12", "1,450.00", "17,400.00"),
    ...words(70, 235, "cast iron casing"),
    ...words(70, 255, "Submersible drainage pump SDP-40,"),
    ...numbers(265, "2", "30", "385.50", "11,565.00"),
    ...words(70, 265, "1.1 kW, with 10 m cable"),
    ...words(70, 285, "Mechanical seal kit"),
    ...numbers(295, "3", "40", "62.00", "2,480.00"),
    ...words(70, 305, "for CPW series"),
  ];
  equal(
    await descriptions(lines),
    "Centrifugal pump CPW-65/200, close-coupled, cast iron casing|" +
      "Submersible drainage pump SDP-40, 1.1 kW, with 10 m cable|" +
      "Mechanical seal kit for CPW series",
  );
});

Deno.test("text starting inside the column before the description stays that column's", async () => {
  const lines = [
    ...row(200, [[40, "Marks"], [160, "Description of goods"], [400, "Qty"], [450, "Price"], [
      510,
      "Amount",
    ]]),
    ...row(215, [[40, "CN-1"], [110, "Steel frames, 2 m"]]),
    ...numbers(215, "", "12", "10.00", "120.00"),
    ...row(230, [[40, "CN-2"], [110, "Oak tables"]]),
    ...numbers(230, "", "5", "60.00", "300.00"),
    ...row(245, [[40, "CN-3"], [110, "Oak chairs"]]),
    ...numbers(245, "", "20", "30.00", "600.00"),
  ].filter((w) => w.text !== "");
  equal(await descriptions(lines), "Steel frames, 2 m|Oak tables|Oak chairs");
});

Deno.test("a description parted from a word by its place alone is not sure", async () => {
  // One line of text: no edge to tell where the goods' text starts, and "1.1" stands near
  // the line numbers.
  const doc = onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[40, "Item"], [160, "Description of goods"], [400, "Qty"], [450, "Price"], [
      510,
      "Amount",
    ]]),
    ...row(215, [[40, "1"], [70, "1.1 kW drainage pump"]]),
    ...numbers(215, "", "30", "385.50", "11,565.00").filter((w) => w.text !== ""),
  ]);
  const [item] = (await findFields(doc, await fileLookups())).goods.line_items;
  equal(item?.quantity?.value, 30);
  equal(item!.description!.confidence < 0.9, true);
});

Deno.test("a description parted from an HS code stays sure", async () => {
  const text = "Glazed ceramic floor and wall tiles, matt";
  const lines = onePage([
    ...words(40, 40, "COMMERCIAL INVOICE"),
    ...row(200, [[40, "Item"], [100, "Description"], [300, "HS code"], [400, "Qty"], [
      450,
      "Price",
    ], [510, "Amount"]]),
    // The code run into the text's phrase (a gap narrower than a segment's).
    ...row(215, [[40, "1"], [100, text], [
      100 + 5 * text.replaceAll(" ", "").length + 21,
      "6907.22.00",
    ]]),
    ...numbers(215, "", "30", "10.00", "300.00").filter((w) => w.text !== ""),
  ]);
  const [item] = (await findFields(lines, await fileLookups())).goods.line_items;
  equal(item?.description?.value, text);
  equal(item?.hs_code?.value, "6907.22.00");
  equal(item!.description!.confidence >= 0.9, true);
});

Deno.test("a word near the line numbers is no line number", async () => {
  const lines = [
    ...row(200, [[35, "No."], [160, "Description of goods"], [400, "Qty"], [450, "Price"], [
      510,
      "Amount",
    ]]),
    ...row(215, [[35, "1"], [55, "Hex bolts M10 x 50"]]),
    ...numbers(215, "", "300", "0.50", "150.00").filter((w) => w.text !== ""),
  ];
  equal(await descriptions(lines), "Hex bolts M10 x 50");
});
