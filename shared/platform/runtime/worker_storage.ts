import type { Config, Env } from "../config.ts";

/**
 * `deno task worker` may run on another machine than the service that serves the files. With
 * local storage (no SUPABASE_URL) its files land in its own DATA_DIR, which the service cannot
 * serve (every download a 404) and whose signed URLs it cannot check: such a worker must not
 * start, unless STORAGE_LOCAL_SHARED=true says it shares the service's DATA_DIR (same machine,
 * or a shared volume). Answers why it may not start, or null.
 */
export function workerStorageProblem(config: Config, env: Env): string | null {
  if (config.supabaseUrl) return null;
  if (env.get("STORAGE_LOCAL_SHARED") === "true") return null;
  return "deno task worker would keep files in its own DATA_DIR/storage (local storage), " +
    "which the service cannot serve from another machine. Set SUPABASE_URL and " +
    "SUPABASE_SERVICE_ROLE_KEY (Supabase Storage), or STORAGE_LOCAL_SHARED=true when this " +
    "worker shares the service's DATA_DIR.";
}
