import { coalescingDrain } from "../../shared/platform/queue/coalescing_drain.ts";
import { assertEquals, equal } from "../support/assert.ts";

/** A queue whose passes wait until the test lets each one finish. */
function gatedQueue() {
  const passes: { deadline: number; finish: (handled: number) => void; fail: () => void }[] = [];
  return {
    passes,
    drain: (deadline: number) =>
      new Promise<number>((resolve, reject) =>
        passes.push({ deadline, finish: resolve, fail: () => reject(new Error("db gone")) })
      ),
  };
}

function recordingLog() {
  const errors: Record<string, unknown>[] = [];
  return {
    errors,
    log: {
      info() {},
      error: (fields: Record<string, unknown>) => errors.push(fields),
      flush: () => Promise.resolve(),
    },
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

Deno.test("kicks during a drain ask for one more pass, however many", async () => {
  const queue = gatedQueue();
  const { log } = recordingLog();
  const drain = coalescingDrain(queue, 50_000, log);
  const first = drain.run();
  for (let i = 0; i < 5; i++) drain.kick();
  await tick();
  equal(queue.passes.length, 1);
  queue.passes[0]!.finish(2);
  await tick();
  equal(queue.passes.length, 2, "one more pass for the five kicks");
  queue.passes[1]!.finish(3);
  equal(await first, 5);
  equal(queue.passes.length, 2);
});

Deno.test("each pass has the budget from its own start; a new run after the last starts anew", async () => {
  const queue = gatedQueue();
  const { log } = recordingLog();
  const drain = coalescingDrain(queue, 50_000, log);
  const before = Date.now();
  const first = drain.run();
  await tick();
  const deadline = queue.passes[0]!.deadline;
  equal(deadline >= before + 50_000 && deadline <= Date.now() + 50_000, true);
  queue.passes[0]!.finish(1);
  equal(await first, 1);
  const second = drain.run();
  await tick();
  equal(queue.passes.length, 2);
  queue.passes[1]!.finish(0);
  equal(await second, 0);
});

Deno.test("a failed pass is logged, not thrown: the next kick tries again", async () => {
  const queue = gatedQueue();
  const { log, errors } = recordingLog();
  const drain = coalescingDrain(queue, 1_000, log);
  const failed = drain.run();
  await tick();
  queue.passes[0]!.fail();
  equal(await failed, 0);
  assertEquals(errors, [{ message: "drain failed", error: "Error: db gone" }]);
  drain.kick();
  await tick();
  equal(queue.passes.length, 2);
  queue.passes[1]!.finish(4);
});
