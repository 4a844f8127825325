/*
 * HS search (shared/hs/search.ts): an HS subheading or heading is matched, as weaker evidence
 * than its own text, by the goods its national lines name.
 *
 * The HS text often covers concrete goods only by "other" or a general term: "Ladders" is a US
 * line under 7616.99 ("Aluminium; articles n.e.c."), "Dining tables" under 9403.60 ("Furniture;
 * wooden …"), "Smoke detectors" under 8531.10 ("burglar or fire alarms"). A search without a
 * country never read those lines, so "aluminium ladder" answered aluminium oxide and "wooden
 * table" table linen.
 *
 * line_words holds, at weight D (the HS text uses A, B and C: hs_search_tsvector), the head
 * phrase (up to the first ",", ";", ":" or "(") of every national line of 8 digits or more under
 * the code, of any country loaded, when that phrase names goods: not when its first word is a
 * stop word ("Other", "Of cotton", "For use in …", "With …", "Not over …") or a participle
 * ("Containing 23 percent or more by weight of wool", "Valued over $20 each", "Weighing …",
 * "Certified organic"), which say which kind, not what the goods are. Chapters 98 and 99 (special
 * provisions, temporary duties) are left out, as in the search. A heading has its lines' words
 * too; a chapter has none (too many goods for one code).
 *
 * hs_line_words_rebuild() stores them and adds them to search_match (what a code is matched by,
 * and whether it names the goods typed: head.ts); the reference seed calls it after
 * hs_search_vectors_rebuild(), which rebuilds search_match from the HS texts alone, so that the
 * two together give the same vectors however often they run. It restates no other function.
 */
alter table hs_codes add column if not exists line_words tsvector;
alter table hs_codes add column if not exists search_match_lines tsvector;

-- A stop word that ends a goods phrase: not "and" or "or", which join the goods it names.
create or replace function hs_line_stop_word(word text) returns boolean
language sql immutable parallel safe
as $$
  select word not in ('and', 'or') and to_tsvector('english', word) = ''::tsvector
$$;

create or replace function hs_line_goods(description text) returns text
language sql immutable parallel safe
as $$
  select case
           when cardinality(w) = 0 then null
           -- "Other", "Of cotton", "For use in …", "Not over …"; "1", "2-"
           when to_tsvector('english', w[1]) = ''::tsvector or w[1] ~ '^[0-9]' then null
           -- a participle that states a condition, with a number or a word such as "than",
           -- "by", "in" ("Containing 23 percent", "Valued less than 5¢/kg", "Described in"),
           -- not one that qualifies the goods it names ("Dining tables", "Connecting rods")
           when w[1] ~ '(ing|ed)$'
                and (cardinality(w) = 1
                     or exists (select from unnest(w[2:]) as t
                                 where t ~ '^[0-9]' or hs_line_stop_word(t)))
             then null
           -- the goods, named before a preposition ("Hangers and supports for pipes and tubes",
           -- "Articles the product of China")
           else array_to_string(w[1:coalesce((select min(i) - 1 from generate_subscripts(w, 1) as i
                                               where i > 1 and hs_line_stop_word(w[i])),
                                              cardinality(w))], ' ')
         end
    from (
      select array(select t
                     from unnest(regexp_split_to_array(
                            lower(substring(description from '^[^,;:(]*')), '[^[:alnum:]''-]+'))
                          as t
                    where t <> '') as w
    ) parts
$$;

create or replace function hs_line_words_rebuild() returns void
language plpgsql as $$
begin
  drop index if exists hs_codes_line_words_idx;
  drop index if exists hs_codes_search_match_lines_idx;

  update hs_codes set line_words = null, search_match_lines = search_match;

  with goods as (
    select left(code, 6) as code, hs_line_goods(description) as head
      from tariff_lines
     where level >= 8 and code not like '98%' and code not like '99%'
  ),
  words as (
    select code, setweight(to_tsvector('english', string_agg(head, ' ; ' order by head)), 'D')
             as words
      from (select distinct code, head from goods where head is not null) d
     group by code
  )
  update hs_codes h
     set line_words = words.words,
         search_match_lines = h.search_match || words.words
    from words
   where words.code = h.code and h.level = 6;

  create index hs_codes_line_words_idx on hs_codes using gin (line_words)
    with (fastupdate = off);
  create index hs_codes_search_match_lines_idx on hs_codes using gin (search_match_lines)
    with (fastupdate = off);
  analyze hs_codes;
end;
$$;

select hs_line_words_rebuild();
