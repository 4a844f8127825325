import type { Cleanup } from "./cleanup.ts";
import type { WrkSettings } from "./wrk.ts";

/** Settings every section shares (from the environment; see bench/run.ts). */
export interface BenchSettings {
  /** The measured run per case (BENCH_SECONDS, default 10). */
  seconds: number;
  /** The warm-up run before each measured run (BENCH_WARMUP_SECONDS, default 2). */
  warmupSeconds: number;
  wrk: Omit<WrkSettings, "seconds">;
  /** Extra service settings: every BENCH_ENV_<NAME>=value becomes <NAME>=value. */
  serviceEnv: Record<string, string>;
  /** The service's entry point, relative to the repository root (BENCH_SERVICE_SCRIPT). */
  serviceScript: string;
  /** Extra `deno run` flags for the service (BENCH_DENO_FLAGS, split on spaces). */
  serviceDenoFlags: string[];
  /** Keep the temporary directory with the servers' logs (BENCH_KEEP_LOGS=1). */
  keepLogs: boolean;
}

/** One benchmark: bench/run.ts runs it by name, with its own clean-up stack. */
export interface Section {
  name: string;
  summary: string;
  run(cleanup: Cleanup, settings: BenchSettings): Promise<void>;
}
