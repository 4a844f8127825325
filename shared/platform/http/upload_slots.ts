import { ServiceError } from "../errors/service_error.ts";
import { BodyBudget, UPLOAD_BUFFER_BYTES } from "./body_budget.ts";

/**
 * Counts each team's uploads in flight, so one team cannot hold every connection and every
 * megabyte of upload buffer at once. In-process, like the rate limits.
 */
export class UploadSlots {
  readonly #inFlight = new Map<string, number>();

  /** What every team's uploads together may hold in memory while they are read. */
  readonly buffer: BodyBudget;

  constructor(readonly perTeam: number, bufferBytes = UPLOAD_BUFFER_BYTES) {
    this.buffer = new BodyBudget(bufferBytes);
  }

  /** Takes a slot for `teamId`, or throws 429 SVC_RATE_LIMIT; call the result to give it back. */
  take(teamId: string): () => void {
    if (this.perTeam <= 0) return () => {};
    const now = this.#inFlight.get(teamId) ?? 0;
    if (now >= this.perTeam) {
      throw new ServiceError(
        "SVC_RATE_LIMIT",
        `This team already has ${this.perTeam} uploads in progress; wait for one to finish`,
        { headers: { "Retry-After": "1" } },
      );
    }
    this.#inFlight.set(teamId, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#inFlight.get(teamId) ?? 1) - 1;
      if (left > 0) this.#inFlight.set(teamId, left);
      else this.#inFlight.delete(teamId);
    };
  }

  inFlight(teamId: string): number {
    return this.#inFlight.get(teamId) ?? 0;
  }
}
