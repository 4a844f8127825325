import { blockedReason } from "../../shared/webhooks/address_class.ts";
import { checkUrlShape, RefusedUrl } from "../../shared/webhooks/ssrf.ts";
import { throws } from "node:assert/strict";
import { equal, match } from "../support/assert.ts";

/** [address, the reason's gist, or null for a global unicast address that may receive hooks] */
const TABLE: [string, RegExp | null][] = [
  // IPv4 special-purpose registry
  ["0.1.2.3", /unspecified/],
  ["10.255.0.1", /private/],
  ["100.64.0.1", /carrier/],
  ["100.127.255.255", /carrier/],
  ["127.0.0.1", /loopback/],
  ["169.254.169.254", /link-local/],
  ["172.16.0.1", /private/],
  ["192.0.0.1", /IETF/],
  ["192.0.0.170", /IETF/],
  ["192.0.2.1", /documentation/],
  ["192.31.196.1", /AS112/],
  ["192.52.193.1", /AMT/],
  ["192.88.99.1", /6to4/],
  ["192.168.1.1", /private/],
  ["192.175.48.1", /AS112/],
  ["198.18.0.1", /benchmarking/],
  ["198.19.255.255", /benchmarking/],
  ["198.51.100.7", /documentation/],
  ["203.0.113.9", /documentation/],
  ["224.0.0.1", /multicast/],
  ["240.0.0.1", /reserved/],
  ["255.255.255.255", /reserved/],
  ["8.8.8.8", null],
  ["100.128.0.1", null],
  ["172.32.0.1", null],
  ["198.20.0.1", null],
  ["192.0.1.1", null],
  // IPv4 inside IPv6, every form
  ["::127.0.0.1", /loopback.*compatible/],
  ["::7f00:1", /loopback/],
  ["::ffff:127.0.0.1", /loopback.*mapped/],
  ["::ffff:a00:1", /private.*mapped/],
  ["::ffff:0:127.0.0.1", /loopback.*translated/],
  ["::ffff:0:a9fe:a9fe", /link-local.*translated/],
  ["64:ff9b::127.0.0.1", /loopback.*NAT64/],
  ["64:ff9b::c612:1", /benchmarking.*NAT64/],
  ["64:ff9b:1::8.8.8.8", /NAT64/],
  ["2002:7f00:1::", /loopback.*6to4/],
  ["2002:c0a8:101::1", /private.*6to4/],
  ["2001:0:4136:e378:8000:63bf:80ff:fffe", /loopback.*Teredo/],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", /Teredo/],
  ["::ffff:8.8.8.8", null],
  ["64:ff9b::808:808", null],
  ["2002:808:808::1", null],
  // IPv6
  ["::", /unspecified/],
  ["::1", /loopback/],
  ["fc00::1", /unique local/],
  ["fe80::1%eth0", /link-local/],
  ["fec0::1", /site-local/],
  ["ff02::1", /multicast/],
  ["100::1", /non-global/],
  ["2001:db8::1", /documentation/],
  ["2001:2::1", /IETF/],
  ["3fff::1", /documentation/],
  ["2620:4f:8000::1", /AS112/],
  ["4000::1", /non-global/],
  ["2606:4700::1111", null],
  ["2a00:1450:4001::200e", null],
  ["not-an-address", /unparseable/],
];

Deno.test("only global unicast addresses may receive webhooks", () => {
  for (const [address, expected] of TABLE) {
    const reason = blockedReason(address);
    if (expected === null) equal(reason, null, address);
    else match(reason ?? "(accepted)", expected, address);
  }
});

Deno.test("webhook URLs with IPv4-in-IPv6 and special-purpose literals are refused", () => {
  const policy = { allowPrivate: false };
  for (
    const url of [
      "https://[::127.0.0.1]/h",
      "https://[::ffff:0:127.0.0.1]/h",
      "https://[64:ff9b::127.0.0.1]/h",
      "https://[2002:7f00:1::]/h",
      "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/h",
      "https://198.18.0.1/h",
      "https://192.0.0.8/h",
      "https://2130706433/h",
      "https://0x7f.1/h",
    ]
  ) {
    throws(() => checkUrlShape(url, policy), RefusedUrl, url);
  }
  equal(checkUrlShape("https://[2606:4700::1111]/h", policy).name, null);
});
