import { addMember } from "../../shared/admin/repo.ts";
import { sqlState } from "../../shared/platform/db/db.ts";
import { insertShipment } from "../../shared/shipments/repo.ts";
import { assertEquals } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest, testService } from "../support/service.ts";

/** Thrown to roll the transaction back once the assertions ran. */
class Rollback extends Error {}

serviceTest(
  `row level security keeps teams apart for REST clients (${testDbKind()})`,
  async (t) => {
    const svc = await testService();
    const a = await svc.newTeam();
    const b = await svc.newTeam();
    const userA = `user-${crypto.randomUUID()}`;
    await addMember(svc.db, a.teamId, userA);
    const data = { exporter: { name: "x" } };
    const base = { ref: "RLS", data, actor: "test", status: "created" as const };
    const mine = await insertShipment(svc.db, { ...base, teamId: a.teamId });
    const theirs = await insertShipment(svc.db, { ...base, teamId: b.teamId });

    /**
     * Runs queries as Supabase's `authenticated` role with the claims PostgREST would set, even
     * granted every privilege on the tables, then rolls back.
     */
    async function asUser<T>(claims: object, fn: (q: typeof svc.db.query) => Promise<T>) {
      let result: T | undefined;
      try {
        await svc.db.transaction(async (tx) => {
          await tx.query("grant all on shipments, teams to authenticated");
          await tx.query("set local role authenticated");
          await tx.query("select set_config('request.jwt.claims', $1, true)", [
            JSON.stringify(claims),
          ]);
          result = await fn(tx.query.bind(tx));
          throw new Rollback();
        });
      } catch (e) {
        if (!(e instanceof Rollback)) throw e;
      }
      return result as T;
    }

    await t.step("a member sees their team's shipments and not another team's", async () => {
      const ids = await asUser(
        { sub: userA, role: "authenticated" },
        (q) =>
          q<{ id: string }>("select id from shipments where id = any($1::uuid[])", [
            [mine.shipment_id, theirs.shipment_id],
          ]),
      );
      assertEquals(
        ids.map((r) => r.id),
        [mine.shipment_id],
      );
    });

    await t.step("a member cannot move a shipment into another team", async () => {
      const updated = await asUser({ sub: userA, role: "authenticated" }, async (q) => {
        try {
          return await q("update shipments set team_id = $1 where id = $2 returning id", [
            b.teamId,
            mine.shipment_id,
          ]);
        } catch (e) {
          return sqlState(e);
        }
      });
      assertEquals(updated, "42501");
    });

    await t.step("without claims nothing is visible", async () => {
      const rows = await asUser({}, (q) => q("select id from shipments"));
      assertEquals(rows, []);
    });
  },
);
