/**
 * The bare baseline for the foundation bench: `Deno.serve` and postgres.js, nothing else. It
 * does the same database work as the service's create-shipment and get-shipment (one insert,
 * one select by id, same SQL shape, same pool size) with no framework, auth, validation or
 * logging, so the service/baseline ratio is what everything around the query costs.
 *
 * Env: DATABASE_URL, PORT, BENCH_TEAM_ID (the team the shipments belong to), DB_POOL_SIZE (10).
 */
import postgres from "postgres";

const databaseUrl = required("DATABASE_URL");
const teamId = required("BENCH_TEAM_ID");
const port = Number(Deno.env.get("PORT") ?? "8000");
const poolSize = Number(Deno.env.get("DB_POOL_SIZE") || "10");

const sql = postgres(databaseUrl, {
  max: poolSize,
  onnotice: () => {},
  connection: { application_name: "trade-docs-bench-baseline" },
});

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function ref(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return `BASE-${Array.from(bytes, (b) => ALPHABET[b & 31]).join("")}`;
}

async function create(request: Request): Promise<Response> {
  const body = await request.json() as { shipment_data?: unknown };
  const [row] = await sql`
    insert into shipments (team_id, shipment_ref, shipment_data, status, max_generations,
                           created_by)
    values (${teamId}, ${ref()}, ${JSON.stringify(body.shipment_data)}::text::jsonb, 'created',
            20, 'bench-baseline')
    returning id, created_at`;
  return Response.json(row, { status: 201 });
}

async function get(id: string): Promise<Response> {
  // The same statement as the service's findShipment (shared/shipments/repo.ts).
  const [row] = await sql`
    select s.id, s.shipment_ref, s.shipment_data, s.status, s.generation_count,
           s.max_generations, s.current_validation_record_id, s.current_validation_hash,
           s.created_by, s.created_at, s.updated_at,
           coalesce((
             select jsonb_agg(jsonb_build_object(
                      'id', h.id,
                      'generation_number', h.generation_number,
                      'document_types', to_jsonb(h.document_types),
                      'validation_hash', h.validation_hash,
                      'shipment_data_snapshot', h.shipment_data_snapshot,
                      'data_diff', h.data_diff,
                      'flattened_urls', h.flattened_urls,
                      'created_at', iso_time(h.created_at))
                    order by h.generation_number desc)
               from generation_history h
              where h.shipment_id = s.id), '[]'::jsonb) as generation_history
      from shipments s
     where s.id = ${id} and s.team_id = ${teamId}`;
  if (!row) return Response.json({ error: "not found" }, { status: 404 });
  return Response.json(row);
}

Deno.serve({ hostname: "127.0.0.1", port, onListen: () => {} }, async (request) => {
  const url = new URL(request.url);
  try {
    if (url.pathname === "/health") return Response.json({ status: "ok" });
    if (url.pathname === "/shipments" && request.method === "POST") return await create(request);
    if (url.pathname === "/shipments" && request.method === "GET") {
      return await get(url.searchParams.get("id") ?? "");
    }
    return Response.json({ error: "no such route" }, { status: 404 });
  } catch (error) {
    console.error(error);
    return Response.json({ error: String(error) }, { status: 500 });
  }
});

const stop = async () => {
  await sql.end({ timeout: 5 });
  Deno.exit(0);
};
Deno.addSignalListener("SIGTERM", () => void stop());
Deno.addSignalListener("SIGINT", () => void stop());

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} must be set`);
  return value;
}
