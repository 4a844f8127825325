import { addMember } from "../../shared/admin/repo.ts";
import type { Queryable } from "../../shared/platform/db/db.ts";
import { foldName } from "../../shared/parties/fold.ts";
import { nextKey, SEARCH_COUNT_CAP, searchParties } from "../../shared/parties/search.ts";
import { assert, assertEquals, equal, expectError, expectJson } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest, testService } from "../support/service.ts";
import { generateParties, partiesCsv, PARTY_CSV_COLUMNS } from "./party_names.ts";

/**
 * The ranking as one plain query over every party of the team, as the search was first
 * written: what searchParties answers page by page, through its indexes and its count cap,
 * must be a slice of this.
 */
async function referenceRanking(
  db: Queryable,
  teamId: string,
  search: string,
  country: string | null,
): Promise<string[]> {
  const key = foldName(search.trim());
  const like = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const words = key.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);
  const tsq = words.map((w) => `'${w.replaceAll("\\", "\\\\").replaceAll("'", "''")}':*`)
    .join(" & ");
  const rows = await db.query<{ id: string }>(
    `select id from (
       select id, name_key,
              case when name_key like $3 then 0
                   when $4 <> '' and name_words @@ to_tsquery('simple', $4) then 1
                   when $5::text is not null and name_key like $5 then 2 end as rank
         from parties where team_id = $1 and ($2::text is null or country = $2)) ranked
      where rank is not null
      order by rank, name_key, id`,
    [teamId, country, `${like(key)}%`, tsq, [...key].length >= 3 ? `%${like(key)}%` : null],
  );
  return rows.map((r) => r.id);
}

/** The count cap in this test: low, so that 2,500 parties reach it often. */
const CAP = 150;

const QUERIES = [
  "m",
  "mu",
  "MÜL",
  "john",
  "trading",
  "son",
  "ading",
  "coffee trading",
  "smith & mül",
  "ørsted",
  "a",
  "s",
  "gmbh",
  "co., ltd.",
  "zzq",
  "o'brien",
];

serviceTest(`party search pages are slices of the full ranking (${testDbKind()})`, async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const parties = generateParties(2500, 7);
  await svc.db.copyCsv("parties", PARTY_CSV_COLUMNS, partiesCsv(team.teamId, parties));
  await svc.db.query("analyze parties");

  let capped = 0;
  let pastTheCap = 0;
  for (const country of [null, "DE"]) {
    for (const search of QUERIES) {
      await t.step(`"${search}"${country ? ` in ${country}` : ""}`, async () => {
        const all = await referenceRanking(svc.db, team.teamId, search, country);
        const pages = [
          { limit: 50, offset: 0 },
          { limit: 100, offset: 30 },
          { limit: 7, offset: Math.max(0, Math.floor(all.length / 2) - 3) },
          { limit: 50, offset: Math.max(0, all.length - 20) },
          { limit: 50, offset: all.length + 10 },
          { limit: 100, offset: CAP - 10 },
          { limit: 20, offset: CAP + 150 },
        ];
        for (const page of pages) {
          const got = await searchParties(svc.db, team.teamId, {
            search,
            country,
            ...page,
            countCap: CAP,
          });
          assertEquals(
            got.parties.map((p) => p.id),
            all.slice(page.offset, page.offset + page.limit),
            `limit ${page.limit} offset ${page.offset}`,
          );
          equal(got.totalExact, all.length <= CAP);
          equal(got.total, Math.min(all.length, CAP));
          if (!got.totalExact && page.offset >= CAP) pastTheCap++;
        }
        if (all.length > CAP) capped++;
      });
    }
  }
  // The data and queries must reach both ways of reading a tier, and paging past the cap.
  assert(capped >= 6, `only ${capped} searches had more than ${CAP} matches`);
  assert(pastTheCap >= 6, `only ${pastTheCap} pages lay past the count cap`);
});

serviceTest(`party list totals follow every change (${testDbKind()})`, async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const other = await svc.newTeam();
  const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
    svc.fetch(`/api/v1/parties${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: {
        authorization: `Bearer ${team.apiKey}`,
        ...init.body === undefined ? {} : { "content-type": "application/json" },
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
    });
  const listed = async (query = "") => {
    const page = await expectJson<{ total: number; total_exact: boolean; parties: unknown[] }>(
      await api(query),
      200,
    );
    equal(page.total_exact, true);
    return page.total;
  };
  const counted = async (teamId: string, country?: string) => {
    const [row] = await svc.db.query<{ n: number }>(
      "select count(*)::int as n from parties where team_id = $1 and ($2::text is null or country = $2)",
      [teamId, country ?? null],
    );
    return row!.n;
  };
  const agree = async () => {
    equal(await listed(), await counted(team.teamId));
    for (const country of ["DE", "FR", "JP"]) {
      equal(await listed(`?country=${country}`), await counted(team.teamId, country), country);
    }
  };

  await t.step("creates, also many at once", async () => {
    await agree();
    const created = await Promise.all(
      Array.from(
        { length: 30 },
        (_, i) => api("", { body: { name: `Party ${i}`, country: i % 3 === 0 ? "FR" : "DE" } }),
      ),
    );
    for (const response of created) await expectJson(response, 201);
    equal(await listed(), 30);
    equal(await listed("?country=FR"), 10);
    await agree();
  });

  await t.step(
    "a change of country moves the party between counts; other changes do not",
    async () => {
      const page = await expectJson<{ parties: { id: string }[] }>(
        await api("?country=DE&limit=2"),
        200,
      );
      const [a, b] = page.parties;
      await expectJson(await api(`/${a!.id}`, { method: "PATCH", body: { country: "JP" } }), 200);
      await expectJson(await api(`/${b!.id}`, { method: "PATCH", body: { name: "Renamed" } }), 200);
      equal(await listed("?country=JP"), 1);
      equal(await listed("?country=DE"), 19);
      await agree();
    },
  );

  await t.step("statements of many rows, and deletes", async () => {
    await svc.db.query(
      "update parties set country = case when country = 'DE' then 'FR' else 'DE' end where team_id = $1",
      [team.teamId],
    );
    await agree();
    await svc.db.query(
      "insert into parties (team_id, name, country) select $1, 'Bulk ' || i, 'JP' from generate_series(1, 25) i",
      [team.teamId],
    );
    await agree();
    await svc.db.query("delete from parties where team_id = $1 and name like 'Bulk 1%'", [
      team.teamId,
    ]);
    await agree();
    const page = await expectJson<{ parties: { id: string }[] }>(await api("?limit=1"), 200);
    await expectError(
      await api(`/${crypto.randomUUID()}`, { method: "DELETE" }),
      404,
      "SVC_PARTY_002",
    );
    equal((await api(`/${page.parties[0]!.id}`, { method: "DELETE" })).status, 204);
    await agree();
  });

  await t.step(
    "another team's parties never count, and a deleted team takes its counts",
    async () => {
      await svc.db.query(
        "insert into parties (team_id, name, country) select $1, 'Other ' || i, 'DE' from generate_series(1, 5) i",
        [other.teamId],
      );
      await agree();
      await svc.db.query("delete from teams where id = $1", [other.teamId]);
      const rows = await svc.db.query("select 1 from party_counts where team_id = $1", [
        other.teamId,
      ]);
      equal(rows.length, 0);
    },
  );
});

serviceTest(`a search counts up to 1,000 matches (${testDbKind()})`, async () => {
  const svc = await testService();
  const team = await svc.newTeam();
  const many = Array.from({ length: SEARCH_COUNT_CAP + 5 }, (_, i) => ({
    name: `Acme ${String(i).padStart(4, "0")}`,
    country: i % 2 ? "DE" : "FR",
    city: "Köln",
  }));
  await svc.db.copyCsv("parties", PARTY_CSV_COLUMNS, partiesCsv(team.teamId, many));
  const search = async (query: string) =>
    await expectJson<{ parties: { name: string }[]; total: number; total_exact: boolean }>(
      await svc.fetch(`/api/v1/parties?${query}`, {
        headers: { authorization: `Bearer ${team.apiKey}` },
      }),
      200,
    );
  const capped = await search("search=acme&limit=2&offset=1001");
  assertEquals(capped.parties.map((p) => p.name), ["Acme 1001", "Acme 1002"]);
  equal(capped.total, SEARCH_COUNT_CAP);
  equal(capped.total_exact, false);
  const under = await search("search=acme&country=DE");
  equal(under.total, Math.floor(many.length / 2));
  equal(under.total_exact, true);
  const listed = await search("limit=1");
  equal(listed.total, many.length);
  equal(listed.total_exact, true);
});

serviceTest(`a party written by another role is counted too (${testDbKind()})`, async () => {
  const svc = await testService();
  const team = await svc.newTeam();
  const user = `user-${crypto.randomUUID()}`;
  await addMember(svc.db, team.teamId, user);
  const role = `rls_${crypto.randomUUID().replaceAll("-", "")}`;
  let counted: number | undefined;
  await svc.db.transaction(async (tx) => {
    // A role with no rights on party_counts, like Supabase's service_role (the Data API roles
    // anon and authenticated cannot write parties at all: tests/supabase/data_api_attack_test.ts).
    await tx.query(`create role ${role} nologin bypassrls`);
    await tx.query(`grant select, insert on parties to ${role}`);
    await tx.query(
      `grant execute on function party_name_key(text), party_trigrams(text) to ${role}`,
    );
    await tx.query(`set local role ${role}`);
    await tx.query("select set_config('request.jwt.claims', $1, true)", [
      JSON.stringify({ sub: user, role: "authenticated" }),
    ]);
    await tx.query("insert into parties (team_id, name, country) values ($1, 'Via REST', 'DE')", [
      team.teamId,
    ]);
    await tx.query("reset role");
    const [row] = await tx.query<{ parties: number }>(
      "select parties from party_counts where team_id = $1 and country = 'DE'",
      [team.teamId],
    );
    counted = row?.parties;
    throw new Rollback();
  }).catch((error) => {
    if (!(error instanceof Rollback)) throw error;
  });
  equal(counted, 1);
});

/** Thrown to roll a transaction back once its checks ran. */
class Rollback extends Error {}

Deno.test("nextKey: the least key above every key with the prefix", () => {
  equal(nextKey("abc"), "abd");
  equal(nextKey("a"), "b");
  equal(nextKey("mu\u{d7ff}"), "mu\u{e000}");
  equal(nextKey("x\u{1f600}"), "x\u{1f601}");
  equal(nextKey("x\u{10ffff}"), null);
});
