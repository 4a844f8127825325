import type { Queryable } from "../platform/db/db.ts";

export interface Verification {
  validated_at: Date;
  layers: { name: string; status: string }[];
  origin_country: string | null;
  destination_country: string | null;
  origin_name: string | null;
  destination_name: string | null;
  documents_generated: string[];
}

/**
 * What the public may know about a passing validation: when, which layers passed, the route's
 * countries and which document types the validating team generated with the hash (another
 * team's history never shows, whatever hash it carries). Nothing else (no names,
 * values or addresses) is read.
 */
export async function findVerification(db: Queryable, hash: string): Promise<Verification | null> {
  const [row] = await db.query<Verification>(
    `select v.validated_at,
            (select coalesce(jsonb_agg(jsonb_build_object('name', l ->> 'name',
                                                          'status', l ->> 'status')), '[]')
               from jsonb_array_elements(v.layers) l) as layers,
            v.origin_country, v.destination_country,
            o.name as origin_name, d.name as destination_name,
            array(
              select distinct t from (
                select unnest(v.document_types) as t
                union
                select unnest(h.document_types) from generation_history h
                 where h.validation_hash = v.validation_hash and h.team_id = v.team_id
              ) types order by t
            ) as documents_generated
       from validation_records v
       left join countries o on o.code = v.origin_country
       left join countries d on d.code = v.destination_country
      where v.validation_hash = $1 and v.passed
      order by v.validated_at
      limit 1`,
    [hash],
  );
  return row ?? null;
}
