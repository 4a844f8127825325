/**
 * What each edge function loads (`deno info`): Supabase refuses a function over 20 MB, and a
 * function that loads another feature's code pays for it at every cold start.
 */
import { assert, assertEquals } from "../support/assert.ts";

const ROOT = new URL("../../", import.meta.url);

const FUNCTIONS = [...Deno.readDirSync(new URL("functions/", ROOT))]
  .filter((entry) => entry.isDirectory)
  .map((entry) => entry.name)
  .sort();

/** Supabase's limit per function. */
const LIMIT_MB = 20;
/** Public, tiny answers: they must stay light. */
const LIGHT = new Set(["document-field-requirements", "verify-hash"]);
const LIGHT_LIMIT_MB = 5;
/** Only these render documents and drain queues in their own isolate. */
const RENDERERS = new Set(["generate-documents", "worker"]);

interface Graph {
  sizeMb: number;
  specifiers: string[];
}

async function graphOf(name: string): Promise<Graph> {
  const run = (args: string[]) =>
    new Deno.Command(Deno.execPath(), {
      args,
      cwd: ROOT.pathname,
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).output();
  const entry = `functions/${name}/index.ts`;
  const [text, json] = await Promise.all([run(["info", entry]), run(["info", "--json", entry])]);
  assert(text.success && json.success, new TextDecoder().decode(text.stderr));
  const size = /^size: ([\d.]+)(KB|MB)$/m.exec(new TextDecoder().decode(text.stdout));
  if (!size) throw new Error("deno info printed no size");
  const info = JSON.parse(new TextDecoder().decode(json.stdout)) as {
    modules: { specifier: string; npmPackage?: string }[];
  };
  return {
    sizeMb: Number(size[1]) / (size[2] === "KB" ? 1024 : 1),
    specifiers: info.modules.flatMap((m) => [m.specifier, m.npmPackage ?? ""]),
  };
}

for (const name of FUNCTIONS) {
  Deno.test(`function ${name}: within its size, on postgres.js, renders only if it must`, async () => {
    const graph = await graphOf(name);
    const bar = LIGHT.has(name) ? LIGHT_LIMIT_MB : LIMIT_MB;
    assert(graph.sizeMb <= bar, `${name} loads ${graph.sizeMb.toFixed(2)} MB (bar ${bar} MB)`);
    assertEquals(
      graph.specifiers.filter((s) => /pglite|db\/connect\.ts|shared\/deps\.ts/.test(s)),
      [],
    );
    const renders = graph.specifiers.some((s) => s.endsWith("/shared/documents/pdf/render.ts"));
    assertEquals(renders, RENDERERS.has(name), `${name} reaches the renderer: ${renders}`);
    const ocr = graph.specifiers.some((s) => /tesseract|extraction\/ocr\/index\.ts/.test(s));
    assertEquals(ocr, false, `${name} has OCR in its graph`);
  });
}
