import type { Queryable } from "../../shared/platform/db/db.ts";
import { insertShipment } from "../../shared/shipments/repo.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest, testService } from "../support/service.ts";

interface Outcome {
  outcome: "ok" | "busy" | "limit" | "not_found";
  generation_count: number | null;
  max_generations: number | null;
  generation_history_id: string | null;
}

function recordGeneration(db: Queryable, teamId: string, shipmentId: string, hash = "abc") {
  return db.query<Outcome>(
    `select * from record_generation($1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb,
                                     $7::text::jsonb, $8)`,
    [teamId, shipmentId, ["COMMERCIAL_INVOICE"], hash, '{"a":1}', null, null, "test"],
  ).then((rows) => rows[0]!);
}

async function counts(db: Queryable, shipmentId: string) {
  const [row] = await db.query<{ generation_count: number; status: string; history: number }>(
    `select s.generation_count, s.status,
            (select count(*)::int from generation_history h where h.shipment_id = s.id) as history
       from shipments s where s.id = $1`,
    [shipmentId],
  );
  return row!;
}

serviceTest(`record_generation counts atomically (${testDbKind()})`, async (t) => {
  const svc = await testService();
  const team = await svc.newTeam("starter");
  const newShipment = async (status: "created" | "draft" = "created") =>
    (await insertShipment(svc.db, {
      teamId: team.teamId,
      ref: "COUNT-TEST",
      data: { exporter: { name: "x" } },
      actor: "test",
      status,
    })).shipment_id;

  await t.step("50 concurrent calls with cap 5: count = accepted <= 5 = history rows", async () => {
    const id = await newShipment();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => recordGeneration(svc.db, team.teamId, id)),
    );
    const accepted = outcomes.filter((o) => o.outcome === "ok").length;
    const refused = outcomes.filter((o) => o.outcome === "limit" || o.outcome === "busy");
    equal(accepted + refused.length, 50, JSON.stringify(outcomes));
    assert(accepted >= 1 && accepted <= 5, `accepted ${accepted}`);
    const after = await counts(svc.db, id);
    equal(after.generation_count, accepted);
    equal(after.history, accepted);
    equal(after.status, "generated");
    // Each accepted call got its own, consecutive generation number.
    const numbers = outcomes.filter((o) => o.outcome === "ok").map((o) => o.generation_count!)
      .sort((a, b) => a - b);
    assertEquals(numbers, Array.from({ length: accepted }, (_, i) => i + 1));
  });

  await t.step("callers that retry on 'busy' end with exactly the cap, never above", async () => {
    const id = await newShipment();
    const attempt = async (): Promise<Outcome> => {
      for (let i = 0; i < 200; i++) {
        const result = await recordGeneration(svc.db, team.teamId, id);
        if (result.outcome !== "busy") return result;
        await new Promise((r) => setTimeout(r, Math.random() * 5));
      }
      throw new Error("still busy after 200 tries");
    };
    const outcomes = await Promise.all(Array.from({ length: 50 }, attempt));
    equal(outcomes.filter((o) => o.outcome === "ok").length, 5);
    equal(outcomes.filter((o) => o.outcome === "limit").length, 45);
    assert(outcomes.every((o) => o.outcome !== "limit" || o.generation_count === 5));
    const after = await counts(svc.db, id);
    equal(after.generation_count, 5);
    equal(after.history, 5);
  });

  await t.step("a draft (cap 0) is refused and not counted", async () => {
    const id = await newShipment("draft");
    const result = await recordGeneration(svc.db, team.teamId, id);
    equal(result.outcome, "limit");
    equal(result.max_generations, 0);
    const after = await counts(svc.db, id);
    equal(after.generation_count, 0);
    equal(after.history, 0);
    equal(after.status, "draft");
  });

  await t.step("another team's shipment is not found, and not counted", async () => {
    const id = await newShipment();
    const other = await svc.newTeam();
    equal((await recordGeneration(svc.db, other.teamId, id)).outcome, "not_found");
    equal((await counts(svc.db, id)).generation_count, 0);
  });

  await t.step("a held row lock answers 'busy' at once instead of waiting", async () => {
    if (svc.db.kind === "pglite") return; // one connection: no second session to hold a lock
    const id = await newShipment();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = svc.db.transaction(async (tx) => {
      await tx.query("select 1 from shipments where id = $1 for update", [id]);
      locked();
      await held;
    });
    await isLocked;
    const started = performance.now();
    const result = await recordGeneration(svc.db, team.teamId, id);
    const waited = performance.now() - started;
    release();
    await holder;
    equal(result.outcome, "busy");
    assert(waited < 1000, `waited ${waited} ms`);
    equal((await counts(svc.db, id)).generation_count, 0);
  });
});
