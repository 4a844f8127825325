import { postOnce } from "../../shared/webhooks/http_post.ts";
import { checkedLookup, REFUSED_CODE, type UrlPolicy } from "../../shared/webhooks/ssrf.ts";
import { assert, equal, match } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import { serviceTest, testService } from "../support/service.ts";
import { deliveryOf, emit, waitUntil, webhookWorker } from "./support.ts";
import { testTls } from "./tls.ts";

const HOST = "hooks.test";

/** An HTTPS receiver for HOST on one loopback address, counting what it gets. */
function httpsReceiver(hostname: string, port: number, tls: { cert: string; key: string }) {
  const hosts: string[] = [];
  const server = Deno.serve(
    { hostname, port, ...tls, onListen: () => {} },
    (req) => {
      hosts.push(req.headers.get("host") ?? "");
      return new Response("ok");
    },
  );
  return { port: server.addr.port, hosts, close: () => server.shutdown() };
}

/** Two receivers on one port: 127.0.0.2 plays a public address, 127.0.0.1 an inside one. */
async function outsideAndInside(tls: { cert: string; key: string }) {
  for (let tries = 0;; tries++) {
    const outside = httpsReceiver("127.0.0.2", 0, tls);
    try {
      return { outside, inside: httpsReceiver("127.0.0.1", outside.port, tls) };
    } catch (error) {
      await outside.close();
      if (!(error instanceof Deno.errors.AddrInUse) || tries === 5) throw error;
    }
  }
}

const post = (url: URL, policy: UrlPolicy, ca: string) =>
  postOnce(url, {
    headers: { "content-type": "application/json" },
    body: "{}",
    timeoutMs: 5_000,
    lookup: checkedLookup(policy),
    caCerts: [ca],
  });

serviceTest(
  "a webhook goes to the address that was checked, not to a later DNS answer",
  async () => {
    const tls = await testTls(HOST);
    const { outside, inside } = await outsideAndInside(tls);
    let lookups = 0;
    // A rebinding name: the first answer is "public", every later one points inside.
    const policy: UrlPolicy = {
      allowPrivate: false,
      resolve: () => Promise.resolve([lookups++ === 0 ? "127.0.0.2" : "127.0.0.1"]),
      blocked: (address) => address === "127.0.0.1" ? "an inside (test)" : null,
    };
    const url = new URL(`https://${HOST}:${outside.port}/hooks`);
    try {
      const answer = await post(url, policy, tls.ca);
      equal(answer.status, 200);
      equal(lookups, 1, "one lookup per request: the checked answer is the one connected to");
      equal(outside.hosts.length, 1);
      equal(outside.hosts[0], `${HOST}:${outside.port}`);

      // The next request finds the name pointing inside: refused before any connection.
      let refused: unknown;
      await post(url, policy, tls.ca).catch((error) => (refused = error));
      equal((refused as { code?: string }).code, REFUSED_CODE);
      match((refused as Error).message, /resolves to an inside \(test\) address 127\.0\.0\.1/);
      equal(inside.hosts.length, 0);

      // TLS checks the certificate against the URL's name, whatever address is connected to.
      let mismatch: unknown;
      await post(new URL(`https://other.test:${outside.port}/`), {
        ...policy,
        resolve: () => Promise.resolve(["127.0.0.2"]),
      }, tls.ca).catch((error) => (mismatch = error));
      assert(mismatch instanceof Error);
      match(String(mismatch), /certificate|other\.test/i);
      equal(outside.hosts.length, 1);
    } finally {
      await outside.close();
      await inside.close();
    }
  },
);

serviceTest(
  `a delivery to a name that resolves inside is refused at connect time (${testDbKind()})`,
  async () => {
    const svc = await testService();
    const team = await svc.newTeam();
    const tls = await testTls(HOST);
    const inside = httpsReceiver("127.0.0.1", 0, tls);
    // Subscribed while the name pointed elsewhere (the API checked it then).
    const [sub] = await svc.db.query<{ id: string }>(
      `insert into webhook_subscriptions (team_id, url, events, secret)
       values ($1, $2, '{document.failed}', 'whsec_test') returning id`,
      [team.teamId, `https://${HOST}:${inside.port}/hooks`],
    );
    const eventId = await emit(svc, team);
    const worker = webhookWorker(svc, {
      resolve: () => Promise.resolve(["127.0.0.1"]),
      caCerts: [tls.ca],
    });
    worker.start();
    try {
      await waitUntil(
        "the refused attempt",
        async () => (await deliveryOf(svc, sub!.id, eventId))?.last_error != null,
      );
    } finally {
      await worker.stop();
      await inside.close();
    }
    const delivery = await deliveryOf(svc, sub!.id, eventId);
    equal(delivery!.status, "pending");
    equal(delivery!.last_status_code, null);
    match(delivery!.last_error!, /^Refused: url host hooks\.test resolves to a loopback address/);
    equal(inside.hosts.length, 0);
  },
);
