/*
 * Extraction is drained by its own function, `extraction-worker`, so that the `worker` function
 * (documents and webhook deliveries) does not carry the spreadsheet, PDF and image readers and
 * stays within Supabase's per-function size. This schedules it every minute, as
 * 20261125001101_storage_and_schedule.sql schedules `worker` (which keeps its schedule and now
 * drains documents and webhooks only), with the same two Vault secrets. Like that migration it
 * does nothing where pg_cron, pg_net or Vault is missing (PGlite, plain PostgreSQL).
 */
do $$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'pg_net')
     or to_regnamespace('vault') is null then
    raise notice 'pg_cron, pg_net or Vault missing: no schedule for the extraction-worker function';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net;
  perform cron.schedule('trade-docs-extraction-worker', '* * * * *', $job$
    select net.http_post(
      url := url.decrypted_secret || '/functions/v1/extraction-worker',
      headers := jsonb_build_object('Authorization', 'Bearer ' || key.decrypted_secret,
                                    'Content-Type', 'application/json'),
      body := '{}'::jsonb,
      timeout_milliseconds := 60000)
      from vault.decrypted_secrets url, vault.decrypted_secrets key
     where url.name = 'trade_docs_url' and key.name = 'trade_docs_worker_key'
  $job$);
end;
$$;
