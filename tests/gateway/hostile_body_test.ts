/**
 * Bodies from hostile senders, over real HTTP on loopback with raw TCP: slow senders are cut
 * off at the read deadline, a declared Content-Length reserves nothing, a team's uploads in
 * flight are capped, and JSON that would be stored as something else is a 400 with its path.
 */
import { assert, equal } from "../support/assert.ts";
import { listenGateway } from "../../supabase/gateway/server.ts";
import { type Gateway } from "../../supabase/gateway/gateway.ts";
import { serviceTest, TEST_KEYS, testService } from "../support/service.ts";

const MIB = 1024 * 1024;

interface RawResponse {
  status: number;
  text: string;
  /** Milliseconds from the first byte sent to the whole answer received. */
  answeredAfterMs: number;
  /** Milliseconds from the first byte sent to the server closing the connection (if it did). */
  closedAfterMs: number | null;
}

/** The gateway as `deno task start` serves it, on a free loopback port. */
function serve(gateway: Gateway) {
  return listenGateway(gateway, { port: 0, hostname: "127.0.0.1" });
}

/**
 * Sends the request head and one byte of a body that declares `declared` bytes, then one byte
 * every `trickleMs` until the server's answer (with its Content-Length) has arrived, then waits
 * up to `waitCloseMs` for the server to close the connection.
 */
export async function slowSender(
  url: string,
  head: { path: string; headers: Record<string, string> },
  declared: number,
  trickleMs: number,
  waitCloseMs = 0,
): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const started = performance.now();
  const lines = [
    `POST ${head.path} HTTP/1.1`,
    `host: ${hostname}:${port}`,
    `content-length: ${declared}`,
    ...Object.entries(head.headers).map(([k, v]) => `${k}: ${v}`),
  ];
  const encoder = new TextEncoder();
  await conn.write(encoder.encode(lines.join("\r\n") + "\r\n\r\n{"));
  const trickle = setInterval(() => {
    conn.write(encoder.encode(" ")).catch(() => clearInterval(trickle));
  }, trickleMs);
  let text = "";
  let answeredAfterMs = 0;
  let closedAfterMs: number | null = null;
  try {
    const buf = new Uint8Array(64 * 1024);
    const read = () => conn.read(buf).catch(() => null);
    while (!answerComplete(text)) {
      const n = await read();
      if (n === null) {
        closedAfterMs = performance.now() - started;
        break;
      }
      text += new TextDecoder().decode(buf.subarray(0, n));
    }
    answeredAfterMs = performance.now() - started;
    const giveUp = answeredAfterMs + waitCloseMs;
    while (closedAfterMs === null && performance.now() - started < giveUp) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const n = await Promise.race([
        read(),
        new Promise<"wait">((r) => timer = setTimeout(() => r("wait"), waitCloseMs)),
      ]);
      clearTimeout(timer);
      if (n === null) closedAfterMs = performance.now() - started;
      if (n === null || n === "wait") break;
    }
  } finally {
    clearInterval(trickle);
    conn.close();
  }
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  return { status, text, answeredAfterMs, closedAfterMs };
}

function answerComplete(text: string): boolean {
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1];
  return length !== undefined && text.length - end - 4 >= Number(length);
}

function teamHeaders(apiKey: string, type: string): Record<string, string> {
  return { authorization: `Bearer ${apiKey}`, apikey: TEST_KEYS.anonKey, "content-type": type };
}

serviceTest("hostile bodies over real HTTP", async (t) => {
  const svc = await testService({
    env: { BODY_READ_TIMEOUT_SECONDS: "1", MAX_UPLOADS_PER_TEAM: "2" },
  });
  const team = await svc.newTeam();
  const server = await serve(svc.gateway);
  try {
    await t.step(
      "a slow sender is answered 408 SVC_REQ_005 at the read deadline, and its socket closed",
      async () => {
        const res = await slowSender(
          server.url,
          {
            path: "/functions/v1/create-shipment",
            headers: teamHeaders(team.apiKey, "application/json"),
          },
          MIB,
          200,
          3000,
        );
        equal(res.status, 408, res.text.slice(0, 300));
        assert(res.text.includes("SVC_REQ_005"), res.text);
        assert(/\r\nconnection: close\r\n/i.test(res.text), res.text.slice(0, 300));
        assert(res.answeredAfterMs < 2500, `answered after ${res.answeredAfterMs} ms`);
        // Deno.serve kept such sockets 8 s and more after the 408.
        assert(
          res.closedAfterMs !== null && res.closedAfterMs < 2500,
          `closed after ${res.closedAfterMs} ms`,
        );
      },
    );

    await t.step("declared lengths reserve no memory while the bytes trickle in", async () => {
      const unlimited = await testService({
        env: { BODY_READ_TIMEOUT_SECONDS: "2", MAX_UPLOADS_PER_TEAM: "0" },
      });
      const other = await unlimited.newTeam();
      const loop = await serve(unlimited.gateway);
      try {
        const before = Deno.memoryUsage().rss;
        let peak = before;
        const sampler = setInterval(() => peak = Math.max(peak, Deno.memoryUsage().rss), 50);
        const answers = await Promise.all(
          Array.from({ length: 20 }, () =>
            slowSender(
              loop.url,
              {
                path: "/api/v1/extract",
                headers: teamHeaders(other.apiKey, "multipart/form-data; boundary=x"),
              },
              20 * MIB,
              300,
              3000,
            )),
        );
        clearInterval(sampler);
        for (const a of answers) {
          equal(a.status, 408, a.text.slice(0, 200));
          assert(a.closedAfterMs !== null && a.closedAfterMs < 4000, `${a.closedAfterMs} ms`);
        }
        // Reserving the declared lengths would take 400 MiB.
        const grewMib = (peak - before) / MIB;
        assert(grewMib < 150, `RSS grew ${grewMib.toFixed(0)} MiB`);
      } finally {
        await loop.shutdown();
      }
    });

    await t.step("a team's third upload in flight is 429 while two trickle", async () => {
      const slow = Array.from({ length: 2 }, () =>
        slowSender(
          server.url,
          {
            path: "/api/v1/extract",
            headers: teamHeaders(team.apiKey, "multipart/form-data; boundary=x"),
          },
          MIB,
          200,
        ));
      await new Promise((r) => setTimeout(r, 300));
      const third = await fetch(`${server.url}/api/v1/extract`, {
        method: "POST",
        headers: teamHeaders(team.apiKey, "multipart/form-data; boundary=x"),
        body: "--x--\r\n",
      });
      equal(third.status, 429);
      equal((await third.json()).error.code, "SVC_RATE_LIMIT");
      assert(third.headers.get("retry-after"), "Retry-After");
      for (const a of await Promise.all(slow)) equal(a.status, 408);
      // The slots are given back once those answered.
      const after = await fetch(`${server.url}/api/v1/extract`, {
        method: "POST",
        headers: teamHeaders(team.apiKey, "multipart/form-data; boundary=x"),
        body: "--x--\r\n",
      });
      equal(after.status, 400);
      await after.body?.cancel();
    });
  } finally {
    await server.shutdown();
  }
});

serviceTest("GATEWAY_HTTP_SERVER=deno serves the gateway through Deno.serve", async () => {
  const svc = await testService();
  const server = await listenGateway(svc.gateway, {
    port: 0,
    hostname: "127.0.0.1",
    with: "deno",
  });
  try {
    const res = await fetch(`${server.url}/health`);
    equal(res.status, 200);
    equal((await res.json()).status, "ok");
  } finally {
    await server.shutdown();
  }
});

serviceTest("JSON that would be stored as something else is a 400 with its path", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const post = (body: BodyInit, type = "application/json") =>
    svc.fetch("/functions/v1/create-shipment", {
      method: "POST",
      headers: teamHeaders(team.apiKey, type),
      body,
    });
  const cases: [string, BodyInit, string, RegExp][] = [
    ["1e309", '{"shipment_data":{"total":1e309}}', "application/json", /shipment_data\.total/],
    [
      "an integer past 2^53",
      '{"shipment_data":{"lines":[{"qty":9007199254740993}]}}',
      "application/json",
      /shipment_data\.lines\.0\.qty/,
    ],
    [
      "a negative integer past -2^53, beside a long digit string in text",
      '{"shipment_data":{"id":"12345678901234567890","n":-9007199254740993}}',
      "application/json",
      /shipment_data\.n/,
    ],
    [
      "charset=utf-16",
      '{"shipment_data":{}}',
      "application/json; charset=utf-16",
      /UTF-8/,
    ],
    [
      "invalid UTF-8",
      new Uint8Array([
        ...new TextEncoder().encode('{"shipment_data":{"a":"'),
        0xff,
        0x22,
        0x7d,
        0x7d,
      ]),
      "application/json",
      /UTF-8/,
    ],
  ];
  for (const [name, body, type, message] of cases) {
    await t.step(name, async () => {
      const res = await post(body, type);
      equal(res.status, 400);
      const json = await res.json();
      equal(json.error.code, "SVC_REQ_002");
      assert(message.test(json.error.message), json.error.message);
    });
  }
  await t.step("utf-8 charset and safe integers are accepted", async () => {
    const res = await post(
      '{"shipment_data":{"shipment_ref":"R-1","qty":9007199254740991,"big":18446744073709552000,"e":1e21,"w":1.5e-300,"id":"12345678901234567890"}}',
      "application/json; charset=UTF-8",
    );
    assert(res.status < 500, String(res.status));
    const json = await res.json();
    assert(json.error?.code !== "SVC_REQ_002", JSON.stringify(json));
  });
});
