/**
 * Where webhooks may go. Subscription URLs must be https (http only with private networks
 * allowed, for local development and tests), and the host must not be, or resolve to, a
 * loopback, private, link-local, unspecified or metadata address. Delivery checks again (DNS may
 * have changed), connects to exactly the addresses it checked (see checkedLookup) and never
 * follows redirects.
 */

export interface UrlPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS=true: any address and plain http are allowed. */
  allowPrivate: boolean;
  /** Resolves a host name to its addresses (tests may replace it). */
  resolve?: (hostname: string) => Promise<string[]>;
  /** Why an address is refused, or null (blockedReason; tests may narrow it). */
  blocked?: (address: string) => string | null;
}

/** RefusedUrl's code: it survives where the error's class may not (through node:http). */
export const REFUSED_CODE = "ERR_WEBHOOK_URL_REFUSED";

export class RefusedUrl extends Error {
  readonly code = REFUSED_CODE;
}

/**
 * Throws RefusedUrl when `raw` may not receive webhooks; returns the parsed URL otherwise.
 * A host name is resolved and every address checked.
 */
export async function checkWebhookUrl(raw: string, policy: UrlPolicy): Promise<URL> {
  const { url, name } = checkUrlShape(raw, policy);
  if (name !== null) await resolveChecked(name, policy);
  return url;
}

/**
 * Everything about `raw` that needs no DNS: a valid absolute URL, the scheme, no credentials,
 * an IP literal host in an allowed range, no localhost name. Answers the host name still to be
 * resolved (null for an IP literal, or when private networks are allowed).
 */
export function checkUrlShape(raw: string, policy: UrlPolicy): { url: URL; name: string | null } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedUrl("url is not a valid absolute URL");
  }
  if (url.protocol !== "https:" && !(policy.allowPrivate && url.protocol === "http:")) {
    throw new RefusedUrl("url must use https");
  }
  if (url.username || url.password) throw new RefusedUrl("url must not carry credentials");
  if (policy.allowPrivate) return { url, name: null };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIpLiteral(host)) {
    refuseBlocked(host, [host], policy);
    return { url, name: null };
  }
  if (host === "localhost" || host.endsWith(".localhost")) {
    throw new RefusedUrl(`url host ${host} is a loopback name`);
  }
  return { url, name: host };
}

/** The addresses of a host name, each checked; throws RefusedUrl if any may not be used. */
export async function resolveChecked(name: string, policy: UrlPolicy): Promise<string[]> {
  const addresses = await (policy.resolve ?? resolveHost)(name);
  if (addresses.length === 0) throw new RefusedUrl(`url host ${name} does not resolve`);
  refuseBlocked(name, addresses, policy);
  return addresses;
}

function refuseBlocked(host: string, addresses: string[], policy: UrlPolicy): void {
  for (const address of addresses) {
    const reason = (policy.blocked ?? blockedReason)(address);
    if (reason) throw new RefusedUrl(`url host ${host} resolves to ${reason} address ${address}`);
  }
}

/** What node:http calls to turn a host name into addresses (the `lookup` request option). */
export type LookupFunction = (
  hostname: string,
  options: { all?: boolean },
  callback: (
    error: Error | null,
    address: string | { address: string; family: number }[],
    family?: number,
  ) => void,
) => void;

/**
 * A `lookup` for node:http that resolves the name itself and answers only addresses it
 * checked, so the socket connects to exactly what was checked. Checking a name and then
 * letting the HTTP client resolve it again would leave a gap: a name whose DNS answers change
 * between the two lookups (DNS rebinding) would pass the check with a public address and be
 * connected to a private one.
 */
export function checkedLookup(policy: UrlPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveChecked(hostname, policy).then((addresses) => {
      const all = addresses.map((address) => ({
        address,
        family: address.includes(":") ? 6 : 4,
      }));
      if (options.all) callback(null, all);
      else callback(null, all[0]!.address, all[0]!.family);
    }, (error) => callback(error, ""));
  };
}

/** A and AAAA records of `hostname`; a name without either resolves to nothing. */
export async function resolveHost(hostname: string): Promise<string[]> {
  const [a, aaaa] = await Promise.all([
    Deno.resolveDns(hostname, "A").catch(() => [] as string[]),
    Deno.resolveDns(hostname, "AAAA").catch(() => [] as string[]),
  ]);
  return [...a, ...aaaa];
}

function isIpLiteral(host: string): boolean {
  return parseIpv4(host) !== null || host.includes(":");
}

/** Why an address may not receive webhooks (`loopback`, `private`…), or null when it may. */
export function blockedReason(address: string): string | null {
  const v4 = parseIpv4(address) ?? mappedIpv4(address);
  if (v4) {
    const [a, b] = v4;
    if (a === 127) return "a loopback";
    if (a === 0) return "an unspecified";
    if (a === 10 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168)) {
      return "a private";
    }
    if (a === 169 && b === 254) return "a link-local (metadata)";
    if (a === 100 && b! >= 64 && b! <= 127) return "a shared (carrier NAT)";
    if (a! >= 224) return "a multicast or reserved";
    return null;
  }
  const words = parseIpv6(address);
  if (!words) return "an unparseable";
  if (words.every((w) => w === 0)) return "an unspecified";
  if (words.slice(0, 7).every((w) => w === 0) && words[7] === 1) return "a loopback";
  const first = words[0]!;
  if ((first & 0xfe00) === 0xfc00) return "a private (unique local)";
  if ((first & 0xffc0) === 0xfe80) return "a link-local";
  if ((first & 0xff00) === 0xff00) return "a multicast";
  return null;
}

function parseIpv4(s: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/** `::ffff:a.b.c.d` (and its hex form): an IPv4 address in IPv6 clothing. */
function mappedIpv4(s: string): number[] | null {
  const words = parseIpv6(s);
  if (!words || !words.slice(0, 5).every((w) => w === 0) || words[5] !== 0xffff) return null;
  return [words[6]! >> 8, words[6]! & 0xff, words[7]! >> 8, words[7]! & 0xff];
}

function parseIpv6(input: string): number[] | null {
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
