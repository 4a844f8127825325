import type { Logger } from "../http/log.ts";
import type { Drainer } from "./drain.ts";

/** Drains of one process, one at a time: what a kick or a schedule asks for. */
export interface CoalescingDrain {
  /** Drains now, or joins the drain under way (which then runs once more). */
  run(): Promise<number>;
  /** `run` without waiting: for a kick after a request. */
  kick(): void;
}

/**
 * Runs `queues.drain` with a deadline `budgetMs` ahead, never two at once in this process: a
 * kick during a drain asks for one more pass after it (the new work may have come after the
 * running pass looked), however many kicks came. A failed pass is logged, not thrown: the next
 * kick or the schedule tries again.
 */
export function coalescingDrain(queues: Drainer, budgetMs: number, log: Logger): CoalescingDrain {
  let running: Promise<number> | undefined;
  let again = false;
  const passes = async () => {
    let processed = 0;
    do {
      again = false;
      try {
        processed += await queues.drain(Date.now() + budgetMs);
      } catch (error) {
        log.error({ message: "drain failed", error: String(error) });
      }
    } while (again);
    return processed;
  };
  const run = () => {
    if (running) {
      again = true;
      return running;
    }
    running = passes().finally(() => running = undefined);
    return running;
  };
  return { run, kick: () => void run() };
}
