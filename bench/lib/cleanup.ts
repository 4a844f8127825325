/**
 * A stack of clean-up steps (stop a child process, drop a database), run in reverse order at
 * the end of a section, on failure, and on Ctrl-C / SIGTERM of the bench itself.
 */
export class Cleanup {
  #steps: { label: string; fn: () => Promise<void> | void }[] = [];
  #running: Promise<void> | undefined;

  /** Registers a step; steps run last-in first-out. */
  defer(label: string, fn: () => Promise<void> | void): void {
    this.#steps.push({ label, fn });
  }

  /** Runs every registered step once; a failing step is reported and the others still run. */
  run(): Promise<void> {
    this.#running ??= (async () => {
      while (this.#steps.length > 0) {
        const step = this.#steps.pop()!;
        try {
          await step.fn();
        } catch (error) {
          console.error(`clean-up "${step.label}" failed:`, error);
        }
      }
    })().finally(() => (this.#running = undefined));
    return this.#running;
  }
}

/**
 * Runs `fn` with a fresh Cleanup that runs when `fn` settles, or when the bench is interrupted
 * (SIGINT/SIGTERM), in which case the process exits with 130 after cleaning up.
 */
export async function withCleanup<T>(fn: (cleanup: Cleanup) => Promise<T>): Promise<T> {
  const cleanup = new Cleanup();
  const signals: Deno.Signal[] = ["SIGINT", "SIGTERM"];
  const onSignal = () => {
    console.error("\ninterrupted: cleaning up…");
    void cleanup.run().finally(() => Deno.exit(130));
  };
  for (const s of signals) Deno.addSignalListener(s, onSignal);
  try {
    return await fn(cleanup);
  } finally {
    await cleanup.run();
    for (const s of signals) Deno.removeSignalListener(s, onSignal);
  }
}
