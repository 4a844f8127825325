import { sha256HexInSlices } from "../../shared/platform/util/sha256_slices.ts";
import { sha256Hex } from "../../shared/platform/util/crypto.ts";
import { assert, equal } from "../support/assert.ts";

Deno.test("sha256 in slices: the digest of the whole, whatever the slice size", async () => {
  const text = new TextEncoder().encode("abc");
  equal(
    await sha256HexInSlices(text, 1),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
  equal(
    await sha256HexInSlices(new Uint8Array()),
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
  );
  const bytes = new Uint8Array(3 * 1024 * 1024 + 17).map((_, i) => (i * 7919) % 251);
  const expected = await sha256Hex(bytes);
  for (const slice of [1024 * 1024, 65_537, bytes.length, bytes.length + 1]) {
    equal(await sha256HexInSlices(bytes, slice), expected, `slices of ${slice}`);
  }
});

Deno.test("sha256 in slices: timers run between slices", async () => {
  const bytes = new Uint8Array(8 * 1024 * 1024);
  let ticks = 0;
  const timer = setInterval(() => ticks++, 0);
  try {
    await sha256HexInSlices(bytes);
  } finally {
    clearInterval(timer);
  }
  // Eight slices, seven turns of the loop between them.
  assert(ticks >= 3, `the loop had ${ticks} turns while hashing`);
});
