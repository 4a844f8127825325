/**
 * Where webhooks may go. Subscription URLs must be https (http only with private networks
 * allowed, for local development and tests), and the host must be, and resolve only to, global
 * unicast addresses (address_class.ts). Delivery checks again (DNS may
 * have changed), connects to exactly the addresses it checked (see checkedLookup) and never
 * follows redirects.
 */
import { blockedReason, parseIpv4 } from "./address_class.ts";

export { blockedReason };

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
