import { isEuMember } from "../../shared/documents/pdf/templates/common.ts";
import { euMemberStates } from "../../shared/reference/country_groups.ts";
import { seedReferenceData } from "../../shared/reference/seed.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";
import { testDb, testDbKind } from "../support/db.ts";
import { serviceTest } from "../support/service.ts";

serviceTest(`reference data is loaded once and faithfully (${testDbKind()})`, async (t) => {
  const db = await testDb();

  await t.step("every file is loaded with the row counts of its source", async () => {
    const rows = await db.query<{ name: string; row_count: number }>(
      "select name, row_count from reference_datasets order by name",
    );
    assertEquals(Object.fromEntries(rows.map((r) => [r.name, r.row_count])), {
      countries: 249,
      currencies: 178,
      eu_member_states: 27,
      hs_codes: 6936,
      hs_sections: 21,
      hs_synonyms: 19552,
      tariff_us: 29807,
      unlocode: 116029,
      unlocode_functions: 11,
      unlocode_status: 14,
    });
  });

  await t.step("a second seed changes nothing", async () => {
    const report = await seedReferenceData(db);
    equal(report.loaded.length, 0);
    equal(report.unchanged.length, 10);
  });

  await t.step("known rows read back as published", async () => {
    const [hs] = await db.query(
      "select level, parent, section from hs_codes where code = '847130'",
    );
    assertEquals(hs, { level: 6, parent: "8471", section: "XVI" });
    const [coffee] = await db.query<{ description: string }>(
      "select description from hs_codes where code = '0901'",
    );
    equal(coffee!.description.startsWith("Coffee"), true);
    const [line] = await db.query(
      `select htsno, duty_rate, column2_rate from tariff_lines
        where country = 'US' and code = '8471300100'`,
    );
    assertEquals(line, { htsno: "8471.30.01.00", duty_rate: "Free", column2_rate: "35%" });
    const [inherited] = await db.query(
      "select duty_rate, duty_rate_effective from tariff_lines where code = '6109100012'",
    );
    assertEquals(inherited, { duty_rate: null, duty_rate_effective: "16.5%" });
    const ports = await db.query(
      "select locode, name, function from unlocodes where locode in ('DEHAM', 'CNSHA') order by 1",
    );
    assertEquals(ports, [
      { locode: "CNSHA", name: "Shanghai Hongqiao International Apt", function: "---4----" },
      { locode: "DEHAM", name: "Hamburg", function: "12345---" },
    ]);
    const [koeln] = await db.query("select name from unlocodes where locode = 'DECGN'");
    assertEquals(koeln, { name: "Köln" });
    const [jpy] = await db.query("select minor_units from currencies where code = 'JPY'");
    assertEquals(jpy, { minor_units: "0" });
  });

  await t.step(
    "the templates' EU members are the seeded ones, read from the same file",
    async () => {
      const rows = await db.query<{ code: string }>(
        "select code from eu_member_states order by code",
      );
      const members = [...euMemberStates()].sort();
      equal(members.length, 27);
      assertEquals(members, rows.map((r) => r.code));
      assert(isEuMember("de") && isEuMember("HR") && !isEuMember("GB") && !isEuMember("CH"));
    },
  );
});
