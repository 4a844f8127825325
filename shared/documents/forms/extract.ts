/**
 * extract-filled-fields without HTTP: read the form (read_form.ts), hold the hidden fields
 * against the request (rules 4 and 5), map the values (map_fields.ts), merge them into the
 * shipment in one transaction (rule 6), and shape the answer.
 */
import type { Db } from "../../platform/db/db.ts";
import { ServiceError } from "../../platform/errors/service_error.ts";
import type { DocumentType } from "../catalogue/document_types.ts";
import type { ShipmentPath } from "../catalogue/paths.ts";
import { lockShipmentData, storeShipmentData } from "../../shipments/repo.ts";
import type { FormValue } from "./coerce.ts";
import { type FieldMapping, mapFields } from "./map_fields.ts";
import { mergeValues } from "./merge.ts";
import { type EmbeddedIdentity, type FilledForm, readFilledForm } from "./read_form.ts";

export interface Extraction {
  form: FilledForm;
  mapping: FieldMapping;
}

export interface Expected {
  docType: DocumentType;
  shipmentId?: string;
}

/** Reads, checks and maps an uploaded form; throws the specified 400s. */
export function extractFilledForm(bytes: Uint8Array, expected: Expected): Extraction {
  const form = readFilledForm(bytes);
  checkEmbeddedIdentity(form.embedded, expected);
  return { form, mapping: mapFields(form.fields) };
}

/**
 * Rules 4 and 5. A form without the hidden fields (or with them empty: a document generated
 * without a stored shipment) makes no claim, so nothing contradicts the request.
 */
export function checkEmbeddedIdentity(embedded: EmbeddedIdentity, expected: Expected): void {
  const { shipmentId, docType } = embedded;
  if (
    expected.shipmentId !== undefined && shipmentId !== undefined &&
    shipmentId.toLowerCase() !== expected.shipmentId.toLowerCase()
  ) {
    throw new ServiceError(
      "SVC_VAL_007",
      "The PDF was generated for another shipment than shipment_id",
      { details: { expected: expected.shipmentId, actual: shipmentId } },
    );
  }
  if (docType !== undefined && docType !== expected.docType) {
    throw new ServiceError(
      "SVC_VAL_008",
      `The PDF is a ${docType} document, but doc_type is ${expected.docType}`,
      { details: { expected: expected.docType, actual: docType } },
    );
  }
}

export interface MergeResult {
  merged: boolean;
  updatedPaths: string[];
}

/**
 * Merges the mapped values into the team's shipment in one transaction, the row locked while
 * it is read and written. Values that have no place in the data (a line beyond the end of the
 * list) move from `mapping.mapped` to `mapping.unmapped`. 404 when the shipment is not the
 * team's; a failure to store is 500 SVC_SYS_001.
 */
export async function mergeIntoShipment(
  db: Db,
  teamId: string,
  shipmentId: string,
  mapping: FieldMapping,
): Promise<MergeResult> {
  const values = new Map<ShipmentPath, FormValue>();
  for (const [path, { value }] of mapping.mapped) values.set(path, value);
  let outcome;
  try {
    outcome = await db.transaction(async (tx) => {
      const data = await lockShipmentData(tx, teamId, shipmentId);
      if (data === null) throw new ServiceError("SVC_SHIP_004", "Shipment not found");
      const merged = mergeValues(data, values);
      if (merged.updatedPaths.length > 0) {
        await storeShipmentData(tx, teamId, shipmentId, merged.data);
      }
      return merged;
    });
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    throw new ServiceError(
      "SVC_SYS_001",
      "The extracted values could not be stored in the shipment",
      { cause: error },
    );
  }
  for (const [path, reason] of outcome.refused) {
    const { field, text } = mapping.mapped.get(path)!;
    mapping.mapped.delete(path);
    mapping.unmapped.set(field, { value: text, reason });
  }
  return { merged: true, updatedPaths: outcome.updatedPaths };
}

/** auto_merge=false: the shipment must still be the team's (404 otherwise); nothing changes. */
export async function assertShipmentVisible(
  db: Db,
  teamId: string,
  shipmentId: string,
): Promise<void> {
  const [row] = await db.query(
    "select 1 from shipments where id = $1 and team_id = $2",
    [shipmentId, teamId],
  );
  if (!row) throw new ServiceError("SVC_SHIP_004", "Shipment not found");
}

export interface ExtractFilledFieldsBody {
  extracted_fields: Record<string, string>;
  mapped_data: Record<string, FormValue>;
  unmapped_fields?: Record<string, string>;
  unmapped_reasons?: Record<string, string>;
  field_count: number;
  filled_count: number;
  empty_count: number;
  merge_result?: MergeResult;
}

/** The answer: `unmapped_*` only when some filled field did not map, merge_result when asked. */
export function responseBody(
  extraction: Extraction,
  mergeResult: MergeResult | undefined,
): ExtractFilledFieldsBody {
  const { form, mapping } = extraction;
  let filled = 0;
  const extracted: [string, string][] = [];
  for (const [name, value] of form.fields) {
    const blank = !value.trim();
    if (!blank) filled++;
    extracted.push([name, blank ? "" : value]);
  }
  // Object.fromEntries defines own properties: a field named `__proto__` stays a field.
  const unmapped = [...mapping.unmapped];
  return {
    extracted_fields: Object.fromEntries(extracted),
    mapped_data: Object.fromEntries([...mapping.mapped].map(([path, m]) => [path, m.value])),
    ...(unmapped.length > 0
      ? {
        unmapped_fields: Object.fromEntries(unmapped.map(([f, u]) => [f, u.value])),
        unmapped_reasons: Object.fromEntries(unmapped.map(([f, u]) => [f, u.reason])),
      }
      : {}),
    field_count: form.fields.size,
    filled_count: filled,
    empty_count: form.fields.size - filled,
    ...(mergeResult ? { merge_result: mergeResult } : {}),
  };
}
