import type { RuleResult } from "../types.ts";
import type { CodeLists, HsMatch, Locode } from "../reference.ts";
import { readPath, type ShipmentData } from "../../documents/catalogue/paths.ts";
import type { ShipmentLineItem } from "../../shipments/types.ts";

/**
 * What every rule sees: the shipment as submitted (rules read it defensively, so that business
 * and compliance problems are reported even when the schema layer fails) and the reference data
 * prefetched for it.
 */
export interface RuleContext {
  data: ShipmentData;
  lineItems: LineItemView[];
  codeLists: CodeLists;
  hs: HsMatch;
  locodes: Map<string, Locode>;
}

export interface LineItemView {
  index: number;
  path: LinePath;
  /** An object at least; its members are as submitted (read them defensively). */
  item: ShipmentLineItem;
}

export interface Rule {
  id: string;
  check(ctx: RuleContext): RuleResult[];
}

/** `goods.line_items.<i>` */
export type LinePath = `goods.line_items.${number}`;

export function lineItemsOf(data: ShipmentData): LineItemView[] {
  const items = readPath(data, "goods.line_items");
  if (!Array.isArray(items)) return [];
  return items.flatMap((item, index) =>
    isObject(item) ? [{ index, path: `goods.line_items.${index}` as const, item }] : []
  );
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** HS codes are written with dots or spaces; the digits are the code. */
export function hsDigits(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const digits = value.replace(/[.\s]/g, "");
  return /^\d{4,10}$/.test(digits) && digits.length % 2 === 0 ? digits : undefined;
}

/** UN/LOCODEs are written with or without the space after the country: `DE HAM`. */
export function locodeOf(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const code = value.replace(/\s+/g, "").toUpperCase();
  return /^[A-Z]{2}[A-Z2-9]{3}$/.test(code) ? code : undefined;
}

export function passed(rule: string, message: string): RuleResult {
  return { rule, status: "passed", message };
}

export function failed(rule: string, path: string, message: string): RuleResult {
  return { rule, status: "failed", message, path };
}

export function warning(rule: string, path: string, message: string): RuleResult {
  return { rule, status: "warning", message, path };
}

/** A rule's results: its problems (failures and warnings), or one passed result. */
export function outcome(rule: string, problems: RuleResult[], ok: string): RuleResult[] {
  return problems.length > 0 ? problems : [passed(rule, ok)];
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
