import postgres from "postgres";
import type { Cleanup } from "./cleanup.ts";

export const DEFAULT_PG_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Creates a database of its own for one bench section (`bench_<timestamp>_<random>` on
 * BENCH_PG_ADMIN_URL) and registers its forced drop. Returns its URL.
 */
export async function createBenchDatabase(cleanup: Cleanup, section: string): Promise<string> {
  const adminUrl = Deno.env.get("BENCH_PG_ADMIN_URL") || DEFAULT_PG_ADMIN_URL;
  const name = `bench_${section}_${Date.now()}_${crypto.randomUUID().slice(0, 8)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (error) {
    await admin.end({ timeout: 1 });
    throw new Error(
      `could not create the bench database on ${redact(adminUrl)} (set BENCH_PG_ADMIN_URL ` +
        `to a PostgreSQL superuser URL): ${error instanceof Error ? error.message : error}`,
    );
  }
  cleanup.defer(`drop database ${name}`, async () => {
    try {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end({ timeout: 5 });
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "<invalid URL>";
  }
}
