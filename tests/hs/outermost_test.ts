import { assertEquals } from "../support/assert.ts";
import { outermost } from "../../shared/hs/search.ts";

Deno.test("outermost: a code under another code of the list is dropped, repeats once", () => {
  assertEquals(outermost(["630231", "6302", "6302", "0901", "090121", "85"]), [
    "6302",
    "0901",
    "85",
  ]);
});

Deno.test("outermost: codes that only share digits are both kept", () => {
  assertEquals(outermost(["630231", "630232", "6303"]), ["630231", "630232", "6303"]);
});

Deno.test("outermost: nothing in, nothing out", () => {
  assertEquals(outermost([]), []);
});
