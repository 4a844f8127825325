/**
 * The process's budget for upload bodies (shared/platform/http/body_budget.ts) with the real body reader:
 * a body past FREE_BYTES waits, unread, until the bodies before it are done; a slow sender's
 * few bytes reserve nothing; a wait given up leaves the queue.
 */
import { BodyBudget, FREE_BYTES, holdFor } from "../../shared/platform/http/body_budget.ts";
import { readBytesLimited } from "../../shared/platform/http/body.ts";
import { ServiceError } from "../../shared/platform/errors/service_error.ts";
import { assert, equal } from "../support/assert.ts";

const MIB = 1024 * 1024;

/** A request whose body is `size` bytes of `fill`, in 256 KiB chunks, counting what was pulled. */
function upload(size: number, fill: number, declare = true) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const n = Math.min(256 * 1024, size - pulled);
      if (n <= 0) return controller.close();
      pulled += n;
      controller.enqueue(new Uint8Array(n).fill(fill));
    },
  }, { highWaterMark: 0 });
  const headers: Record<string, string> = declare ? { "content-length": String(size) } : {};
  const request = new Request("http://x/", { method: "POST", body, headers });
  return { request, pulled: () => pulled };
}

Deno.test("a body past the free bytes waits, unread, for the budget", async () => {
  const budget = new BodyBudget(5 * MIB);
  const first = holdFor(budget);
  const a = upload(4 * MIB, 1);
  const bytes = await readBytesLimited(a.request, { maxBytes: 8 * MIB, budget: first.held });
  equal(bytes.length, 4 * MIB);
  assert(bytes.every((b) => b === 1), "the body's bytes");
  equal(budget.free, MIB);

  const second = holdFor(budget);
  const b = upload(3 * MIB, 2, false);
  let done = false;
  const reading = readBytesLimited(b.request, { maxBytes: 3 * MIB, budget: second.held })
    .finally(() => done = true);
  await new Promise((r) => setTimeout(r, 100));
  assert(!done, "the second body waits");
  assert(b.pulled() <= FREE_BYTES + 512 * 1024, `it was read no further (${b.pulled()})`);
  first.end();
  const other = await reading;
  equal(other.length, 3 * MIB);
  assert(other.every((x) => x === 2), "the second body's bytes");
  // Without a Content-Length it reserved the route's limit.
  equal(budget.free, 2 * MIB);
  second.end();
  equal(budget.free, 5 * MIB);
});

Deno.test("a slow sender's bytes reserve nothing; a wait past the deadline leaves the queue", async () => {
  const budget = new BodyBudget(2 * MIB);
  const holder = holdFor(budget);
  await readBytesLimited(upload(2 * MIB, 1).request, { maxBytes: 4 * MIB, budget: holder.held });
  equal(budget.free, 0);

  const small = await readBytesLimited(upload(1000, 3).request, {
    maxBytes: 4 * MIB,
    budget: holdFor(budget).held,
  });
  equal(small.length, 1000);

  const late = holdFor(budget);
  let error: unknown;
  try {
    await readBytesLimited(upload(2 * MIB, 4).request, {
      maxBytes: 4 * MIB,
      timeoutMs: 200,
      budget: late.held,
    });
  } catch (e) {
    error = e;
  }
  assert(error instanceof ServiceError && error.code === "SVC_REQ_005", String(error));
  late.end();
  holder.end();
  equal(budget.free, 2 * MIB);
  // Nobody is left waiting: the whole budget can be taken again at once.
  const again = await budget.reserve(2 * MIB);
  again();
});
