/**
 * An outside extraction model: OpenAI-compatible chat completions with a strict JSON schema
 * answer (`response_format: json_schema`) at EXTRACTION_API_URL. The document goes as text
 * (a PDF's text layer, a spreadsheet's cells as CSV) and as page images (PNG and JPEG as they
 * are; TIFF pages and the pages of a PDF without a text layer as PNG). The answer is outside
 * input: parsed, checked against the same ExtractionResult schema as the built-in extractor's,
 * and every failure (HTTP error, time-out, bad JSON, wrong shape, refusal) is an
 * ExtractionFailure with a message a user can read, so the job ends as failed, never stuck.
 */
import { HttpStatusError, HttpTimeoutError, postJson } from "../platform/http/post_json.ts";
import { z } from "../platform/schemas/zod.ts";
import {
  ExtractionFailure,
  type ExtractionInput,
  type ExtractionProvider,
  type FileKind,
} from "./provider.ts";
import type { SheetDocument, TextDocument, Word } from "./layout.ts";
import { ExtractionResult } from "./result.ts";
import { readPdfText } from "./readers/pdf_text.ts";
import { readSpreadsheet } from "./readers/spreadsheet.ts";
import { decodeTiff } from "./ocr/tiff.ts";
import { planPdf, rasterizePdf } from "./ocr/pdf.ts";
import { encodeGrayPng } from "./ocr/png_encode.ts";
import type { GrayImage } from "./ocr/gray.ts";

export interface HttpExtractionOptions {
  /** The API base (`…/v1`) or the full `…/chat/completions` URL. */
  url: string;
  apiKey: string | undefined;
  model: string;
  /** One request's time limit (the job's own limit still applies). */
  timeoutMs: number;
}

/** What is sent: the document's text, its page images, and notes on what could not be sent. */
export interface PreparedDocument {
  text: string;
  images: { mime: "image/png" | "image/jpeg"; bytes: Uint8Array }[];
  notes: string[];
}

/** Models take a handful of images per request; trade documents are a few pages. */
const MAX_IMAGES = 10;
/** Bytes of images in one request (before base64), well under common request caps. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Characters of text sent; the rest is cut (and the model is told). */
const MAX_TEXT_CHARS = 200_000;

const SCHEMA_NAME = "trade_document_extraction";

const INSTRUCTIONS = [
  "You read trade documents (commercial invoices, packing lists, bills of lading, certificates)",
  "and return their data as JSON that matches the given schema exactly.",
  "Every value is an object {value, confidence}: confidence from 0 to 1 says how sure you are",
  "that the value is what the document states (1: printed plainly in a labelled box).",
  "Use null for anything the document does not show; never invent a value.",
  "Countries: ISO 3166-1 alpha-2 codes. Currencies: ISO 4217 codes. Dates: YYYY-MM-DD.",
  "HS codes: digits only. Quantities and prices: plain numbers without thousands separators.",
  "exporter is the shipper/seller, importer the consignee/buyer.",
].join(" ");

export class HttpExtractionProvider implements ExtractionProvider {
  readonly name = "http" as const;
  readonly #endpoint: string;

  constructor(
    private readonly options: HttpExtractionOptions,
    private readonly prepare: (
      input: ExtractionInput,
      signal: AbortSignal,
    ) => Promise<PreparedDocument> = prepareDocument,
  ) {
    const base = options.url.replace(/\/+$/, "");
    this.#endpoint = /\/chat\/completions$/.test(base) ? base : `${base}/chat/completions`;
  }

  async extract(
    input: ExtractionInput,
    options: { signal: AbortSignal },
  ): Promise<ExtractionResult> {
    const doc = await this.prepare(input, options.signal);
    if (doc.text.trim() === "" && doc.images.length === 0) {
      throw new ExtractionFailure(
        `The file holds no text or image that could be sent to the extraction model` +
          (doc.notes.length > 0 ? ` (${doc.notes.join("; ")})` : ""),
      );
    }
    const answer = await this.#ask(chatRequest(this.options.model, input.kind, doc), options);
    return parseAnswer(answer);
  }

  async #ask(body: unknown, options: { signal: AbortSignal }): Promise<unknown> {
    const seconds = this.options.timeoutMs / 1000;
    try {
      return await postJson(this.#endpoint, {
        json: body,
        timeoutMs: this.options.timeoutMs,
        signal: options.signal,
        // Overload and rate limits are worth one more try; anything else is the answer.
        retryStatuses: [429, 502, 503, 504],
        maxRetryAfterMs: 5_000,
        backoffLimitMs: 2_000,
        headers: this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {},
      });
    } catch (cause) {
      if (options.signal.aborted) throw options.signal.reason;
      const why = cause instanceof HttpStatusError
        ? `answered HTTP ${cause.status}${errorDetail(cause)}`
        : cause instanceof HttpTimeoutError
        ? `did not answer within ${seconds} s`
        : cause instanceof SyntaxError
        ? "answered with a body that is not JSON"
        : "could not be reached";
      throw new ExtractionFailure(`The extraction model ${why}`, { cause });
    }
  }
}

/** The provider's own error message, when it gives one in the usual `{error: {message}}`. */
function errorDetail(error: HttpStatusError): string {
  const data = error.data as { error?: { message?: unknown } } | string | undefined;
  const message = typeof data === "object" ? data?.error?.message : undefined;
  return typeof message === "string" && message.trim() !== ""
    ? `: ${message.trim().slice(0, 300)}`
    : "";
}

// --- the request

export function chatRequest(model: string, kind: FileKind, doc: PreparedDocument) {
  const lines = [`File type: ${kind.toUpperCase()}.`, ...doc.notes.map((n) => `Note: ${n}.`)];
  if (doc.text.trim() !== "") lines.push("", "Text of the document:", doc.text);
  return {
    model,
    temperature: 0,
    messages: [
      { role: "system", content: INSTRUCTIONS },
      {
        role: "user",
        content: [
          { type: "text", text: lines.join("\n") },
          ...doc.images.map((image) => ({
            type: "image_url",
            image_url: { url: `data:${image.mime};base64,${base64(image.bytes)}` },
          })),
        ],
      },
    ],
    response_format: {
      type: "json_schema",
      json_schema: { name: SCHEMA_NAME, strict: true, schema: extractionJsonSchema() },
    },
  };
}

let cachedSchema: Record<string, unknown> | undefined;

/**
 * The ExtractionResult schema in the form strict structured outputs accept: every property
 * listed as required (optional ones may be null instead), no other properties, and none of the
 * string length keywords strict mode does not support.
 */
export function extractionJsonSchema(): Record<string, unknown> {
  // An empty registry: the OpenAPI ids on the result's parts would otherwise turn the schema
  // into `$ref`s to `$defs`, which strict structured outputs do not take as the root.
  cachedSchema ??= strictSchema(
    z.toJSONSchema(ExtractionResult, { io: "output", metadata: z.registry() }) as Record<
      string,
      unknown
    >,
  );
  return cachedSchema;
}

function strictSchema(node: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _, minLength: _min, maxLength: _max, ...rest } = node;
  if (rest.type === "array" && isRecord(rest.items)) {
    return { ...rest, items: strictSchema(rest.items) };
  }
  if (rest.type !== "object" || !isRecord(rest.properties)) return rest;
  const required = new Set(Array.isArray(rest.required) ? rest.required as string[] : []);
  const properties = Object.fromEntries(
    Object.entries(rest.properties).map(([key, value]) => {
      const strict = strictSchema(value as Record<string, unknown>);
      return [key, required.has(key) ? strict : { anyOf: [strict, { type: "null" }] }];
    }),
  );
  return {
    ...rest,
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  };
}

// --- the answer

const ChatAnswer = z.object({
  choices: z.array(z.object({
    finish_reason: z.string().nullish(),
    message: z.object({
      content: z.string().nullish(),
      refusal: z.string().nullish(),
    }),
  })).min(1),
});

export function parseAnswer(answer: unknown): ExtractionResult {
  const chat = ChatAnswer.safeParse(answer);
  if (!chat.success) {
    throw new ExtractionFailure("The extraction model's answer is not a chat completion");
  }
  const choice = chat.data.choices[0]!;
  if (choice.message.refusal) {
    throw new ExtractionFailure(
      `The extraction model refused: ${choice.message.refusal.slice(0, 300)}`,
    );
  }
  if (choice.finish_reason === "length") {
    throw new ExtractionFailure("The extraction model's answer was cut off (too long)");
  }
  let content: unknown;
  try {
    content = JSON.parse(choice.message.content ?? "");
  } catch {
    throw new ExtractionFailure("The extraction model's answer is not valid JSON");
  }
  const result = ExtractionResult.safeParse(withoutNulls(content));
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ExtractionFailure(
      "The extraction model's answer does not match the result schema " +
        `(${issue?.path.join(".") || "(top level)"}: ${issue?.message})`,
    );
  }
  return result.data;
}

/** Strict schemas say "absent" with null; the result schema with a missing key. */
function withoutNulls(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) {
    return value.filter((v) => v !== null).map((v) => withoutNulls(v, depth + 1));
  }
  if (!isRecord(value) || depth > 10) return value;
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [
      k,
      withoutNulls(v, depth + 1),
    ]),
  );
}

// --- the document as text and images

export async function prepareDocument(
  input: ExtractionInput,
  signal: AbortSignal,
): Promise<PreparedDocument> {
  switch (input.kind) {
    case "png":
      return { text: "", images: [{ mime: "image/png", bytes: input.bytes }], notes: [] };
    case "jpeg":
      return { text: "", images: [{ mime: "image/jpeg", bytes: input.bytes }], notes: [] };
    case "tiff":
      return rasterPages("TIFF page", decodeTiff(input.bytes), signal);
    case "xls":
    case "xlsx":
      return sheetText(await readSpreadsheet(input.bytes, input.kind, { signal }));
    case "pdf":
      return await pdfDocument(input.bytes, signal);
  }
}

async function pdfDocument(bytes: Uint8Array, signal: AbortSignal): Promise<PreparedDocument> {
  const doc = await readPdfText(bytes, { signal });
  const text = textOf(doc);
  if (text.trim() !== "") return { ...capText(text), images: [] };
  // No text layer: a scan. Its pages go as images instead, drawn as the OCR reader draws them.
  return rasterPages("PDF page", rasterizePdf(await planPdf(bytes)), signal);
}

function rasterPages(
  what: string,
  pages: Iterable<{ image: GrayImage }>,
  signal: AbortSignal,
): PreparedDocument {
  const images: PreparedDocument["images"] = [];
  const notes: string[] = [];
  let total = 0;
  let n = 0;
  for (const page of pages) {
    n++;
    if (signal.aborted) throw signal.reason;
    if (images.length >= MAX_IMAGES) {
      notes.push(`only the first ${MAX_IMAGES} pages are attached`);
      break;
    }
    const png = encodeGrayPng(page.image);
    if (total + png.byteLength > MAX_IMAGE_BYTES) {
      notes.push(`${what} ${n} and later pages are not attached (too large)`);
      break;
    }
    total += png.byteLength;
    images.push({ mime: "image/png", bytes: png });
  }
  return { text: "", images, notes };
}

/** A text layer as lines: words grouped by the line they sit on, left to right. */
export function textOf(doc: TextDocument): string {
  return doc.pages.map((page, i) => {
    const lines: Word[][] = [];
    const words = [...page.words].sort((a, b) => a.y - b.y || a.x - b.x);
    for (const word of words) {
      const line = lines.at(-1);
      const first = line?.[0];
      if (line && first && Math.abs(word.y - first.y) <= Math.max(first.height, word.height) / 2) {
        line.push(word);
      } else lines.push([word]);
    }
    const text = lines.map((line) => line.sort((a, b) => a.x - b.x).map((w) => w.text).join(" "))
      .join("\n");
    return doc.pages.length > 1 ? `--- page ${i + 1} ---\n${text}` : text;
  }).join("\n");
}

/** Each sheet as CSV under its name. */
export function sheetText(doc: SheetDocument): PreparedDocument {
  const text = doc.sheets.map((sheet) =>
    `--- sheet ${sheet.name} ---\n` +
    sheet.rows.map((row) => row.map(csvCell).join(",")).join("\n")
  ).join("\n");
  return { ...capText(text), images: [] };
}

function csvCell(cell: string | number | null): string {
  if (cell === null) return "";
  const text = String(cell);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function capText(text: string): { text: string; notes: string[] } {
  return text.length <= MAX_TEXT_CHARS ? { text, notes: [] } : {
    text: text.slice(0, MAX_TEXT_CHARS),
    notes: [`the text is cut after ${MAX_TEXT_CHARS} characters`],
  };
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
