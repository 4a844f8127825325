/*
 * Public reference data: HS nomenclature, the US tariff (the national extension for
 * country=US), UN/LOCODE, countries, currencies and EU member states. Loaded by the seed step
 * (shared/reference/seed.ts) from data/reference/, not by migrations: the rows follow the
 * files, the schema follows the migrations.
 */

-- Which content of each file is loaded: the seed reloads a table only when its file changed.
create table reference_datasets (
  name text primary key,
  sha256 text not null,
  row_count integer not null,
  loaded_at timestamptz not null default now()
);

create table hs_sections (
  section text primary key,
  name text not null
);

create table hs_codes (
  code text primary key,
  level smallint not null check (level in (2, 4, 6)),
  parent text,
  description text not null,
  section text not null,
  search tsvector generated always as (to_tsvector('english', description)) stored
);

create index hs_codes_search_idx on hs_codes using gin (search);
create index hs_codes_code_pattern_idx on hs_codes (code text_pattern_ops);

-- National tariff lines (4 to 10 digits) with their duty rates, per country.
create table tariff_lines (
  country text not null,
  code text not null,
  htsno text not null,
  level smallint not null,
  indent smallint not null,
  parent text,
  description text not null,
  context text,
  unit text,
  duty_rate text,
  duty_rate_effective text,
  special_rate text,
  column2_rate text,
  additional_duties text,
  search tsvector generated always as (
    to_tsvector('english', description || ' ' || coalesce(context, ''))
  ) stored,
  primary key (country, code)
);

create index tariff_lines_search_idx on tariff_lines using gin (search);
create index tariff_lines_code_pattern_idx on tariff_lines (country, code text_pattern_ops);

-- A code can have several rows (UNECE publishes alternative language names): no primary key.
create table unlocodes (
  locode text not null,
  country text not null,
  location text not null,
  name text not null,
  name_ascii text not null,
  subdivision text,
  function text not null,
  status text,
  iata text,
  coordinates text
);

create index unlocodes_locode_idx on unlocodes (locode);

create table unlocode_functions (
  code text primary key,
  description text not null
);

create table unlocode_statuses (
  code text primary key,
  description text not null
);

create table countries (
  code text primary key,
  name text not null
);

create table currencies (
  code text primary key,
  numeric text not null,
  name text not null,
  minor_units text not null
);

create table eu_member_states (
  code text primary key,
  name text not null
);
