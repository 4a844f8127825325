/**
 * `deno task bench [section...]`: runs the named benchmark sections, or all of them.
 *
 * Every section creates what it needs (a PostgreSQL database of its own, the service and any
 * baseline in child processes) and removes it afterwards, also on failure or Ctrl-C. A section
 * prints a table and writes bench/results/<section>.json; missing a performance bar is reported,
 * not an error. Errors (setup, non-2xx responses, socket errors) exit non-zero.
 *
 * Environment:
 *   BENCH_SECONDS          measured seconds per case (default 10)
 *   BENCH_WARMUP_SECONDS   warm-up seconds before each measured run (default 2)
 *   BENCH_PG_ADMIN_URL     where to create the databases
 *                          (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_ENV_<NAME>       passes <NAME> to the service, for experiments
 *                          (for example BENCH_ENV_LOG_REQUESTS=false)
 *   BENCH_SERVICE_SCRIPT   the service's entry point, for experiments
 *                          (default supabase/gateway/main.ts)
 *   BENCH_DENO_FLAGS       extra `deno run` flags for the service (for example
 *                          "--cpu-prof --cpu-prof-dir=/tmp/prof"), space-separated
 *   BENCH_KEEP_LOGS=1      keep the temporary directory with the servers' stdout/stderr
 *
 * To add a section: write bench/<name>.ts exporting a `Section` and list it in SECTIONS.
 */
import { documents } from "./documents.ts";
import { extraction } from "./extraction.ts";
import { flatten } from "./flatten.ts";
import { formFields } from "./form_fields.ts";
import { hostile } from "./hostile.ts";
import { foundation } from "./foundation.ts";
import { hs } from "./hs.ts";
import { parties } from "./parties.ts";
import { withCleanup } from "./lib/cleanup.ts";
import type { BenchSettings, Section } from "./lib/section.ts";
import { ensureWrk } from "./lib/wrk.ts";
import { validation } from "./validation.ts";
import { webhooks } from "./webhooks.ts";

const SECTIONS: Section[] = [
  foundation,
  validation,
  documents,
  formFields,
  flatten,
  extraction,
  parties,
  webhooks,
  hs,
  hostile,
];

function settingsFromEnv(): BenchSettings {
  const serviceEnv: Record<string, string> = {};
  for (const [name, value] of Object.entries(Deno.env.toObject())) {
    if (name.startsWith("BENCH_ENV_")) serviceEnv[name.slice("BENCH_ENV_".length)] = value;
  }
  return {
    seconds: positiveInt("BENCH_SECONDS", 10),
    warmupSeconds: positiveInt("BENCH_WARMUP_SECONDS", 2),
    wrk: { threads: 2, connections: 32 },
    serviceEnv,
    serviceScript: Deno.env.get("BENCH_SERVICE_SCRIPT") || "supabase/gateway/main.ts",
    serviceDenoFlags: (Deno.env.get("BENCH_DENO_FLAGS") ?? "").split(/\s+/).filter(Boolean),
    keepLogs: Deno.env.get("BENCH_KEEP_LOGS") === "1",
  };
}

function positiveInt(name: string, fallback: number): number {
  const raw = Deno.env.get(name);
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of seconds >= 1, not ${JSON.stringify(raw)}`);
  }
  return value;
}

async function main(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(`usage: deno task bench [section...]\nsections:`);
    for (const s of SECTIONS) console.log(`  ${s.name.padEnd(12)} ${s.summary}`);
    return 0;
  }
  const unknown = args.filter((a) => !SECTIONS.some((s) => s.name === a));
  if (unknown.length > 0) {
    console.error(
      `unknown bench section(s): ${unknown.join(", ")}; ` +
        `known: ${SECTIONS.map((s) => s.name).join(", ")}`,
    );
    return 2;
  }
  const chosen = args.length ? SECTIONS.filter((s) => args.includes(s.name)) : SECTIONS;
  const settings = settingsFromEnv();
  await ensureWrk();
  for (const section of chosen) {
    console.log(`\n== ${section.name}: ${section.summary}`);
    await withCleanup((cleanup) => section.run(cleanup, settings));
  }
  return 0;
}

try {
  Deno.exit(await main(Deno.args));
} catch (error) {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : error}`);
  Deno.exit(1);
}
