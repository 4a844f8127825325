/**
 * The process's budget for upload bodies held in memory. Per-team slots bound one team, not
 * the sum: 20 uploads of 18.5 MiB from five teams held 370 MiB of bodies at once, plus their
 * chunks and copies, and the whole process grew by 700 MiB before the first was stored.
 *
 * A body reserves its full size (its Content-Length, or the route's limit when it has none)
 * once it has sent `FREE_BYTES`: a slow sender trickling a few bytes holds nothing, and a body
 * that holds a reservation can always be read to its end (reserving as bytes arrive could let
 * twenty half-read bodies wait for each other forever). Bodies that find the budget spent wait
 * in arrival order without being read, so their bytes stay in the client and the kernel.
 */
export class BodyBudget {
  #free: number;
  readonly #waiting: { bytes: number; admit(): void }[] = [];

  constructor(readonly capacity: number) {
    this.#free = capacity;
  }

  /**
   * Reserves `bytes` (at most the whole budget); resolves with the function that gives them
   * back, once they are free. A wait given up (`signal`) leaves the queue.
   */
  reserve(bytes: number, signal?: AbortSignal): Promise<() => void> {
    const wanted = Math.min(Math.max(0, bytes), this.capacity);
    const release = once(() => {
      this.#free += wanted;
      this.#admitWaiting();
    });
    if (this.#waiting.length === 0 && this.#free >= wanted) {
      this.#free -= wanted;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const entry = {
        bytes: wanted,
        admit: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve(release);
        },
      };
      const onAbort = () => {
        const at = this.#waiting.indexOf(entry);
        if (at >= 0) this.#waiting.splice(at, 1);
        this.#admitWaiting();
        reject(signal!.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(entry);
    });
  }

  /** Bytes not reserved now. */
  get free(): number {
    return this.#free;
  }

  #admitWaiting(): void {
    while (this.#waiting.length > 0 && this.#free >= this.#waiting[0]!.bytes) {
      const next = this.#waiting.shift()!;
      this.#free -= next.bytes;
      next.admit();
    }
  }
}

/** A request's hold on the budget: its reservations are given back when the request ends. */
export interface HeldBody {
  of: BodyBudget;
  hold(release: () => void): void;
}

/**
 * For one request: `held.hold` keeps reservations, `end` gives them back (and any granted
 * after the end at once).
 */
export function holdFor(budget: BodyBudget): { held: HeldBody; end(): void } {
  const releases: (() => void)[] = [];
  let ended = false;
  return {
    held: { of: budget, hold: (release) => ended ? release() : releases.push(release) },
    end() {
      ended = true;
      for (const release of releases.splice(0)) release();
    },
  };
}

/** What a body may hold before it needs a reservation. */
export const FREE_BYTES = 1024 * 1024;

/** The budget of a process with the default settings: seven 20 MiB uploads at once. */
export const UPLOAD_BUFFER_BYTES = 144 * 1024 * 1024;

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
