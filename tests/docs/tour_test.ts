import { startDocumentWorker } from "../../shared/documents/jobs/run_worker.ts";
import { startExtractionWorker } from "../../shared/extraction/jobs/run_worker.ts";
import { assert, assertEquals } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serveOnLoopback, serviceTest, TEST_KEYS, testService } from "../support/service.ts";

const STEPS = [
  "service",
  "create a team",
  "create a shipment",
  "validate",
  "verify the hash (JSON)",
  "verify the hash (HTML page)",
  "generate two documents",
  "poll the jobs",
  "download a PDF",
  "extract data from it",
];

/** `deno task tour` as a user runs it: its own process, over HTTP. */
async function runTour(baseUrl: string) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-net",
      "--allow-env",
      "--allow-read",
      "--allow-write",
      new URL("../../scripts/tour.ts", import.meta.url).pathname,
    ],
    env: {
      BASE_URL: baseUrl,
      ANON_KEY: TEST_KEYS.anonKey,
      SERVICE_ROLE_KEY: TEST_KEYS.serviceRoleKey,
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const lines = new TextDecoder().decode(output.stdout).trim().split("\n");
  return { code: output.code, lines, stderr: new TextDecoder().decode(output.stderr) };
}

/** A free loopback port, known before the service starts: its signed URLs must name it. */
function freePort(): number {
  const listener = Deno.listen({ port: 0, hostname: "127.0.0.1" });
  const { port } = listener.addr;
  listener.close();
  return port;
}

serviceTest(
  `the tour script walks a running service, every step OK (${testDbKind()})`,
  async () => {
    const port = freePort();
    const svc = await testService({
      env: {
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        RENDER_THREADS: "1",
        EXTRACTION_THREADS: "1",
      },
    });
    const server = serveOnLoopback(svc.gateway, port);
    const documents = await startDocumentWorker(svc.deps);
    const extraction = await startExtractionWorker(svc.deps);
    try {
      const tour = await runTour(server.url);
      assertEquals(tour.code, 0, `the tour failed:\n${tour.lines.join("\n")}\n${tour.stderr}`);
      assertEquals(tour.lines.map((line) => line.replace(/:.*/, "")), STEPS.map((s) => `OK ${s}`));
    } finally {
      await documents.stop();
      await extraction.stop();
      await server.close();
    }
  },
);

Deno.test("the tour says which step failed, and why, and exits 1", async () => {
  const tour = await runTour(`http://127.0.0.1:${freePort()}`);
  assertEquals(tour.code, 1);
  assertEquals(tour.lines.length, 1);
  assert(
    tour.lines[0]!.startsWith("FAILED service: GET http://127.0.0.1:") &&
      tour.lines[0]!.includes("is `deno task start` running there?"),
    tour.lines[0] ?? "",
  );
});
