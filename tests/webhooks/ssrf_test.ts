import { newWebhookSecret, signPayload } from "../../shared/webhooks/signing.ts";
import {
  blockedReason,
  checkedLookup,
  checkUrlShape,
  checkWebhookUrl,
  RefusedUrl,
} from "../../shared/webhooks/ssrf.ts";
import { assert, assertEquals, equal, match } from "../support/assert.ts";

const resolvingTo = (addresses: string[]) => ({
  allowPrivate: false,
  resolve: () => Promise.resolve(addresses),
});

Deno.test("a host name resolving to a private address is refused", async () => {
  for (const address of ["127.0.0.1", "10.1.2.3", "169.254.169.254", "::1", "fc00::5", "0.0.0.0"]) {
    let refused: unknown;
    await checkWebhookUrl("https://hooks.example.com/x", resolvingTo(["93.184.216.34", address]))
      .catch((e) => (refused = e));
    assert(refused instanceof RefusedUrl, address);
    match((refused as Error).message, new RegExp(address.replaceAll(".", "\\.")));
  }
  const ok = await checkWebhookUrl("https://hooks.example.com/x", resolvingTo(["93.184.216.34"]));
  equal(ok.hostname, "hooks.example.com");
  let unresolved: unknown;
  await checkWebhookUrl("https://nowhere.example/x", resolvingTo([])).catch((
    e,
  ) => (unresolved = e));
  assert(unresolved instanceof RefusedUrl);
});

Deno.test("address ranges", () => {
  for (
    const blocked of [
      "127.0.0.1",
      "127.255.0.9",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.0.1",
      "0.0.0.0",
      "::",
      "::1",
      "fc00::1",
      "fdff::1",
      "fe80::1",
      "febf::1",
      "::ffff:10.0.0.1",
      "::ffff:7f00:1",
    ]
  ) {
    assert(blockedReason(blocked) !== null, blocked);
  }
  for (const open of ["93.184.216.34", "172.32.0.1", "8.8.8.8", "2606:4700::1111"]) {
    equal(blockedReason(open), null, open);
  }
});

Deno.test("with private networks allowed, loopback http is accepted", async () => {
  const url = await checkWebhookUrl("http://127.0.0.1:8080/h", { allowPrivate: true });
  equal(url.port, "8080");
});

Deno.test("signatures and secrets", async () => {
  match(newWebhookSecret(), /^whsec_[A-Za-z0-9_-]{43}$/);
  assert(newWebhookSecret() !== newWebhookSecret());
  // RFC 4231 test case 2.
  equal(
    await signPayload("Jefe", "what do ya want for nothing?"),
    "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
  );
});

Deno.test("checkedLookup answers the checked addresses, in the form node:http asks for", async () => {
  const lookup = checkedLookup(resolvingTo(["93.184.216.34", "2606:2800:220:1::1"]));
  const ask = (all: boolean) =>
    new Promise<unknown[]>((resolve) =>
      lookup(
        "hooks.example.com",
        { all },
        (error, address, family) => resolve([error, address, family]),
      )
    );
  assertEquals(await ask(true), [
    null,
    [{ address: "93.184.216.34", family: 4 }, { address: "2606:2800:220:1::1", family: 6 }],
    undefined,
  ]);
  assertEquals(await ask(false), [null, "93.184.216.34", 4]);
  const refused = await new Promise<Error | null>((resolve) =>
    checkedLookup(resolvingTo(["93.184.216.34", "10.0.0.7"]))(
      "hooks.example.com",
      { all: true },
      (error) => resolve(error),
    )
  );
  assert(refused instanceof RefusedUrl);
  match(refused.message, /10\.0\.0\.7/);
});

Deno.test("checkUrlShape refuses IP literals in private ranges without asking DNS", () => {
  let asked = false;
  const policy = {
    allowPrivate: false,
    resolve: () => {
      asked = true;
      return Promise.resolve(["93.184.216.34"]);
    },
  };
  for (const url of ["https://10.1.2.3/h", "https://[::1]/h", "https://169.254.169.254/"]) {
    let refused: unknown;
    try {
      checkUrlShape(url, policy);
    } catch (error) {
      refused = error;
    }
    assert(refused instanceof RefusedUrl, url);
  }
  equal(asked, false);
  equal(checkUrlShape("https://93.184.216.34/h", policy).name, null);
  equal(checkUrlShape("https://hooks.example.com/h", policy).name, "hooks.example.com");
});
