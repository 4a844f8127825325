/**
 * Prints the service's OpenAPI document (what the gateway serves at /openapi.json), built from
 * every function's route declarations: `deno run -A scripts/openapi.ts [file]` writes it to
 * `file` instead. The documentation never queries the database, so an empty in-memory one
 * stands in for it.
 */
import { readConfig } from "../shared/platform/config.ts";
import { openPglite } from "../shared/platform/db/pglite.ts";
import { buildDeps } from "../shared/deps.ts";
import { FUNCTION_APPS } from "../shared/registry.ts";
import { buildOpenApiDocument } from "../shared/platform/openapi/document.ts";

const BASE_URL = "http://127.0.0.1:54321";

if (import.meta.main) {
  const text = JSON.stringify(await openApiDocument(), null, 2) + "\n";
  const [out] = Deno.args;
  if (out) await Deno.writeTextFile(out, text);
  else await Deno.stdout.write(new TextEncoder().encode(text));
}

export async function openApiDocument(): Promise<unknown> {
  const db = await openPglite();
  try {
    const config = readConfig({ get: () => undefined }, {
      anonKey: "docs",
      serviceRoleKey: "docs",
      jwtSecret: undefined,
    });
    const deps = buildDeps(config, db);
    const apps = Object.values(FUNCTION_APPS).map((build) => build(deps));
    return buildOpenApiDocument(apps, BASE_URL);
  } finally {
    await db.close();
  }
}
