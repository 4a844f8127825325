/** A queue that can be drained: handles due items until none is left or the deadline nears. */
export interface Drainer {
  /** How many items were handled. */
  drain(deadline: number): Promise<number>;
}

/**
 * Queues drained side by side with the due webhook deliveries, then the deliveries once more:
 * jobs that ended meanwhile wrote events (outbox), and they are delivered in this run too.
 */
export function drainWithDeliveries(queues: Drainer[], webhooks: Drainer): Drainer {
  return {
    async drain(deadline) {
      const processed = await Promise.all(
        [...queues, webhooks].map((queue) => queue.drain(deadline)),
      );
      processed.push(await webhooks.drain(deadline));
      return processed.reduce((sum, n) => sum + n, 0);
    },
  };
}
