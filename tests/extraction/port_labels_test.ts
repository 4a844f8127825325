/**
 * Port labels as exporters set them: broken over the lines of a narrow grid cell, none of which
 * is a label alone; clipped by the value beside them; vague ("From:", "Final destination")
 * where the document prints the route's other end under a port label proper; values with their
 * country on the same line or the next.
 */
import { equal } from "../support/assert.ts";
import { findFields } from "../../shared/extraction/fields/finder.ts";
import { fileLookups } from "../../shared/extraction/fields/reference_files.ts";
import type { TextDocument, Word } from "../../shared/extraction/layout.ts";
import { onePage, row, words } from "../support/placed_words.ts";

function page(lines: Word[]): TextDocument {
  return onePage([...words(40, 40, "Commercial Invoice"), ...lines]);
}

Deno.test("a port label wrapped over two lines of a grid cell gives the value under it", async () => {
  const result = await findFields(
    page([
      ...row(100, [[40, "Port"], [140, "Port"], [260, "Currency"]]),
      ...row(112, [[40, "wysyłki"], [140, "rozładunku"], [260, "US Dollars"]]),
      ...row(124, [[40, "PLGDY - Gdynia"], [140, "LISBOA"]]),
    ]),
    await fileLookups(),
  );
  equal(result.route?.port_of_loading?.value, "PLGDY");
  equal(result.route?.port_of_discharge?.value, "LISBOA");
});

Deno.test("a wrapped label's first line is not the value of the label left of it", async () => {
  const result = await findFields(
    page([
      ...row(100, [[40, "Laadhaven"], [140, "Haven van"], [260, "Land van oorsprong"]]),
      ...row(112, [[40, "Amsterdam"], [140, "bestemming"], [260, "NETHERLANDS"]]),
      ...row(124, [[140, "Basel"]]),
    ]),
    await fileLookups(),
  );
  equal(result.route?.port_of_loading?.value, "Amsterdam");
  equal(result.route?.port_of_discharge?.value, "Basel");
});

Deno.test("a value beside a wrapped label, on its first line or between its lines", async () => {
  const result = await findFields(
    page([
      ...words(40, 100, "Porto di partenza /"),
      ...words(175, 105, "La Spezia"),
      ...words(40, 110, "Loading at"),
      ...row(124, [[40, "Port of"], [175, "LE HAVRE"]]),
      ...words(40, 134, "destination"),
    ]),
    await fileLookups(),
  );
  equal(result.route?.port_of_loading?.value, "La Spezia");
  equal(result.route?.port_of_discharge?.value, "LE HAVRE");
});

Deno.test("a vague label names a port only where the route's other end is labelled", async () => {
  const both = await findFields(
    page([
      ...words(40, 100, "From: Busan"),
      ...words(40, 112, "Port of discharge: Barcelona, ESPAÑA"),
    ]),
    await fileLookups(),
  );
  equal(both.route?.port_of_loading?.value, "Busan");
  equal(both.route?.port_of_discharge?.value, "Barcelona");
  // Less sure than a port label proper.
  equal((both.route?.port_of_loading?.confidence ?? 1) < 0.9, true);
  const alone = await findFields(page([...words(40, 100, "From: Busan")]), await fileLookups());
  equal(alone.route?.port_of_loading, undefined);
});

Deno.test("a clipped label's remnant and a country are not the port's name", async () => {
  const result = await findFields(
    page([
      ...words(40, 100, "Porto di imbarco / Port of La Spezia"),
      ...words(40, 112, "Luogo di scarico / DischargCHBSL - Basel"),
    ]),
    await fileLookups(),
  );
  equal(result.route?.port_of_loading?.value, "La Spezia");
  equal(result.route?.port_of_discharge?.value, "CHBSL");
});

Deno.test("a country in capitals under the port is neither a code nor the port", async () => {
  const result = await findFields(
    page([
      ...words(40, 100, "起运港 / Loading port"),
      ...words(40, 112, "Qingdao,"),
      ...words(40, 124, "CHINA"),
      ...row(140, [[40, "Port of destination"], [175, "Felixstowe, UNITED"]]),
      ...words(175, 150, "KINGDOM"),
    ]),
    await fileLookups(),
  );
  equal(result.route?.port_of_loading?.value, "Qingdao");
  equal(result.route?.port_of_discharge?.value, "Felixstowe");
});
