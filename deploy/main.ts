/**
 * Deno Deploy's entrypoint: the whole service as one app (deploy/app.ts), configured by
 * environment variables only. Step by step in docs/deploy-deno.md.
 *
 * Locally: deno run --unstable-cron --allow-net --allow-env --allow-read --allow-sys
 * --deny-write --deny-run --deny-ffi deploy/main.ts
 */
import { deployApp, deployListenOptions } from "./app.ts";

const app = deployApp(Deno.env);

// Deploy finds cron jobs by running this module's top level: registered here, before serving.
// Every minute: documents left by a request's drain, retried jobs and webhook retries.
Deno.cron("drain queues", "* * * * *", async () => {
  const processed = await app.drainScheduled();
  if (processed) console.log(JSON.stringify({ level: "info", message: "cron drain", processed }));
});

Deno.serve(deployListenOptions(Deno.env), app.fetch);
