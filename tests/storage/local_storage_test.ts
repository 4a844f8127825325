import { LocalStorage } from "../../shared/platform/storage/local.ts";
import type { Storage } from "../../shared/platform/storage/storage.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";

Deno.test("local storage: files of any size come back byte for byte, and no temporary stays", async () => {
  const root = await Deno.makeTempDir({ prefix: "local-storage-" });
  try {
    const storage: Storage = new LocalStorage(root, "docs", "http://127.0.0.1:1", "secret");
    // Larger than a write slice and not a multiple of it, one byte, none.
    const large = new Uint8Array(2.5 * 1024 * 1024 + 3).map((_, i) => (i * 31) % 253);
    for (
      const [path, bytes] of [["t/a/large", large], ["t/a/one", new Uint8Array([7])], [
        "t/a/empty",
        new Uint8Array(),
      ]] as const
    ) {
      await storage.put(path, bytes, "application/octet-stream");
      assertEquals(await storage.get(path), bytes, path);
    }
    // Replacing a file with a shorter one leaves nothing of the longer.
    await storage.put("t/a/large", new Uint8Array([1, 2, 3]), "application/octet-stream");
    assertEquals(await storage.get("t/a/large"), new Uint8Array([1, 2, 3]));
    const names = [...Deno.readDirSync(`${root}/docs/t/a`)].map((e) => e.name).sort();
    equal(names.join(","), "empty,large,one");
    assert(await storage.get("t/a/missing") === null);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
