import { assert, equal, expectJson } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest } from "../support/service.ts";

const MAIN = new URL("../../supabase/gateway/main.ts", import.meta.url).pathname;
const MIGRATE = new URL("../../scripts/migrate.ts", import.meta.url).pathname;

interface Started {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  stop(signal?: Deno.Signal): Promise<{ code: number; output: string }>;
}

/** Starts `deno task start`'s entry point as a real process and reads what it prints. */
async function startProcess(env: Record<string, string>): Promise<Started> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN],
    env: { PORT: "0", LOG_REQUESTS: "false", NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const decoder = new TextDecoder();
  let output = "";
  const reader = child.stdout.getReader();
  const deadline = Date.now() + 60_000;
  while (!/service role key:\s+\S+/.test(output)) {
    if (Date.now() > deadline) throw new Error(`service did not start:\n${output}`);
    const { value, done } = await reader.read();
    if (done) throw new Error(`service exited:\n${output}`);
    output += decoder.decode(value);
  }
  const field = (label: string) => new RegExp(`${label}:\\s+(\\S+)`).exec(output)![1]!;
  const url = /listening on (http:\/\/\S+)/.exec(output)![1]!;
  return {
    url,
    anonKey: field("anon key"),
    serviceRoleKey: field("service role key"),
    async stop(signal: Deno.Signal = "SIGTERM") {
      child.kill(signal);
      const rest = (async () => {
        while (true) {
          const { value, done } = await reader.read();
          if (done) break;
          output += decoder.decode(value);
        }
      })();
      const [status] = await Promise.all([child.status, rest, child.stderr.cancel()]);
      return { code: status.code, output };
    },
  };
}

serviceTest(`the service keeps its data across a restart (${testDbKind()})`, async (t) => {
  const dataDir = await Deno.makeTempDir({ prefix: "trade-restart-" });
  const env: Record<string, string> = { DATA_DIR: dataDir };
  const databaseUrl = Deno.env.get("TEST_DATABASE_URL");
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  let shipmentId = "";
  let apiKey = "";
  try {
    await t.step("data written through the gateway before a SIGTERM", async () => {
      const service = await startProcess(env);
      try {
        const team = await expectJson(
          await fetch(`${service.url}/api/v1/admin/teams`, {
            method: "POST",
            headers: {
              authorization: `Bearer ${service.serviceRoleKey}`,
              "content-type": "application/json",
            },
            body: JSON.stringify({ name: "Restart Ltd", tier: "free" }),
          }),
          201,
        );
        apiKey = String(team.api_key);
        const created = await expectJson(
          await fetch(`${service.url}/functions/v1/create-shipment`, {
            method: "POST",
            headers: {
              authorization: `Bearer ${apiKey}`,
              apikey: service.anonKey,
              "content-type": "application/json",
            },
            body: JSON.stringify({ shipment_data: { exporter: { name: "Ørsted Ærø" } } }),
          }),
          201,
        );
        shipmentId = String(created.shipment_id);
      } finally {
        const { code, output } = await service.stop("SIGTERM");
        equal(code, 0, output);
        assert(output.includes("stopped cleanly"), output);
      }
    });

    await t.step("is there after the process is started again, with the same keys", async () => {
      const service = await startProcess(env);
      try {
        const got = await expectJson(
          await fetch(`${service.url}/functions/v1/get-shipment?id=${shipmentId}`, {
            headers: { authorization: `Bearer ${apiKey}`, apikey: service.anonKey },
          }),
          200,
        );
        equal((got.shipment_data as { exporter: { name: string } }).exporter.name, "Ørsted Ærø");
        equal(got.max_generations, 2);
      } finally {
        const { code, output } = await service.stop("SIGINT");
        equal(code, 0, output);
      }
    });

    await t.step("the migrate task is safe to run twice", async () => {
      for (let run = 0; run < 2; run++) {
        const result = await new Deno.Command(Deno.execPath(), {
          args: ["run", "-A", MIGRATE],
          env: { ...env, NO_COLOR: "1" },
        }).output();
        const text = new TextDecoder().decode(result.stdout) +
          new TextDecoder().decode(result.stderr);
        equal(result.code, 0, text);
        assert(/up to date/.test(text), text);
      }
    });
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
