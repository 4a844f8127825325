/*
 * HS search (shared/hs/search.ts): without a country, an HS subheading is matched, as weaker
 * evidence than its own text, by the goods its national lines name.
 *
 * The HS text often covers concrete goods only by "other" or a general term: "Ladders" is a US
 * line under 7616.99 ("Aluminium; articles n.e.c."), "Dining tables" under 9403.60 ("Furniture;
 * wooden …"), "Smoke detectors" under 8531.10 ("burglar or fire alarms"). A search without a
 * country never read those lines, so "aluminium ladder" answered aluminium oxide and "wooden
 * table" table linen.
 *
 * line_words holds, at weight D (the HS text uses A, B and C: hs_search_tsvector), the goods
 * every national line of 8 digits or more under the subheading names, of any country loaded
 * (hs_line_goods): its head phrase (up to the first ",", ";", ":" or "("), up to a preposition
 * ("Hangers and supports for pipes and tubes"). Not when that phrase starts with a stop word or a
 * number ("Other", "Of cotton", "For use in …", "Not over …"), nor with a participle that states a
 * condition ("Containing 23 percent or more by weight of wool", "Valued over $20 each",
 * "Described in …"): they say which kind, not what the goods are. Chapters 98 and 99 (special
 * provisions, temporary duties) are left out, as in the search. Headings have none: the words of
 * all the lines of a heading matched queries none of them answers ("screwdriver set" found
 * 8205, whose lines name screwdrivers in one subheading and sets in another).
 *
 * hs_line_words_rebuild() stores them, and search_match with them (search_match_lines: what a
 * code is matched by without a country; with one, the lines are answers themselves) and with
 * their last words (search_match_heads: whether a code names the goods typed, head.ts; the goods
 * a line names come last, "Glove and garment" under 4107 is leather, not gloves). The reference
 * seed calls it after hs_search_vectors_rebuild(), which builds search_match. It restates no
 * other function.
 */
alter table hs_codes add column if not exists line_words tsvector;
alter table hs_codes add column if not exists search_match_lines tsvector;
alter table hs_codes add column if not exists search_match_heads tsvector;

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

  with goods as (
    select left(code, 6) as code, hs_line_goods(description) as head
      from tariff_lines
     where level >= 8 and code not like '98%' and code not like '99%'
  ),
  words as (
    select code, setweight(to_tsvector('english', string_agg(head, ' ; ' order by head)), 'D')
             as words,
           -- the goods' head nouns, named last ("Glove leather" is leather, not gloves)
           setweight(to_tsvector('english',
             string_agg(substring(head from '([^[:space:]]+)$'), ' ; ' order by head)), 'D')
             as heads
      from (select distinct code, head from goods where head is not null) d
     group by code
  )
  -- every row in one update (each row updated costs an entry in every GIN index of hs_codes)
  update hs_codes h
     set line_words = words.words,
         search_match_lines = h.search_match || coalesce(words.words, ''),
         search_match_heads = h.search_match || coalesce(words.heads, '')
    from hs_codes own
    left join words on words.code = own.code and own.level = 6
   where own.code = h.code;

  create index hs_codes_line_words_idx on hs_codes using gin (line_words)
    with (fastupdate = off);
  create index hs_codes_search_match_lines_idx on hs_codes using gin (search_match_lines)
    with (fastupdate = off);
  analyze hs_codes;
end;
$$;

select hs_line_words_rebuild();
