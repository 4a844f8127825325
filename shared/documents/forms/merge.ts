/**
 * Merge rule 6: every extracted value is written into the shipment data where the data has no
 * value, an empty one, or a different one; equal values are left alone. Missing objects on the
 * way are created; a list grows only at its end (a form for lines 0–2 may fill in line 3, not
 * line 7, which would leave holes), so paths are applied in natural order (line 3 before 4).
 *
 * Pure: the input data is not changed; the caller stores the answer.
 */
import type { FormValue } from "./coerce.ts";

/** `Path`: the paths' type (ShipmentPath from the form mapping), kept through the merge. */
export interface MergeOutcome<Path extends string = string> {
  data: Record<string, unknown>;
  /** Data paths whose value was added or changed, in the order applied. */
  updatedPaths: Path[];
  /** Data paths that could not be placed, with the reason. */
  refused: Map<Path, string>;
}

const natural = new Intl.Collator("en", { numeric: true });

/**
 * The data is JSON as stored (any step may hold anything, see the tests), so the walk is over
 * untyped records on purpose.
 */
export function mergeValues<Path extends string>(
  current: Record<string, unknown>,
  values: ReadonlyMap<Path, FormValue>,
): MergeOutcome<Path> {
  const data = structuredClone(current);
  const updatedPaths: Path[] = [];
  const refused = new Map<Path, string>();
  for (const path of [...values.keys()].sort(natural.compare)) {
    const result = setPath(data, path.split("."), values.get(path)!);
    if (result === "updated") updatedPaths.push(path);
    else if (result !== "same") refused.set(path, result);
  }
  return { data, updatedPaths, refused };
}

type Container = Record<string, unknown> | unknown[];

/** "updated", "same", or why the value has no place in the data. */
function setPath(root: Container, steps: string[], value: FormValue): string {
  let container: Container = root;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const last = i === steps.length - 1;
    const where = steps.slice(0, i + 1).join(".");
    if (Array.isArray(container)) {
      const index = Number(step);
      if (!Number.isInteger(index) || index > container.length) {
        return `${steps.slice(0, i).join(".")} has ${container.length} entries: ` +
          `entry ${step} would leave a gap`;
      }
    }
    const existing = Object.hasOwn(container, step)
      ? (container as Record<string, unknown>)[step]
      : undefined;
    if (last) {
      if (existing === value) return "same";
      (container as Record<string, unknown>)[step] = value;
      return "updated";
    }
    const wantsList = /^\d+$/.test(steps[i + 1]!);
    if (existing === undefined || existing === null) {
      const created: Container = wantsList ? [] : {};
      (container as Record<string, unknown>)[step] = created;
      container = created;
    } else if (typeof existing === "object" && Array.isArray(existing) === wantsList) {
      container = existing as Container;
    } else {
      return `the shipment holds a ${describe(existing)} at ${where}`;
    }
  }
  return "same";
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return "list";
  return typeof value === "object" ? "group of fields" : `${typeof value} value`;
}
