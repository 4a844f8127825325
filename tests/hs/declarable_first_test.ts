import { assertEquals } from "../support/assert.ts";
import { DECLARABLE_WINDOW, declarableFirst } from "../../shared/hs/search.ts";

const row = (code: string, declarable: boolean) => ({ code, declarable });
const codes = (rows: { code: string }[]) => rows.map((r) => r.code);

Deno.test("declarableFirst: the first three places go to declarable lines, in their order", () => {
  // a family of two lines, its subheading and its 8-digit head, then the next family's line
  const rows = [
    row("8204.11.00.30", true),
    row("8204.11.00.60", true),
    row("8204.11", false),
    row("8204.11.00", false),
    row("8204.12.00.00", true),
    row("8204.12", false),
  ];
  assertEquals(codes(declarableFirst(rows)), [
    "8204.11.00.30",
    "8204.11.00.60",
    "8204.12.00.00",
    "8204.11",
    "8204.11.00",
    "8204.12",
  ]);
});

Deno.test("declarableFirst: past the first three, the order is unchanged", () => {
  const rows = [
    row("a", true),
    row("B", false),
    row("b", true),
    row("c", true),
    row("C", false),
    row("d", true),
  ];
  assertEquals(codes(declarableFirst(rows)), ["a", "b", "c", "B", "C", "d"]);
});

Deno.test("declarableFirst: without declarable lines (HS codes only), nothing moves", () => {
  const rows: { code: string; declarable?: boolean }[] = [
    row("3401.20", false),
    row("3401.19", false),
    { code: "3401.11" },
  ];
  assertEquals(codes(declarableFirst(rows)), ["3401.20", "3401.19", "3401.11"]);
});

Deno.test("declarableFirst: only the window's rows are taken up, for pages of any length", () => {
  const rows = [
    ...Array.from({ length: DECLARABLE_WINDOW }, (_, i) => row(`h${i}`, false)),
    row("late", true),
  ];
  assertEquals(codes(declarableFirst(rows)), codes(rows));
  assertEquals(codes(declarableFirst(rows.slice(1))).at(0), "late");
});
