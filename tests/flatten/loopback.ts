import type { Gateway } from "../../supabase/gateway/gateway.ts";
import { type TestService, testService } from "../support/service.ts";

export interface LoopbackService {
  svc: TestService;
  url: string;
  close(): Promise<void>;
}

/**
 * The service behind a real loopback port whose address is its PUBLIC_BASE_URL, so the signed
 * download URLs it mints work over HTTP (the port is taken before the service is built).
 */
export async function loopbackService(env: Record<string, string> = {}): Promise<LoopbackService> {
  const started: { gateway?: Gateway } = {};
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    (request, info) =>
      started.gateway
        ? started.gateway.fetch(request, { remoteAddr: info.remoteAddr.hostname })
        : new Response("starting", { status: 503 }),
  );
  const url = `http://127.0.0.1:${server.addr.port}`;
  const svc = await testService({ env: { PUBLIC_BASE_URL: url, ...env } });
  started.gateway = svc.gateway;
  return { svc, url, close: () => server.shutdown() };
}
