import type { Principal } from "../auth/principal.ts";
import type { HeldBody } from "./body_budget.ts";

/** What the gateway (or the edge runtime) passes to every app. */
export interface AppBindings {
  /** The client address, for per-address rate limits and logs. */
  remoteAddr?: string;
}

export interface AppVariables {
  principal: Principal;
  requestId: string;
  /** How long the route may wait for its body (BODY_READ_TIMEOUT_SECONDS). */
  bodyReadTimeoutMs: number;
  /** Upload routes: the process's budget for bodies held (body_budget.ts). */
  uploadBuffer?: HeldBody;
}

export interface AppEnv {
  Bindings: AppBindings;
  Variables: AppVariables;
}
