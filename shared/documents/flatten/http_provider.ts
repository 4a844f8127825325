import ky, { HTTPError, TimeoutError } from "ky";
import { loadFonts } from "../pdf/font.ts";
import { FlattenFailure, type FlattenInput, type FlattenProvider } from "./provider.ts";
import { flattenToPdfA } from "./flatten.ts";

/** Answers larger than this are refused (a flattened trade document is far smaller). */
const MAX_ANSWER_BYTES = 50 * 1024 * 1024;

/**
 * A Gotenberg-compatible service (FLATTEN_SERVICE_URL): `POST /forms/pdfengines/convert`,
 * multipart with the PDF under `files` and `pdfa=PDF/A-2b`, answering the converted PDF.
 *
 * The form values, the hash stamp and the service metadata are put in place here first, with
 * the built-in flattener: a converter that re-renders the file (Gotenberg hands it to
 * LibreOffice) neither draws values filled without appearances nor prints a stamp, and must
 * not show the hidden service fields. The outside service then does the PDF/A conversion.
 * Any failure (unreachable, a non-2xx answer, a timeout, an answer that is not a PDF) is a
 * FlattenFailure.
 */
export class HttpFlattener implements FlattenProvider {
  readonly name = "http";

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs = 30_000,
  ) {}

  async flatten(input: FlattenInput, options: { signal?: AbortSignal } = {}): Promise<Uint8Array> {
    const prepared = await flattenToPdfA(input.pdf, {
      ...(input.title ? { title: input.title } : {}),
      ...(input.hashStamp ? { hashStamp: input.hashStamp } : {}),
      ...(input.docType ? { docLabel: input.docType } : {}),
    }, await loadFonts());
    const form = new FormData();
    form.append(
      "files",
      new Blob([prepared as Uint8Array<ArrayBuffer>], { type: "application/pdf" }),
      "document.pdf",
    );
    form.append("pdfa", "PDF/A-2b");

    let answer: Uint8Array;
    try {
      const response = await ky.post(
        `${this.baseUrl.replace(/\/+$/, "")}/forms/pdfengines/convert`,
        {
          body: form,
          timeout: this.timeoutMs,
          retry: { limit: 1, methods: ["post"], statusCodes: [502, 503, 504] },
          headers: this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {},
          ...(options.signal ? { signal: options.signal } : {}),
        },
      );
      const declared = Number(response.headers.get("content-length") ?? NaN);
      if (declared > MAX_ANSWER_BYTES) {
        await response.body?.cancel();
        throw new FlattenFailure("The flatten service answered with a file over 50 MiB");
      }
      answer = new Uint8Array(await response.arrayBuffer());
    } catch (cause) {
      if (cause instanceof FlattenFailure) throw cause;
      const why = cause instanceof HTTPError
        ? `answered HTTP ${cause.response.status}`
        : cause instanceof TimeoutError
        ? `did not answer within ${this.timeoutMs / 1000} s`
        : "could not be reached";
      throw new FlattenFailure(`The flatten service ${why}`, { cause });
    }
    if (answer.length > MAX_ANSWER_BYTES) {
      throw new FlattenFailure("The flatten service answered with a file over 50 MiB");
    }
    if (new TextDecoder().decode(answer.subarray(0, 5)) !== "%PDF-") {
      throw new FlattenFailure("The flatten service answered with something that is not a PDF");
    }
    return answer;
  }
}
