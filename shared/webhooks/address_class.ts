/**
 * Which IP addresses are global unicast, the only ones a webhook may be sent to. Everything in
 * IANA's special-purpose registries (IPv4 and IPv6) is refused, whether the registry calls it
 * globally reachable or not: none of it is a customer's web server. An IPv6 address that
 * carries an IPv4 address (mapped, translated, compatible, NAT64, 6to4, Teredo) is judged by
 * the IPv4 address it carries, since that is where the packets end up.
 */

type Range = readonly [prefix: readonly number[], bits: number, reason: string];

/** IANA IPv4 Special-Purpose Address Registry, plus multicast and the reserved 240/4. */
const IPV4_SPECIAL: readonly Range[] = [
  [[0, 0, 0, 0], 8, "an unspecified (this network)"],
  [[10, 0, 0, 0], 8, "a private"],
  [[100, 64, 0, 0], 10, "a shared (carrier NAT)"],
  [[127, 0, 0, 0], 8, "a loopback"],
  [[169, 254, 0, 0], 16, "a link-local (metadata)"],
  [[172, 16, 0, 0], 12, "a private"],
  [[192, 0, 0, 0], 24, "an IETF protocol assignment"],
  [[192, 0, 2, 0], 24, "a documentation (TEST-NET-1)"],
  [[192, 31, 196, 0], 24, "an AS112"],
  [[192, 52, 193, 0], 24, "an AMT"],
  [[192, 88, 99, 0], 24, "a 6to4 relay anycast"],
  [[192, 168, 0, 0], 16, "a private"],
  [[192, 175, 48, 0], 24, "an AS112"],
  [[198, 18, 0, 0], 15, "a benchmarking"],
  [[198, 51, 100, 0], 24, "a documentation (TEST-NET-2)"],
  [[203, 0, 113, 0], 24, "a documentation (TEST-NET-3)"],
  [[224, 0, 0, 0], 4, "a multicast"],
  [[240, 0, 0, 0], 4, "a reserved (or broadcast)"],
];

/**
 * Special-purpose blocks inside 2000::/3 (global unicast); everything outside 2000::/3 is
 * refused anyway. 2002::/16 (6to4) and 2001::/32 (Teredo) are decoded before this applies.
 */
const IPV6_SPECIAL: readonly Range[] = [
  [[0x2001, 0x0db8], 32, "a documentation"],
  [[0x2001, 0x0000], 23, "an IETF protocol assignment"],
  [[0x3fff, 0x0000], 20, "a documentation"],
  [[0x2620, 0x004f, 0x8000], 48, "an AS112"],
];

/** Why an address may not receive webhooks (`a loopback`, `a private`…), or null when it may. */
export function blockedReason(address: string): string | null {
  const v4 = parseIpv4(address);
  if (v4) return ipv4Reason(v4);
  const words = parseIpv6(address);
  if (!words) return "an unparseable";
  if (words.every((w) => w === 0)) return "an unspecified";
  if (words.slice(0, 7).every((w) => w === 0) && words[7] === 1) return "a loopback";
  const embedded = embeddedIpv4(words);
  if (embedded) {
    for (const v4 of embedded.addresses) {
      const reason = ipv4Reason(v4);
      if (reason) return `${reason} (in ${embedded.form} form)`;
    }
    return embedded.form === "Teredo" ? "a Teredo tunnel" : null;
  }
  if ((words[0]! & 0xe000) !== 0x2000) return nonGlobalKind(words[0]!);
  return matchRange(IPV6_SPECIAL, words, 16);
}

function ipv4Reason(v4: readonly number[]): string | null {
  return matchRange(IPV4_SPECIAL, v4, 8);
}

function matchRange(ranges: readonly Range[], parts: readonly number[], width: number) {
  for (const [prefix, bits, reason] of ranges) {
    if (inPrefix(parts, prefix, bits, width)) return reason;
  }
  return null;
}

function inPrefix(
  parts: readonly number[],
  prefix: readonly number[],
  bits: number,
  width: number,
) {
  for (let i = 0, left = bits; left > 0; i++, left -= width) {
    const mask = left >= width
      ? (1 << width) - 1
      : ((1 << width) - 1) ^ ((1 << (width - left)) - 1);
    if (((parts[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** What an IPv6 address outside 2000::/3 is. */
function nonGlobalKind(first: number): string {
  if ((first & 0xfe00) === 0xfc00) return "a private (unique local)";
  if ((first & 0xffc0) === 0xfe80) return "a link-local";
  if ((first & 0xffc0) === 0xfec0) return "a site-local";
  if ((first & 0xff00) === 0xff00) return "a multicast";
  return "a non-global (reserved)";
}

/**
 * The IPv4 address(es) an IPv6 address carries, if it is one of the forms that do:
 * `::a.b.c.d` (compatible), `::ffff:a.b.c.d` (mapped), `::ffff:0:a.b.c.d` (translated),
 * `64:ff9b::a.b.c.d` (NAT64), `64:ff9b:1::/48` (local NAT64: any IPv4 inside), `2002:AABB:CCDD::`
 * (6to4) and `2001:0:SSSS:SSSS:…:CCCC:CCCC` (Teredo: server, and the client XOR 0xffff).
 */
function embeddedIpv4(w: readonly number[]): { form: string; addresses: number[][] } | null {
  const tail = [[w[6]! >> 8, w[6]! & 0xff, w[7]! >> 8, w[7]! & 0xff]];
  const zeros = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  if (zeros(0, 6)) return { form: "IPv4-compatible", addresses: tail };
  if (zeros(0, 5) && w[5] === 0xffff) return { form: "IPv4-mapped", addresses: tail };
  if (zeros(0, 4) && w[4] === 0xffff && w[5] === 0) {
    return { form: "IPv4-translated", addresses: tail };
  }
  if (w[0] === 0x64 && w[1] === 0xff9b) {
    // The local-use prefix 64:ff9b:1::/48 may put the IPv4 address anywhere: refuse it whole.
    if (w[2] === 1) return { form: "local NAT64", addresses: [[127, 0, 0, 1]] };
    if (zeros(2, 6)) return { form: "NAT64", addresses: tail };
  }
  if (w[0] === 0x2002) {
    return { form: "6to4", addresses: [[w[1]! >> 8, w[1]! & 0xff, w[2]! >> 8, w[2]! & 0xff]] };
  }
  if (w[0] === 0x2001 && w[1] === 0) {
    const client = [w[6]! ^ 0xffff, w[7]! ^ 0xffff];
    return {
      form: "Teredo",
      addresses: [
        [w[2]! >> 8, w[2]! & 0xff, w[3]! >> 8, w[3]! & 0xff],
        [client[0]! >> 8, client[0]! & 0xff, client[1]! >> 8, client[1]! & 0xff],
      ],
    };
  }
  return null;
}

export function parseIpv4(s: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

export function parseIpv6(input: string): number[] | null {
  let s = input.split("%")[0]!.toLowerCase();
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (tail) {
    const v4 = parseIpv4(tail[1]!);
    if (!v4) return null;
    s = s.slice(0, -tail[1]!.length) +
      `${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":"));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...rest];
  const words = groups.map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  return words.some(Number.isNaN) ? null : words;
}
