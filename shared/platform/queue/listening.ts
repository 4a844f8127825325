import type { Db } from "../db/db.ts";

/** What a queue worker offers whoever runs it (see ClaimLoop). */
export interface QueueWorker {
  start(): void;
  kick(): void;
  stop(): Promise<void>;
}

export interface RunningQueueWorker<W extends QueueWorker> {
  worker: W;
  /** Stops listening, lets the work in hand finish, then releases what the worker used. */
  stop(): Promise<void>;
}

/**
 * Starts `worker` and wakes it on every NOTIFY on `channel`, sent at commit by whichever process
 * queued the work (a trigger on the queue table), so no worker waits for its next poll.
 */
export async function runListening<W extends QueueWorker>(
  db: Db,
  channel: string,
  worker: W,
  release?: () => void,
): Promise<RunningQueueWorker<W>> {
  const unlisten = await db.listen(channel, () => worker.kick());
  worker.start();
  return {
    worker,
    async stop() {
      await unlisten();
      await worker.stop();
      release?.();
    },
  };
}
