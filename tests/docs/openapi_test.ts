import { openApiDocument } from "../../scripts/openapi.ts";
import { assert, assertEquals } from "../support/assert.ts";

interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
}

const METHODS = ["get", "post", "put", "patch", "delete"];

// Built once: the service's logger holds stdout for the life of the process.
const built = openApiDocument() as Promise<{ paths: Record<string, Record<string, Operation>> }>;

async function operations(): Promise<[string, string, Operation][]> {
  const doc = await built;
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => [path, method, op] as [string, string, Operation])
  );
}

Deno.test("every operation has a unique camelCase operationId", async () => {
  const ops = await operations();
  const ids = ops.map(([path, method, op]) => {
    assert(op.operationId, `${method.toUpperCase()} ${path} has no operationId`);
    assert(/^[a-z][a-zA-Z0-9]*$/.test(op.operationId), `${op.operationId} is not camelCase`);
    return op.operationId;
  });
  assertEquals(
    new Set(ids).size,
    ids.length,
    `repeated: ${ids.filter((id, i) => ids.indexOf(id) !== i)}`,
  );
});

Deno.test("every path parameter is declared, required, and nothing else is", async () => {
  for (const [path, method, op] of await operations()) {
    const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    const declared = (op.parameters ?? []).filter((p) => p.in === "path");
    assertEquals(declared.map((p) => p.name).sort(), inPath, `${method} ${path}`);
    for (const p of declared) assertEquals(p.required, true, `${method} ${path} ${p.name}`);
  }
});

Deno.test("the main request bodies carry an example", async () => {
  const ops = new Map((await operations()).map(([, , op]) => [op.operationId, op]));
  for (
    const id of [
      "createShipment",
      "saveDraft",
      "promoteDraft",
      "validateShipment",
      "generateDocuments",
      "flattenDocument",
      "createParty",
      "createWebhook",
      "createTeam",
    ]
  ) {
    const content = ops.get(id)?.requestBody?.content["application/json"];
    assert(content?.example !== undefined, `${id} has no request example`);
  }
});

Deno.test("verify-hash and document-field-requirements serve without zod or the generator", async () => {
  for (
    const file of [
      "shared/verify/verify_hash.ts",
      "shared/documents/document_field_requirements.ts",
    ]
  ) {
    const name = file.split("/").pop();
    const reached = await codeImports(file);
    const heavy = reached.filter((s) => /zod/.test(s));
    assertEquals(heavy, [], `${name}.ts reaches ${heavy.join(", ")}`);
  }
});

/** The modules a file reaches through its runtime imports (type-only imports left out). */
async function codeImports(file: string): Promise<string[]> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", file],
    cwd: new URL("../../", import.meta.url).pathname,
    stdout: "piped",
    stderr: "null",
  }).output();
  const graph = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    roots: string[];
    modules: { specifier: string; dependencies?: { code?: { specifier?: string } }[] }[];
  };
  const bySpecifier = new Map(graph.modules.map((m) => [m.specifier, m]));
  const seen = new Set<string>();
  const stack = [...graph.roots];
  while (stack.length > 0) {
    const specifier = stack.pop()!;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dep of bySpecifier.get(specifier)?.dependencies ?? []) {
      if (dep.code?.specifier) stack.push(dep.code.specifier);
    }
  }
  return [...seen];
}
