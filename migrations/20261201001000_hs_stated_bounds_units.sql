/*
 * Thresholds compared in their units (shared/hs/measures.ts). The bounds a code states were read
 * as bare numbers, compared with the number typed whatever its unit: "glass wine bottles 750 ml"
 * against "Of a capacity exceeding 0.473 liter but not exceeding 1 liter", "motorcycles 150cc"
 * against "exceeding 90 cc but not exceeding 190 cc" once litres and cc are one quantity,
 * "bicycles 24 inch wheels" against "exceeding 55 cm but not exceeding 63.5 cm". Now each bound
 * is read with the unit written after it (or the "$" before it), in a base unit of its quantity
 * (metre, kilogram, litre, watt, volt, percent, dollar, piece), and the quantity is stored with
 * them: {at most, more than, quantity}. A unit the list does not know keeps the number as written
 * and no quantity. The same list is measures.ts's UNIT_FACTORS (tests/hs/national_ranking_test.ts
 * compares them).
 *
 * A national line's bounds are often not in its own text: "Other" under "Of a capacity exceeding
 * 0.473 liter but not exceeding 1 liter" (the tariff's uncoded heading above it, `context`), the
 * 10-digit lines "For men", "For women" under the 8-digit "Valued over $12/pair". So a line's
 * bounds are read from its own text, then its context, then the 8-digit line above it, the first
 * bound of each side found in that order: a plain column, filled by hs_stated_bounds_rebuild()
 * when the seed loads a tariff (shared/reference/seed.ts).
 */
-- (equalities rather than regular expressions: it is read for every bound of every line)
create function hs_quantity_unit(unit text) returns numeric[]
language sql immutable parallel safe
as $$
  select case
           when unit in ('mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres')
             then array[0.001, 1]
           when unit in ('cm', 'centimeter', 'centimeters', 'centimetre', 'centimetres')
             then array[0.01, 1]
           when unit in ('m', 'meter', 'meters', 'metre', 'metres') then array[1, 1]
           when unit in ('km', 'kilometer', 'kilometers', 'kilometre', 'kilometres')
             then array[1000, 1]
           when unit in ('in', 'inch', 'inches') then array[0.0254, 1]
           when unit in ('ft', 'foot', 'feet') then array[0.3048, 1]
           when unit in ('mile', 'miles') then array[1609.344, 1]
           when unit in ('mg', 'milligram', 'milligrams') then array[0.000001, 2]
           when unit in ('g', 'gram', 'grams') then array[0.001, 2]
           when unit in ('kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms') then array[1, 2]
           when unit in ('t', 'ton', 'tons', 'tonne', 'tonnes') then array[1000, 2]
           when unit in ('lb', 'lbs', 'pound', 'pounds') then array[0.4536, 2]
           when unit in ('oz', 'ounce', 'ounces') then array[0.02835, 2]
           when unit in ('ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'cc',
                         'cm3') then array[0.001, 3]
           when unit = 'cl' then array[0.01, 3]
           when unit in ('l', 'liter', 'liters', 'litre', 'litres') then array[1, 3]
           when unit in ('gal', 'gallon', 'gallons') then array[3.785, 3]
           when unit = 'm3' then array[1000, 3]
           when unit in ('w', 'watt', 'watts', 'va') then array[1, 4]
           when unit in ('kw', 'kilowatt', 'kilowatts', 'kva') then array[1000, 4]
           when unit in ('hp', 'horsepower') then array[745.7, 4]
           when unit in ('v', 'volt', 'volts') then array[1, 5]
           when unit in ('kv', 'kilovolt', 'kilovolts') then array[1000, 5]
           when unit in ('%', 'percent') then array[1, 6]
           when unit in ('cent', 'cents') then array[0.01, 7]
           when unit in ('usd', 'dollar', 'dollars') then array[1, 7]
           when unit in ('piece', 'pieces', 'pcs') then array[1, 8]
         end
$$;

-- (the generated columns go first: they are recomputed only when added again)
alter table hs_codes drop column stated_bounds;
alter table tariff_lines drop column stated_bounds;

/*
 * {at most, more than, quantity}, in the quantity's base unit, null when the text has no digit.
 * The phrases are 20261128001000's and "(not) greater than": "not over / not exceeding / not more
 * than / not greater than / less than / under / up to N" and "N or less" (at most), "over /
 * exceeding / more than / greater than / not less than / at least N" and "N or more" (more
 * than); a bound inside "other than …" or "excluding …" (up to the next ";") is the excluded
 * goods', not the code's.
 */
create or replace function hs_stated_bounds(description text) returns numeric[]
language plpgsql immutable parallel safe
-- (PL/pgSQL keeps its plans for the session; as an SQL function with lateral subqueries, this
-- was planned again for every text: 1.4 ms each, 45 s for the US tariff)
as $$
declare
  d text;
  a text[];
  b text[];
  ua numeric[];
  ub numeric[];
begin
  if description !~ '[0-9]' then
    return null;
  end if;
  d := regexp_replace(regexp_replace(regexp_replace(lower(description),
         '\m(other than|excluding|except)\M[^;]*', ' ', 'g'),
         '([0-9]),([0-9]{3})', '\1\2', 'g'),
         '([0-9]),([0-9]{3})', '\1\2', 'g');
  a := coalesce(
         regexp_match(d, '(?:not over|not exceeding|not more than|not greater than|(?<!not )less than|(?<!not )under|up to) *(?:us)?([$]?) *([0-9]+(?:[.][0-9]+)?) *([a-z%]+(?:/[a-z0-9²]+)?)?'),
         regexp_match(d, '([$]?)([0-9]+(?:[.][0-9]+)?) *([^ ]*) +or less'));
  b := coalesce(
         regexp_match(d, '(?:(?<!not )over|(?<!not )exceeding|(?<!not )more than|(?<!not )greater than|not less than|at least) *(?:us)?([$]?) *([0-9]+(?:[.][0-9]+)?) *([a-z%]+(?:/[a-z0-9²]+)?)?'),
         regexp_match(d, '([$]?)([0-9]+(?:[.][0-9]+)?) *([^ ]*) +or more'));
  ua := hs_quantity_unit(a[3]);
  ub := hs_quantity_unit(b[3]);
  return array[
    (a[2])::numeric * coalesce(ua[1], 1),
    (b[2])::numeric * coalesce(ub[1], 1),
    coalesce(case when a[1] = '$' then 7 end, ua[2], case when b[1] = '$' then 7 end, ub[2])
  ];
end
$$;

alter table hs_codes add column stated_bounds numeric[]
  generated always as (hs_stated_bounds(description)) stored;
alter table tariff_lines add column stated_bounds numeric[];

create function hs_stated_bounds_rebuild() returns void
language sql
as $$
  update tariff_lines t
     set stated_bounds = b.bounds
    from (select l.country, l.code, hs_stated_bounds(concat_ws(' ; ', l.description, l.context,
                   case when l.level = 10 then p.description end)) as bounds
            from tariff_lines l
            left join tariff_lines p on p.country = l.country and p.code = l.parent and p.level = 8
           where l.level >= 8) b
   where t.country = b.country and t.code = b.code
     and t.stated_bounds is distinct from b.bounds;
$$;

select hs_stated_bounds_rebuild();
