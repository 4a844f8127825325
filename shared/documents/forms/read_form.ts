/**
 * Reads the filled text fields (and check boxes and radio groups) of an uploaded PDF, and turns every way the file can be wrong
 * into the specified 400s: not a PDF (SVC_VAL_003, judged from the bytes, never from the file
 * name or content type), corrupted, truncated or encrypted (SVC_VAL_005), no fillable text
 * fields (SVC_VAL_006), more fields than MAX_FORM_FIELDS (SVC_VAL_013).
 *
 * The generated documents' hidden fields (`_service_shipment_id`, `_service_doc_type`,
 * `_service_shipment_ref`) are read apart and left out of the fields.
 */
import { ServiceError } from "../../platform/errors/service_error.ts";
import {
  readFieldTree,
  type TerminalField,
  TooManyFieldsError,
  TooMuchTextError,
} from "./field_tree.ts";
import {
  openPdf,
  PdfEncryptedError,
  PdfLimitError,
  PdfTruncatedError,
  reconstructPdf,
} from "./pdf_file.ts";
import { PdfSyntaxError } from "./pdf_syntax.ts";

/**
 * Fields one form may have. A generated document has a few dozen, one per empty value; a
 * 1,000-line invoice with every line incomplete reaches a few thousand.
 */
export const MAX_FORM_FIELDS = 10_000;

/** The prefix of the fields the service embeds in every document it generates. */
export const SERVICE_FIELD_PREFIX = "_service_";

export interface EmbeddedIdentity {
  shipmentId?: string;
  docType?: string;
  shipmentRef?: string;
}

export interface FilledForm {
  /**
   * Text fields, check boxes and radio groups by fully qualified name, in document order: the
   * text or the chosen export value; "" when empty or off.
   */
  fields: Map<string, string>;
  /** What the hidden service fields say (absent when the file has none, or they are empty). */
  embedded: EmbeddedIdentity;
}

export function readFilledForm(bytes: Uint8Array): FilledForm {
  if (!hasPdfHeader(bytes)) {
    throw new ServiceError("SVC_VAL_003", "The file is not a PDF (it has no %PDF- header)");
  }
  const terminals = readTerminalFields(bytes);
  const fields = new Map<string, string>();
  const embedded: EmbeddedIdentity = {};
  for (const field of terminals) {
    if (field.type !== "Tx" && field.type !== "Btn") continue;
    // A check box or radio group reads as its export value ("Yes", "PREPAID"); Off is unset.
    const value = field.type === "Btn"
      ? (field.value === "Off" ? "" : field.value)
      : field.value.replace(/\r\n?/g, "\n");
    if (field.name.startsWith(SERVICE_FIELD_PREFIX)) {
      readEmbedded(embedded, field.name, value);
      continue;
    }
    // The same full name twice is one field (12.7.3.2); its first value that is not blank wins.
    if (!fields.get(field.name)?.trim()) fields.set(field.name, value);
  }
  if (fields.size === 0) {
    throw new ServiceError(
      "SVC_VAL_006",
      "The PDF has no fillable text fields (a final document, or a PDF without a form)",
    );
  }
  return { fields, embedded };
}

/** PDF readers accept the header anywhere in the first KiB. */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  for (let i = head.indexOf(0x25); i >= 0 && i + 5 <= head.length; i = head.indexOf(0x25, i + 1)) {
    if (
      head[i + 1] === 0x50 && head[i + 2] === 0x44 && head[i + 3] === 0x46 && head[i + 4] === 0x2d
    ) return true;
  }
  return false;
}

/**
 * The field text a form may carry. The answer repeats each value up to three times (extracted,
 * mapped, unmapped), so this bounds it to a few MiB; 9,999 fields of 6 KB each would otherwise
 * be a 60 MB answer, and seconds of parsing.
 */
export const MAX_FORM_TEXT_CHARS = 2 * 1024 * 1024;

const LIMITS = {
  maxFields: MAX_FORM_FIELDS,
  maxNodes: 4 * MAX_FORM_FIELDS,
  maxTextChars: MAX_FORM_TEXT_CHARS,
};

/** Through the cross-reference chain, or (when that is broken) a rebuilt one. */
function readTerminalFields(bytes: Uint8Array): TerminalField[] {
  try {
    try {
      return readFieldTree(openPdf(bytes), LIMITS);
    } catch (error) {
      if (!(error instanceof PdfSyntaxError) || error instanceof PdfTruncatedError) throw error;
      return readFieldTree(reconstructPdf(bytes), LIMITS);
    }
  } catch (error) {
    throw toServiceError(error);
  }
}

function toServiceError(error: unknown): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof TooMuchTextError) {
    return new ServiceError(
      "SVC_VAL_017",
      `The form is too large to read: its fields hold more than ` +
        `${error.limit.toLocaleString("en-US")} characters`,
    );
  }
  if (error instanceof TooManyFieldsError) {
    return new ServiceError(
      "SVC_VAL_013",
      `The PDF has more than ${error.limit.toLocaleString("en-US")} form fields`,
      { details: { max_fields: error.limit } },
    );
  }
  const [reason, message] = error instanceof PdfEncryptedError
    ? ["encrypted", "The PDF is encrypted: send it without password protection"]
    : error instanceof PdfTruncatedError
    ? ["truncated", "The PDF is truncated: it ends before its cross-reference section"]
    : error instanceof PdfLimitError
    ? ["too_complex", `The PDF could not be read: ${error.message}`]
    : error instanceof PdfSyntaxError
    ? ["corrupted", `The PDF is corrupted: ${error.message}`]
    // Anything else the parser throws is still about the file (bad input is never a 500).
    : ["unreadable", "The PDF could not be read"];
  return new ServiceError("SVC_VAL_005", message, { details: { reason } });
}

function readEmbedded(embedded: EmbeddedIdentity, name: string, value: string): void {
  const v = value.trim();
  if (!v) return;
  if (name === "_service_shipment_id") embedded.shipmentId ??= v;
  else if (name === "_service_doc_type") embedded.docType ??= v;
  else if (name === "_service_shipment_ref") embedded.shipmentRef ??= v;
}
