/**
 * `deno task start`: the whole service on one port, on the embedded database by default
 * (DATABASE_URL for PostgreSQL). Ctrl-C stops it cleanly.
 */
import { startService } from "./server.ts";

const service = await startService();
const { config } = service.deps;
const { seed } = service.prepared;
console.log(
  [
    ...(seed.loaded.length
      ? [
        `Loaded reference data in ${seed.seconds.toFixed(2)} s: ${
          seed.loaded.map((d) => `${d.name} (${d.rows})`).join(", ")
        }`,
      ]
      : []),
    `Trade documentation service listening on ${service.url}`,
    `  database:          ${
      service.deps.db.kind === "pglite" ? `PGlite (${config.dataDir}/pglite)` : "PostgreSQL"
    }`,
    `  functions:         ${service.url}/functions/v1/<name>`,
    `  resource API:      ${service.url}/api/v1/...`,
    `  API docs:          ${service.url}/docs`,
    `  anon key:          ${config.anonKey}`,
    `  service role key:  ${config.serviceRoleKey}`,
  ].join("\n"),
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping…`);
  await service.close();
  console.log("stopped cleanly");
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", () => void stop("SIGINT"));
Deno.addSignalListener("SIGTERM", () => void stop("SIGTERM"));
