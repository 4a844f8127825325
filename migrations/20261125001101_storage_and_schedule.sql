/*
 * What a Supabase project needs besides tables: the private storage bucket the documents and
 * uploads go to, and a schedule that calls the `worker` function every minute (retries, leases
 * that ran out, webhook deliveries due later). Each part runs only where Supabase's schemas and
 * extensions exist, so on PGlite and plain PostgreSQL this migration does nothing.
 *
 * The schedule reads two Vault secrets at every run, so no key is ever written in a migration:
 *   select vault.create_secret('https://<project-ref>.supabase.co', 'trade_docs_url');
 *   select vault.create_secret('<service role or sb_secret_ key>', 'trade_docs_worker_key');
 * (docs/deploy-supabase.md). Until both exist the schedule calls nothing.
 */

-- Supabase Storage: private bucket `documents` (STORAGE_BUCKET's default).
do $$
begin
  if to_regclass('storage.buckets') is not null then
    insert into storage.buckets (id, name, public) values ('documents', 'documents', false)
    on conflict (id) do nothing;
  end if;
end;
$$;

do $$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'pg_net')
     or to_regnamespace('vault') is null then
    raise notice 'pg_cron, pg_net or Vault missing: no schedule for the worker function';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net;
  perform cron.schedule('trade-docs-worker', '* * * * *', $job$
    select net.http_post(
      url := url.decrypted_secret || '/functions/v1/worker',
      headers := jsonb_build_object('Authorization', 'Bearer ' || key.decrypted_secret,
                                    'Content-Type', 'application/json'),
      body := '{}'::jsonb,
      timeout_milliseconds := 60000)
      from vault.decrypted_secrets url, vault.decrypted_secrets key
     where url.name = 'trade_docs_url' and key.name = 'trade_docs_worker_key'
  $job$);
end;
$$;
