/**
 * `deno task start`: the whole service on one port, on the embedded database by default
 * (DATABASE_URL for PostgreSQL). Ctrl-C, SIGTERM, or the end of the process that launched it
 * stops it cleanly.
 */
import { ancestorProcesses, onLauncherExit } from "./launcher.ts";
import { type RunningService, startService } from "./server.ts";

// Read first: the chain of processes that launched this one, while they are all still there.
const launchers = ancestorProcesses();

const port = Number(Deno.env.get("PORT") || 54321);
const portTaken = (): never => {
  console.error(
    `Port ${port} is already in use (is another \`task start\` running?). ` +
      "Stop it, or start on another port: PORT=54330 deno task start",
  );
  Deno.exit(1);
};
/** One line instead of a stack trace: a wrong DATABASE_URL or setting is the user's to fix. */
function cannotStart(error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  const database = Deno.env.get("DATABASE_URL") || Deno.env.get("SUPABASE_DB_URL")
    ? "the PostgreSQL database of DATABASE_URL"
    : `the embedded database in ${Deno.env.get("DATA_DIR") || ".data"}/pglite`;
  console.error(
    `Could not start on ${database}: ${reason}. See "Troubleshooting" in docs/operations.md.`,
  );
  Deno.exit(1);
}
// Said before the database is opened and prepared (seconds), and again if the port is taken
// in between.
if (!portIsFree(port, Deno.env.get("HOST") || "127.0.0.1")) portTaken();
let service: RunningService;
try {
  service = await startService();
} catch (error) {
  service = error instanceof Deno.errors.AddrInUse ? portTaken() : cannotStart(error);
}
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
    `Stop with Ctrl-C (or kill -INT ${Deno.pid}).`,
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
onLauncherExit(() => void stop("launcher exited"), launchers);

function portIsFree(port: number, hostname: string): boolean {
  if (port === 0) return true;
  try {
    Deno.listen({ port, hostname }).close();
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.AddrInUse) return false;
    throw error;
  }
}
