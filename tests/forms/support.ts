/** Calls of extract-filled-fields with a multipart form, for the endpoint and round-trip tests. */
import { TEST_KEYS, type TestService, type TestTeam } from "../support/service.ts";
import { formPdf, pdfText, type TestField } from "./pdf_builder.ts";

export const EXTRACT_PATH = "/functions/v1/extract-filled-fields";

export interface ExtractParts {
  file?: Uint8Array | string;
  fileName?: string;
  doc_type?: string;
  shipment_id?: string;
  auto_merge?: string;
}

export function extractForm(parts: ExtractParts): FormData {
  const form = new FormData();
  if (parts.file instanceof Uint8Array) {
    const bytes = parts.file as Uint8Array<ArrayBuffer>;
    form.append(
      "file",
      new File([bytes], parts.fileName ?? "filled.pdf", { type: "application/pdf" }),
    );
  } else if (parts.file !== undefined) {
    form.append("file", parts.file);
  }
  for (const key of ["doc_type", "shipment_id", "auto_merge"] as const) {
    if (parts[key] !== undefined) form.append(key, parts[key]);
  }
  return form;
}

export function functionHeaders(team: TestTeam): Record<string, string> {
  return { authorization: `Bearer ${team.apiKey}`, apikey: TEST_KEYS.anonKey };
}

export function extract(svc: TestService, team: TestTeam, parts: ExtractParts) {
  return svc.fetch(EXTRACT_PATH, {
    method: "POST",
    headers: functionHeaders(team),
    body: extractForm(parts),
  });
}

/**
 * A form as generate-documents would give it: the values by field name (undefined: an empty
 * field) plus the hidden service fields (left out when `embedded` is null).
 */
export function serviceForm(
  values: Record<string, string | undefined>,
  embedded: { shipmentId?: string; docType?: string } | null = {},
  extra: TestField[] = [],
): Uint8Array {
  const fields: TestField[] = Object.entries(values).map(([name, value]) => ({
    name,
    ...(value === undefined ? {} : { value: pdfText(value) }),
  }));
  if (embedded) {
    fields.push(
      { name: "_service_shipment_id", value: pdfText(embedded.shipmentId ?? "") },
      { name: "_service_doc_type", value: pdfText(embedded.docType ?? "COMMERCIAL_INVOICE") },
      { name: "_service_shipment_ref", value: pdfText("SHP-TEST") },
    );
  }
  return formPdf([...fields, ...extra]);
}
