/*
 * OCR does not fit Supabase's edge runtime (no threads; one 300 dpi page takes about 3 s of CPU
 * and 340 MiB against limits of 2 s and 256 MB). The `worker` edge function claims only jobs it
 * can read without OCR (text PDFs, spreadsheets); a PDF that turns out to be a scan is handed
 * back with needs_ocr set, and images are never claimed there. `deno task worker`, running next
 * to Supabase, claims everything.
 */
alter table extraction_jobs add column needs_ocr boolean not null default false;
