/*
 * HS search holds its vocabulary in the process (shared/hs/lexicon.ts): the known lexemes, the
 * spellings typos are corrected to, and the everyday terms. hs_lexicon_version tells it when to
 * read them again: every statement that changes hs_synonyms, hs_vocabulary or hs_spellings (the
 * seed's loads and hs_vocabulary_rebuild) adds one, in the same transaction, so a reader that
 * sees a version sees the rows of that version.
 */
create table hs_lexicon_version (
  one boolean primary key default true check (one),
  version bigint not null
);
insert into hs_lexicon_version (version) values (1);

create function hs_lexicon_changed() returns trigger
language plpgsql as $$
begin
  update hs_lexicon_version set version = version + 1;
  return null;
end;
$$;

create trigger hs_synonyms_changed after insert or update or delete or truncate on hs_synonyms
  for each statement execute function hs_lexicon_changed();
create trigger hs_vocabulary_changed after insert or update or delete or truncate on hs_vocabulary
  for each statement execute function hs_lexicon_changed();
create trigger hs_spellings_changed after insert or update or delete or truncate on hs_spellings
  for each statement execute function hs_lexicon_changed();

select data_api_lockdown();
