/**
 * Flattened files in the generation history. The history keeps each flattened file's storage
 * path under its doc type (`flattened_urls: {"COMMERCIAL_INVOICE": "<team>/…/x.pdf"}`); a read
 * answers fresh signed URLs in their place, so a saved link never expires in the database.
 */
import type { Queryable } from "../../platform/db/db.ts";
import { assertSafePath, type Storage } from "../../platform/storage/storage.ts";

export interface HistoryEntryRef {
  id: string;
  shipment_id: string;
}

/** One of the team's history entries, or null. */
export async function findHistoryEntry(
  db: Queryable,
  teamId: string,
  id: string,
): Promise<HistoryEntryRef | null> {
  const [row] = await db.query<HistoryEntryRef>(
    "select id, shipment_id from generation_history where id = $1 and team_id = $2",
    [id, teamId],
  );
  return row ?? null;
}

/** Saves a flattened file's path under `key`, keeping the entry's other keys (atomic). */
export async function saveFlattenedPath(
  db: Queryable,
  teamId: string,
  historyId: string,
  key: string,
  path: string,
): Promise<void> {
  await db.query(
    `update generation_history
        set flattened_urls = coalesce(flattened_urls, '{}'::jsonb)
                             || jsonb_build_object($3::text, $4::text)
      where id = $1 and team_id = $2`,
    [historyId, teamId, key, path],
  );
}

/**
 * Replaces the storage paths in history entries' `flattened_urls` with signed URLs, in place.
 * A value that is not a storage path (a URL saved by hand) is left as it is.
 */
export async function signFlattenedUrls(
  history: unknown[],
  storage: Storage,
  expiresInSeconds: number,
): Promise<void> {
  for (const entry of history) {
    const urls = (entry as { flattened_urls?: unknown }).flattened_urls;
    if (typeof urls !== "object" || urls === null || Array.isArray(urls)) continue;
    const map = urls as Record<string, unknown>;
    for (const [key, value] of Object.entries(map)) {
      if (typeof value !== "string" || !isStoragePath(value)) continue;
      map[key] = await storage.signedUrl(value, expiresInSeconds);
    }
  }
}

function isStoragePath(value: string): boolean {
  try {
    assertSafePath(value);
    return true;
  } catch {
    return false;
  }
}
