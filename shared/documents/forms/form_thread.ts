/** A form-reading thread of FormThreads: one form per message, the Extraction back. */
import { parentPort } from "node:worker_threads";
import { ServiceError } from "../../platform/errors/service_error.ts";
import { extractFilledForm } from "./extract.ts";
import type { FormMessage, FormResponse } from "./form_threads.ts";

parentPort!.on("message", ({ id, bytes, expected }: FormMessage) => {
  let answer: FormResponse;
  try {
    answer = { id, extraction: extractFilledForm(new Uint8Array(bytes), expected) };
  } catch (error) {
    answer = error instanceof ServiceError
      ? { id, error: { code: error.code, message: error.message, details: error.details } }
      : { id, error: { message: error instanceof Error ? error.message : String(error) } };
  }
  parentPort!.postMessage(answer);
});
// The modules are loaded: the time budget of a read starts from here, not from the spawn.
parentPort!.postMessage({ ready: true } satisfies FormResponse);
