/**
 * PostgreSQL going away under the running service (a loopback proxy in front of the run's
 * database is stopped and started): every request fails fast with 503 SVC_SYS_002 and
 * Retry-After, and the service serves again by itself once the database is back.
 */
import { createTeam } from "../../shared/admin/repo.ts";
import { assert, equal } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { TcpProxy } from "../support/tcp_proxy.ts";
import { startService } from "../../supabase/gateway/server.ts";

Deno.test({
  name: "a PostgreSQL outage answers 503 with Retry-After, and the service recovers by itself",
  ignore: testDbKind() !== "postgres",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const target = new URL(Deno.env.get("TEST_DATABASE_URL")!);
    const proxy = new TcpProxy({ hostname: target.hostname, port: Number(target.port || 5432) });
    proxy.start();
    const viaProxy = new URL(target);
    viaProxy.port = String(proxy.port);
    const env = new Map(Object.entries({
      DATABASE_URL: viaProxy.toString(),
      DATA_DIR: Deno.makeTempDirSync({ prefix: "trade-outage-" }),
      LOG_REQUESTS: "false",
      RATE_LIMIT_PER_MINUTE: "0",
      DB_CONNECT_TIMEOUT_SECONDS: "2",
      DB_POOL_SIZE: "4",
    }));
    const service = await startService({ get: (k) => env.get(k) }, { port: 0 });
    try {
      const team = await createTeam(service.deps.db, "Outage team", "starter");
      const headers = {
        authorization: `Bearer ${team.api_key}`,
        apikey: service.deps.config.anonKey,
        "content-type": "application/json",
      };
      const create = () =>
        fetch(`${service.url}/functions/v1/create-shipment`, {
          method: "POST",
          headers,
          body: JSON.stringify({ shipment_data: { shipment_ref: "OUT-1" } }),
        });
      const list = () =>
        fetch(`${service.url}/functions/v1/get-shipment?status=created`, { headers });
      const health = () => fetch(`${service.url}/health`);

      await t.step("serves while the database is up", async () => {
        const res = await create();
        equal(res.status, 201, await res.clone().text());
        await res.body?.cancel();
      });

      await t.step(
        "answers 503 SVC_SYS_002 with Retry-After within 5 s while it is away",
        async () => {
          proxy.stop();
          for (const call of [create, list, health, create]) {
            const started = performance.now();
            const res = await call();
            const took = performance.now() - started;
            const body = await res.json();
            equal(res.status, 503, JSON.stringify(body));
            equal(body.error.code, "SVC_SYS_002");
            assert(Number(res.headers.get("retry-after")) > 0, "Retry-After");
            assert(took < 5000, `answered after ${took.toFixed(0)} ms`);
          }
        },
      );

      await t.step(
        "20 at once, more than the pool holds: none waits for the database",
        async () => {
          const started = performance.now();
          const answers = await Promise.all(Array.from({ length: 20 }, create));
          for (const res of answers) {
            equal(res.status, 503);
            await res.body?.cancel();
          }
          const took = performance.now() - started;
          assert(took < 5000, `answered after ${took.toFixed(0)} ms`);
        },
      );

      await t.step("serves again within 5 s of the database's return", async () => {
        proxy.start();
        const back = performance.now();
        let status = 0;
        while (performance.now() - back < 5000) {
          const res = await create();
          status = res.status;
          await res.body?.cancel();
          if (status === 201) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        equal(status, 201);
      });
    } finally {
      proxy.start();
      await service.close();
      proxy.stop();
    }
  },
});
