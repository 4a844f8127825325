import { readConfig } from "../../shared/platform/config.ts";
import { workerStorageProblem } from "../../shared/platform/runtime/worker_storage.ts";
import { equal, match } from "../support/assert.ts";
import { TEST_KEYS } from "../support/service.ts";

const WORKER = new URL("../../scripts/worker.ts", import.meta.url).pathname;

function problem(vars: Record<string, string>): string | null {
  const env = { get: (k: string) => vars[k] };
  return workerStorageProblem(readConfig(env, TEST_KEYS), env);
}

Deno.test("a worker with local storage must say it shares the service's DATA_DIR", () => {
  match(problem({}) ?? "", /STORAGE_LOCAL_SHARED=true/);
  equal(problem({ STORAGE_LOCAL_SHARED: "true" }), null);
  equal(problem({ SUPABASE_URL: "https://project.supabase.co" }), null);
});

Deno.test({
  name: "deno task worker refuses to start with local storage on its own",
  ignore: !Deno.env.get("TEST_DATABASE_URL"),
  fn: async () => {
    const dataDir = await Deno.makeTempDir({ prefix: "trade-worker-" });
    try {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", WORKER],
        env: { DATABASE_URL: Deno.env.get("TEST_DATABASE_URL")!, DATA_DIR: dataDir },
        clearEnv: true,
        stdout: "piped",
        stderr: "piped",
      }).output();
      equal(out.code, 2);
      match(new TextDecoder().decode(out.stderr), /cannot serve from another machine/);
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
