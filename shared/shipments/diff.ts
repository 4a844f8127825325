import { isObject } from "../validation/rules/context.ts";

export interface DiffEntry {
  path: string;
  op: "added" | "removed" | "changed";
  before?: unknown;
  after?: unknown;
}

/**
 * What changed from `before` to `after`, leaf by leaf: objects are compared key by key, arrays
 * index by index, anything else by value. Bodies are depth-bounded before they get here.
 */
export function diffData(before: unknown, after: unknown, path = ""): DiffEntry[] {
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => diffChild(before, after, key, path));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const n = Math.max(before.length, after.length);
    return Array.from({ length: n }, (_, i) => String(i)).flatMap((key) =>
      diffChild(
        before as unknown as Record<string, unknown>,
        after as unknown as Record<string, unknown>,
        key,
        path,
      )
    );
  }
  return sameValue(before, after) ? [] : [{ path: path || "(root)", op: "changed", before, after }];
}

function diffChild(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  key: string,
  path: string,
): DiffEntry[] {
  const child = path ? `${path}.${key}` : key;
  const has = (o: Record<string, unknown>) => Object.hasOwn(o, key) && o[key] !== undefined;
  if (!has(before)) return [{ path: child, op: "added", after: after[key] }];
  if (!has(after)) return [{ path: child, op: "removed", before: before[key] }];
  return diffData(before[key], after[key], child);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}
