import { arrayLiteral } from "../../shared/platform/db/postgres.ts";
import { equal } from "../support/assert.ts";
import { testDb, testDbKind } from "../support/db.ts";
import { serviceTest } from "../support/service.ts";

serviceTest(`array parameters arrive intact (${testDbKind()})`, async (t) => {
  const db = await testDb();
  const values = ["a", 'b"c', "d\\e", "{x,y}", "NULL", "", null, "ü ñ", "a,b"];

  await t.step("an array literal round-trips every awkward element", async () => {
    const [row] = await db.query<{ j: unknown }>("select array_to_json($1::text[]) as j", [
      arrayLiteral(values),
    ]);
    equal(JSON.stringify(row!.j), JSON.stringify(values));
  });

  await t.step(
    "a JS array parameter works on the first query of the run's connections",
    async () => {
      const codes = Array.from({ length: 300 }, (_, i) => String(i).padStart(6, "0"));
      const rows = await Promise.all(
        Array.from(
          { length: 10 },
          () =>
            db.query<{ n: number }>("select count(*)::int as n from unnest($1::text[])", [codes]),
        ),
      );
      for (const [row] of rows) {
        equal(row!.n, 300);
      }
    },
  );
});
