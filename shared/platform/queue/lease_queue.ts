import type { Queryable } from "../db/db.ts";

/**
 * A table used as a queue with leases: document jobs, extraction jobs and webhook deliveries.
 * Its rows have `id`, `status`, `attempts`, `locked_until` and `worker_id`; what differs from
 * one kind to the next (when an item is due, its statuses, what a claim returns) is here.
 */
export interface LeaseQueueSpec {
  table: string;
  /** The status of an item a worker holds while its lease lasts (a literal: partial indexes). */
  held: string;
  /**
   * SQL over the table's own columns: the item may be claimed now (it is due, or its lease ran
   * out and it may be tried again).
   */
  due: string;
  /** The column claims take the oldest items first by. */
  order: string;
  /** Assignments a claim makes besides the attempt and the lease (documents: the status). */
  onClaim?: string;
  /** What a claim returns, over `j` (the row) and the tables of `join`. */
  columns: string;
  /** Tables a claim reads beside the row (a delivery's subscription), and how they match it. */
  join?: { from: string; on: string };
}

/**
 * Claims with FOR UPDATE SKIP LOCKED, so any number of workers, on any machines, claim from the
 * same table without taking the same item; and every change a worker makes to an item it
 * claimed is conditional on still holding it, so a worker whose lease ran out, and whose item
 * was claimed again, changes nothing.
 */
export class LeaseQueue<T> {
  constructor(private readonly spec: LeaseQueueSpec) {}

  /**
   * Claims up to `limit` due items for `leaseSeconds`, counting an attempt; `only` (SQL over the
   * table's columns) narrows which.
   */
  claim(
    db: Queryable,
    options: { limit: number; leaseSeconds: number; workerId: string; only?: string },
  ): Promise<T[]> {
    const { table, due, order, onClaim, columns, join } = this.spec;
    return db.query<T>(
      `with due as (
         select id from ${table}
          where (${due})${options.only ? ` and ${options.only}` : ""}
          order by ${order}
          limit $1
          for update skip locked
       )
       update ${table} j
          set ${onClaim ? `${onClaim}, ` : ""}attempts = j.attempts + 1,
              locked_until = now() + make_interval(secs => $2), worker_id = $3
         from due${join ? `, ${join.from}` : ""}
        where j.id = due.id${join ? ` and ${join.on}` : ""}
       returning ${columns}`,
      [options.limit, options.leaseSeconds, options.workerId],
    );
  }

  /**
   * Items whose last attempt's lease ran out (tables with `max_attempts`): nobody will finish
   * them, so the caller fails them (settleAbandoned) instead of leaving them held for ever.
   */
  abandoned(db: Queryable): Promise<T[]> {
    return db.query<T>(
      `select ${this.spec.columns} from ${this.spec.table} j
        where j.status = '${this.spec.held}' and j.locked_until < now()
          and j.attempts >= j.max_attempts
        limit 100`,
    );
  }

  /**
   * Applies `set` (SQL assignments; its placeholders $1… take `params`) to an item `workerId`
   * still holds, and ends the lease. False when the worker no longer holds it.
   */
  settle(
    db: Queryable,
    id: string,
    workerId: string,
    set: string,
    params: readonly unknown[] = [],
  ): Promise<boolean> {
    return this.#release(db, "worker_id = $2", [id, workerId], set, params);
  }

  /** As settle, for an item of abandoned(): false when it is no longer abandoned. */
  settleAbandoned(
    db: Queryable,
    id: string,
    set: string,
    params: readonly unknown[] = [],
  ): Promise<boolean> {
    const abandoned = "locked_until < now() and attempts >= max_attempts";
    return this.#release(db, abandoned, [id], set, params);
  }

  /** `set` and the lease's end on item `keys[0]`, if it is held and `condition` holds. */
  async #release(
    db: Queryable,
    condition: string,
    keys: readonly unknown[],
    set: string,
    params: readonly unknown[],
  ): Promise<boolean> {
    const rows = await db.query(
      `update ${this.spec.table} set ${shifted(set, keys.length)}, locked_until = null
        where id = $1 and status = '${this.spec.held}' and ${condition} returning id`,
      [...keys, ...params],
    );
    return rows.length > 0;
  }
}

/** `set`'s placeholders renumbered to follow the `before` parameters the statement takes. */
function shifted(set: string, before: number): string {
  return set.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + before}`);
}

/** Seconds before attempt `attempts + 1`: 2, 8, 32 … with jitter, at most 5 minutes. */
export function retryDelaySeconds(attempts: number): number {
  const base = Math.min(300, 2 * 4 ** Math.max(0, attempts - 1));
  return base * (0.75 + Math.random() * 0.5);
}
