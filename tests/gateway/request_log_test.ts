/** The request log line names the path the client called, with its /functions/v1 prefix. */
import { assertEquals } from "../support/assert.ts";
import { createLogger } from "../../shared/platform/http/log.ts";
import { buildDeps } from "../../shared/deps.ts";
import { createGateway } from "../../supabase/gateway/gateway.ts";
import { serviceTest, testService } from "../support/service.ts";

serviceTest("request log lines keep the path as called", async () => {
  const { db, deps: base } = await testService();
  const lines: Record<string, unknown>[] = [];
  const decoder = new TextDecoder();
  const sink = new WritableStream<Uint8Array>({
    write(chunk) {
      for (const line of decoder.decode(chunk).split("\n").filter(Boolean)) {
        lines.push(JSON.parse(line));
      }
    },
  });
  const deps = buildDeps(base.config, db, createLogger(true, sink));
  const gateway = createGateway(deps);
  for (const path of ["/functions/v1/verify-hash/" + "a".repeat(64), "/api/v1/hs-codes/0901"]) {
    await (await gateway.fetch(new Request(`http://service.test${path}`), {
      remoteAddr: "127.0.0.1",
    })).body?.cancel();
  }
  await deps.log.flush();
  assertEquals(lines.map((l) => l.path), [
    "/functions/v1/verify-hash/" + "a".repeat(64),
    "/api/v1/hs-codes/0901",
  ]);
});
