import { equal } from "node:assert/strict";

// JSR's @std/assert is not reachable here; node:assert serves, with messages of our own.
export { deepEqual as assertEquals, equal, match, ok as assert } from "node:assert/strict";

/** Reads a JSON response and checks its status, printing the body when it differs. */
export async function expectJson<T = Record<string, unknown>>(
  response: Response,
  status: number,
): Promise<T> {
  const text = await response.text();
  equal(response.status, status, `expected HTTP ${status}, got ${response.status}: ${text}`);
  return text ? JSON.parse(text) : (undefined as T);
}

/** Checks an error answer: status, the `{error: {code, message}}` shape and the code. */
export async function expectError(response: Response, status: number, code: string) {
  const body = await expectJson<{ error: { code: string; message: string } }>(response, status);
  equal(body?.error?.code, code, `expected ${code}, got ${JSON.stringify(body)}`);
  equal(typeof body.error.message, "string");
  return body.error;
}
