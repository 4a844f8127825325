import {
  joinOcrBudget,
  ocrBudgetBuffer,
  releaseOcrBudgetOf,
  withOcrBudget,
} from "../../shared/extraction/ocr/budget.ts";
import { rejects } from "node:assert/strict";
import { equal } from "../support/assert.ts";

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("one OCR at a time per process: the second waits for the first", async () => {
  const order: string[] = [];
  const signal = new AbortController().signal;
  const first = withOcrBudget(signal, async () => {
    order.push("first in");
    await tick(100);
    order.push("first out");
  });
  const second = withOcrBudget(signal, () => {
    order.push("second in");
    return Promise.resolve();
  });
  await Promise.all([first, second]);
  equal(order.join(", "), "first in, first out, second in");
});

Deno.test("a waiter gives up when its job is stopped", async () => {
  const held = withOcrBudget(new AbortController().signal, () => tick(300));
  const stop = new AbortController();
  const waiting = withOcrBudget(stop.signal, () => Promise.resolve());
  stop.abort(new Error("time is up"));
  await rejects(waiting, /time is up/);
  await held;
});

Deno.test("a holder whose thread was ended is released by the pool", async () => {
  const lock = new Int32Array(ocrBudgetBuffer());
  Atomics.store(lock, 0, 7); // thread 7 holds it, then is terminated mid-OCR
  const started = performance.now();
  const next = withOcrBudget(new AbortController().signal, () => Promise.resolve("ran"));
  await tick(50);
  releaseOcrBudgetOf(7);
  equal(await next, "ran");
  equal(performance.now() - started < 1000, true);
  joinOcrBudget(ocrBudgetBuffer(), 1);
});
