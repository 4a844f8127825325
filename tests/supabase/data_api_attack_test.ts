/**
 * Attacks the database the way Supabase's Data API can reach it: every table with every write
 * and every function with a call, as `anon` (the public key), as a signed-in member of another
 * team and as a member of the team that owns the rows (PostgREST's `set role` and
 * `request.jwt.claims`). Tables and functions come from the catalog, so whatever a later
 * migration adds is attacked too.
 *
 * Two grant states: (A) a new Supabase project (default privileges grant everything to the API
 * roles) migrated as `supabase db push` would; (B) the same database after a blanket
 * `grant all` on every table, sequence and function, as the issue reproduced.
 */
import { migrate } from "../../shared/platform/db/migrate.ts";
import { type Queryable, sqlState } from "../../shared/platform/db/db.ts";
import { assertEquals } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest } from "../support/service.ts";
import { BLANKET_GRANT, freshSupabaseDb } from "./supabase_db.ts";

class Rollback extends Error {}

interface Caller {
  name: string;
  role: "anon" | "authenticated";
  claims: Record<string, unknown>;
}

interface Attempt {
  caller: string;
  target: string;
  /** Null when the statement ran. */
  refusedWith: string | null;
  /** The database differs afterwards (only checked when the statement ran). */
  changed: boolean;
}

interface CatalogFunction {
  signature: string;
  call: string;
  prosecdef: boolean;
  returns_trigger: boolean;
}

const WRITES = {
  insert: (t: string) => `insert into ${t} default values`,
  update: (t: string, column: string) => `update ${t} set ${column} = ${column}`,
  delete: (t: string) => `delete from ${t}`,
  truncate: (t: string) => `truncate ${t} cascade`,
};

serviceTest(`the Data API roles can write nothing (${testDbKind()})`, async (t) => {
  const fresh = await freshSupabaseDb();
  const db = fresh.db;
  try {
    await migrate(db);
    const ids = await seed(db);
    const callers: Caller[] = [
      { name: "anon", role: "anon", claims: { role: "anon" } },
      {
        name: "member of another team",
        role: "authenticated",
        claims: { sub: ids.outsider, role: "authenticated", aud: "authenticated" },
      },
      {
        name: "member of the team",
        role: "authenticated",
        claims: { sub: ids.member, role: "authenticated", aud: "authenticated" },
      },
    ];

    await t.step("independent check: the catalog grants the API roles no write", async () => {
      const open = await db.query<{ what: string }>(
        `select format('%s on %s to %s', p.priv, c.oid::regclass, r.rolname) as what
           from pg_class c
           cross join (values ('anon'), ('authenticated')) r (rolname)
           cross join (values ('insert'), ('update'), ('delete'), ('truncate'), ('references'),
                              ('trigger')) p (priv)
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm')
            and has_table_privilege(r.rolname, c.oid, p.priv)
         union all
         select format('execute on %s to %s', f.oid::regprocedure, r.rolname)
           from pg_proc f cross join (values ('anon'), ('authenticated')) r (rolname)
          where f.pronamespace = 'public'::regnamespace
            and has_function_privilege(r.rolname, f.oid, 'execute')`,
      );
      assertEquals(open.map((r) => r.what), []);
      const unguarded = await db.query<{ rel: string }>(
        `select c.oid::regclass::text as rel from pg_class c
          where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
            and (not c.relrowsecurity
                 or not exists (select 1 from pg_trigger g where g.tgrelid = c.oid
                                   and g.tgname = 'data_api_write_guard'))`,
      );
      assertEquals(unguarded.map((r) => r.rel), [], "tables without RLS or the write guard");
      const writePolicies = await db.query<{ policyname: string }>(
        `select policyname from pg_policies where schemaname = 'public' and cmd <> 'SELECT'`,
      );
      assertEquals(writePolicies, [], "only select policies");
    });

    await t.step("A: a new Supabase project after the migrations", async () => {
      const attempts = await attackAll(db, callers);
      report("A (Supabase default privileges, then migrations)", attempts);
      assertEquals(attempts.filter((a) => a.refusedWith !== "42501"), [], "all refused");
    });

    await t.step(
      "team members read their own team's rows only; anon reads reference data",
      async () => {
        const refusals = [];
        for (const c of callers) {
          refusals.push((await asCaller(db, c, "select count(*) from shipments")).refusedWith);
        }
        assertEquals(refusals, ["42501", null, null], "anon may not read shipments at all");
        assertEquals(await readAs(db, callers[1]!, "select count(*)::int as n from shipments"), 0);
        assertEquals(await readAs(db, callers[2]!, "select count(*)::int as n from shipments"), 1);
        assertEquals(await readAs(db, callers[0]!, "select count(*)::int as n from tiers"), 4);
        assertEquals(
          (await asCaller(db, callers[2]!, "select count(*) from api_keys")).refusedWith,
          "42501",
        );
      },
    );

    await t.step("B: after a blanket grant of everything to the API roles", async () => {
      await db.exec(BLANKET_GRANT);
      const attempts = await attackAll(db, callers);
      report("B (grant all on all tables, sequences, functions)", attempts);
      const writes = attempts.filter((a) => !a.target.startsWith("call "));
      assertEquals(writes.filter((a) => a.refusedWith !== "42501"), [], "every write refused");
      // Functions now run with the caller's rights; none may change anything, and no security
      // definer function may be callable at all.
      assertEquals(attempts.filter((a) => a.changed), [], "no call changed the database");
      const definers = await functions(db).then((fs) => fs.filter((f) => f.prosecdef));
      const calledDefiners = attempts.filter((a) =>
        a.refusedWith === null && definers.some((d) => a.target === `call ${d.signature}`)
      );
      assertEquals(calledDefiners, [], "no security definer function callable");
      // The member's own shipment: record_generation under the member's role cannot count.
      const counted = await asCaller(
        db,
        callers[2]!,
        `select * from record_generation('${ids.team}', '${ids.shipment}',
           '{COMMERCIAL_INVOICE}', null, '{}'::jsonb, null, null, 'attacker')`,
        true,
      );
      assertEquals(counted.changed, false, "record_generation as a member counted nothing");
      // Rows stay invisible to the wrong team even with every privilege.
      assertEquals(await readAs(db, callers[1]!, "select count(*)::int as n from shipments"), 0);
      assertEquals(await readAs(db, callers[0]!, "select count(*)::int as n from api_keys"), 0);
    });

    await t.step("generation_count moves only through record_generation", async () => {
      let refused: string | undefined;
      try {
        await db.query("update shipments set generation_count = 3 where id = $1", [ids.shipment]);
      } catch (e) {
        refused = sqlState(e);
      }
      assertEquals(refused, "42501");
      const [row] = await db.query<{ outcome: string; generation_count: number }>(
        `select * from record_generation($1, $2, '{COMMERCIAL_INVOICE}', null, '{}'::jsonb,
                                          null, null, 'test')`,
        [ids.team, ids.shipment],
      );
      assertEquals([row?.outcome, row?.generation_count], ["ok", 1]);
    });
  } finally {
    await fresh.drop();
  }
});

/** A team with a member, a shipment and an API key, and a second team with its own member. */
async function seed(db: Queryable) {
  const member = `user-${crypto.randomUUID()}`;
  const outsider = `user-${crypto.randomUUID()}`;
  const [team] = await db.query<{ id: string }>(
    "insert into teams (name, tier) values ('Owner', 'starter') returning id",
  );
  const [other] = await db.query<{ id: string }>(
    "insert into teams (name, tier) values ('Other', 'starter') returning id",
  );
  await db.query("insert into team_members (team_id, user_id) values ($1, $2), ($3, $4)", [
    team!.id,
    member,
    other!.id,
    outsider,
  ]);
  await db.query(
    "insert into api_keys (team_id, key_hash, key_prefix) values ($1, $2, 'tdk_test')",
    [team!.id, crypto.randomUUID()],
  );
  const [shipment] = await db.query<{ id: string }>(
    `insert into shipments (team_id, shipment_ref, shipment_data, status, max_generations)
     values ($1, 'ATTACK-1', '{}'::jsonb, 'created', 5) returning id`,
    [team!.id],
  );
  return { team: team!.id, member, outsider, shipment: shipment!.id };
}

/** Every write on every table and a call of every function, by every caller. */
async function attackAll(db: Queryable & DbTx, callers: Caller[]): Promise<Attempt[]> {
  const tables = await db.query<{ rel: string; first_column: string }>(
    `select c.oid::regclass::text as rel,
            (select quote_ident(a.attname) from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                and a.attgenerated = '' order by a.attnum limit 1) as first_column
       from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
      order by 1`,
  );
  const targets: { target: string; sql: string; isCall: boolean }[] = [];
  for (const { rel, first_column } of tables) {
    for (const [kind, build] of Object.entries(WRITES)) {
      targets.push({ target: `${kind} ${rel}`, sql: build(rel, first_column), isCall: false });
    }
  }
  for (const f of await functions(db)) {
    targets.push({ target: `call ${f.signature}`, sql: f.call, isCall: true });
  }
  const attempts: Attempt[] = [];
  for (const caller of callers) {
    for (const { target, sql, isCall } of targets) {
      const outcome = await asCaller(db, caller, sql, isCall);
      attempts.push({ caller: caller.name, target, ...outcome });
    }
  }
  return attempts;
}

/** Every function and procedure in public (not an extension's), with a call of it on nulls. */
function functions(db: Queryable): Promise<CatalogFunction[]> {
  return db.query<CatalogFunction>(
    `select p.oid::regprocedure::text as signature, p.prosecdef,
            p.prorettype in ('trigger'::regtype, 'event_trigger'::regtype) as returns_trigger,
            format(case when p.prokind = 'p' then 'call public.%I(%s)'
                        when p.prorettype in ('trigger'::regtype, 'event_trigger'::regtype)
                          then 'select public.%I(%s)'
                        else 'select * from public.%I(%s)' end,
                   p.proname,
                   -- Not constants: a strict function of constant nulls is folded to null
                   -- without ever being called (or its privilege checked).
                   coalesce((select string_agg(format('(select null::%s)', format_type(a, null)),
                                               ', ')
                               from unnest(p.proargtypes::oid[]) a), '')) as call
       from pg_proc p
      where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass
                          and d.objid = p.oid and d.deptype = 'e')
      order by 1`,
  );
}

type DbTx = { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> };

/**
 * Runs one statement as the caller, the way PostgREST does (role and JWT claims local to the
 * transaction), and rolls everything back. With `compare`, a digest of every table is taken
 * before and after as the owner.
 */
async function asCaller(
  db: DbTx,
  caller: Caller,
  sql: string,
  compare = false,
): Promise<{ refusedWith: string | null; changed: boolean }> {
  let outcome = { refusedWith: null as string | null, changed: false };
  try {
    await db.transaction(async (tx) => {
      await tx.query("set local lock_timeout = '5s'");
      const before = compare ? await digest(tx) : "";
      await tx.query(`set local role ${caller.role}`);
      await tx.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify(caller.claims),
      ]);
      await tx.query("savepoint attack");
      try {
        await tx.query(sql);
      } catch (e) {
        outcome.refusedWith = sqlState(e) ?? String(e);
        await tx.query("rollback to savepoint attack");
      }
      await tx.query("reset role");
      if (compare && outcome.refusedWith === null) outcome.changed = before !== await digest(tx);
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) outcome = { refusedWith: `aborted: ${e}`, changed: false };
  }
  return outcome;
}

async function readAs(db: DbTx, caller: Caller, sql: string): Promise<number> {
  let n = -1;
  try {
    await db.transaction(async (tx) => {
      await tx.query(`set local role ${caller.role}`);
      await tx.query("select set_config('request.jwt.claims', $1, true)", [
        JSON.stringify(caller.claims),
      ]);
      n = (await tx.query<{ n: number }>(sql))[0]!.n;
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return n;
}

/** One digest of every row of every table in public, read as the owner. */
async function digest(tx: Queryable): Promise<string> {
  const tables = await tx.query<{ rel: string }>(
    `select c.oid::regclass::text as rel from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1`,
  );
  const parts = tables.map(({ rel }) =>
    `select '${rel}' || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as d
       from ${rel} t`
  );
  const rows = await tx.query<{ d: string }>(parts.join(" union all "));
  return rows.map((r) => r.d).sort().join("\n");
}

function report(scenario: string, attempts: Attempt[]): void {
  const writes = attempts.filter((a) => !a.target.startsWith("call ")).length;
  const calls = attempts.length - writes;
  const succeeded = attempts.filter((a) => a.refusedWith === null).length;
  console.log(
    `attack matrix ${scenario}: ${attempts.length} attempts (${writes} writes, ${calls} calls), ` +
      `${attempts.length - succeeded} refused, ${succeeded} ran ` +
      `(${attempts.filter((a) => a.changed).length} changed anything)`,
  );
}
