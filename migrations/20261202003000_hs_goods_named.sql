/*
 * HS search (shared/hs/search.ts): the goods a code's text names, apart from the words that only
 * qualify other goods in it.
 *
 * A family matched the goods typed (head.ts) when its words had them anywhere, so lines of other
 * headings that use the word as a qualifier ranked with those of the goods: "premium cigars" found
 * 9614 ("Smoking pipes … and cigar or cigarette holders") first, "pipe tobacco" machines "for
 * packaging pipe tobacco" (8422.40.11), "inkjet printer" "Parts and accessories of printers".
 *
 * goods holds, per row, the words its text names as goods: in each phrase (between ",", ";",
 * ":", "(", ")", "and", "or"), its last word, not when the phrase follows a preposition or a
 * participle of condition ("for packaging pipe tobacco", "of printers", "containing tobacco"),
 * until the next punctuation; a singular word alone before "and"/"or" and a phrase of two words
 * or more qualifies that phrase's goods ("cigar or cigarette holders"). A national line has its
 * own, its context's (the lines above it), the 8-digit line's above it and its HS subheading's;
 * an HS code its own and, at weight D, its code prefixes and the goods its national lines name
 * (search_match_heads, migration 20261130001000). The reading is generous (a word that may be
 * goods is goods): the search only ranks a family that names none of the goods typed below those
 * that do.
 *
 * hs_goods_rebuild() fills it; the reference seed calls it after hs_line_words_rebuild().
 */
alter table hs_codes add column if not exists goods tsvector;
alter table tariff_lines add column if not exists goods tsvector;

-- The words a text names as goods, space-separated. A phrase of goods ends at punctuation, at
-- "and"/"or", and at a preposition or a participle of condition (English stop words but a
-- determiner, which comes before goods: "other printers"), which starts one of what the goods
-- are of, for or with.
create or replace function hs_goods_words(description text) returns text
language plpgsql immutable parallel safe
as $$
declare
  tok text;
  chunk text[] := '{}';
  pending text := null;
  in_prep boolean := false;
  goods text[] := '{}';
begin
  if description is null then
    return null;
  end if;
  for tok in
    select m[1] from regexp_matches(lower(description), '([[:alnum:]''-]+|[,;:()>])', 'g') as m
  loop
    if tok in (',', ';', ':', '(', ')', '>', 'and', 'or', 'nor', 'including', 'e', 'g', 'i') then
      -- the end of a phrase: its last word, unless it follows a preposition
      if pending is not null then
        if cardinality(chunk) < 2 then
          goods := goods || pending;
        end if;
        pending := null;
      end if;
      if not in_prep and cardinality(chunk) > 0 then
        if tok in ('and', 'or', 'nor') and cardinality(chunk) = 1 and chunk[1] !~ 's$' then
          pending := chunk[1];
        else
          goods := goods || chunk[cardinality(chunk)];
        end if;
      end if;
      chunk := '{}';
      if tok not in ('and', 'or', 'nor') then
        in_prep := false;
      end if;
    elsif tok in ('other', 'the', 'a', 'an', 'such', 'all', 'any', 'same', 'own', 'both', 'each',
                  'made', 'up')
    then
      -- a determiner before goods ("other printers"), or "made up" ("made up fishing nets")
      continue;
    elsif to_tsvector('english', tok) = ''::tsvector
          or tok in ('thereof', 'therefor', 'thereto', 'containing', 'excluding', 'designed',
                     'suitable', 'capable',
                     'intended', 'put', 'exceeding', 'valued', 'weighing', 'measuring',
                     'whether', 'described', 'specified', 'entered', 'n', 'c', 'nec') then
      if pending is not null then
        if cardinality(chunk) < 2 then
          goods := goods || pending;
        end if;
        pending := null;
      end if;
      if not in_prep and cardinality(chunk) > 0 then
        goods := goods || chunk[cardinality(chunk)];
      end if;
      chunk := '{}';
      in_prep := true;
    elsif not in_prep then
      chunk := chunk || tok;
    end if;
  end loop;
  if pending is not null and cardinality(chunk) < 2 then
    goods := goods || pending;
  end if;
  if not in_prep and cardinality(chunk) > 0 then
    goods := goods || chunk[cardinality(chunk)];
  end if;
  return array_to_string(goods, ' ');
end;
$$;

create or replace function hs_goods_rebuild() returns void
language plpgsql as $$
begin
  -- (the goods of its national lines are search_match_heads' words of weight D)
  update hs_codes h
     set goods = g.goods
    from (select code, to_tsvector('english', coalesce(hs_goods_words(description), ''))
                         || coalesce(ts_filter(search_match_heads, '{d}'), '')
                         || hs_code_lexemes(code) as goods
            from hs_codes) g
   where h.code = g.code and h.goods is distinct from g.goods;

  update tariff_lines t
     set goods = g.goods
    from (select l.country, l.code,
                 to_tsvector('english', coalesce(hs_goods_words(concat_ws(' ; ', l.description,
                   l.context, case when p.level >= 8 then p.description end, sub.description)), ''))
                   || hs_code_lexemes(l.code) as goods
            from tariff_lines l
            left join tariff_lines p on p.country = l.country and p.code = l.parent
            left join hs_codes sub on sub.code = left(l.code, 6)
           where l.level >= 8) g
   where t.country = g.country and t.code = g.code and t.goods is distinct from g.goods;
end;
$$;

select hs_goods_rebuild();
