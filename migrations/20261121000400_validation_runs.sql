/*
 * A validation record keeps what its hash commits to (the gate, the ruleset version, the
 * shipment as validated and the time), so the hash can be recomputed and audited later, and
 * which provider run produced it.
 */
alter table validation_records
  add column shipment_data jsonb,
  add column run_id text,
  add column provider text;

-- verify-hash lists the document types generated with a hash.
create index generation_history_hash_idx on generation_history (validation_hash)
  where validation_hash is not null;
