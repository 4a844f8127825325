import type { Context } from "hono";
import type { AppEnv } from "./types.ts";

export interface ClientAddressPolicy {
  /** A header the edge in front sets itself, overwriting whatever the client sent
   * (`CLIENT_IP_HEADER`, e.g. `cf-connecting-ip`); unset: none. */
  clientIpHeader?: string | undefined;
  /** Proxies in front that each append to X-Forwarded-For (`TRUSTED_PROXY_HOPS`). */
  trustedProxyHops: number;
}

/**
 * The caller's address, for per-address limits and logs. The left end of X-Forwarded-For is
 * whatever the client wrote; only the entries the trusted proxies appended can be believed, so
 * with N proxies the client is the N-th entry from the right. Without trusted proxies it is the
 * connection's address.
 */
export function clientAddress(c: Context<AppEnv>, policy: ClientAddressPolicy): string {
  if (policy.clientIpHeader) {
    const set = c.req.header(policy.clientIpHeader)?.trim();
    if (set) return set;
  }
  if (policy.trustedProxyHops > 0) {
    const entries = (c.req.header("x-forwarded-for") ?? "").split(",").map((s) => s.trim())
      .filter(Boolean);
    if (entries.length > 0) return entries[Math.max(0, entries.length - policy.trustedProxyHops)]!;
  }
  return c.env?.remoteAddr ?? "unknown";
}
