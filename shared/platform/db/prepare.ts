import { seedReferenceData, type SeedReport } from "../../reference/seed.ts";
import type { Db } from "./db.ts";
import { migrate } from "./migrate.ts";

export interface Prepared {
  migrations: string[];
  seed: SeedReport;
}

/** Brings a database up to date: pending migrations, then reference data that changed. */
export async function prepareDatabase(db: Db): Promise<Prepared> {
  const migrations = await migrate(db);
  const seed = await seedReferenceData(db);
  return { migrations, seed };
}
