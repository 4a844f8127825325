import {
  DelimiterSearch,
  MalformedMultipart,
  multipartBoundary,
  multipartParts,
  parseMultipart,
} from "../../shared/platform/http/multipart.ts";
import { throws } from "node:assert/strict";
import { assert, assertEquals, equal } from "../support/assert.ts";

async function encoded(form: FormData): Promise<{ body: Uint8Array; type: string }> {
  const request = new Request("http://x/", { method: "POST", body: form });
  return {
    body: new Uint8Array(await request.arrayBuffer()),
    type: request.headers.get("content-type")!,
  };
}

Deno.test("multipart: what a client's FormData sends comes back whole", async () => {
  const bytes = crypto.getRandomValues(new Uint8Array(50_000));
  const form = new FormData();
  form.append("file", new File([bytes], "scan.png", { type: "image/png" }));
  form.append("doc_type", "COMMERCIAL_INVOICE");
  form.append("note", "é \r\n--not a boundary");
  const { body, type } = await encoded(form);
  const parsed = parseMultipart(body, multipartBoundary(type));
  const file = parsed.get("file") as File;
  equal(file.name, "scan.png");
  equal(file.type, "image/png");
  const back = new Uint8Array(await file.arrayBuffer());
  assert(back.length === bytes.length && back.every((b, i) => b === bytes[i]), "file bytes");
  equal(parsed.get("doc_type"), "COMMERCIAL_INVOICE");
  equal(parsed.get("note"), "é \r\n--not a boundary");
});

Deno.test("multipart: broken bodies are refused", () => {
  const text = (s: string) => new TextEncoder().encode(s);
  const cases: [string, string | undefined][] = [
    ["no boundary in it", "b"],
    ['--b\r\nContent-Disposition: form-data; name="f"\r\n\r\ncut off', "b"],
    ["--b\r\nno colon here\r\n\r\nx\r\n--b--", "b"],
    ["--b\r\nContent-Disposition: attachment\r\n\r\nx\r\n--b--", "b"],
    ["--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--", "b"],
    ["--b--", undefined],
  ];
  for (const [body, boundary] of cases) {
    throws(() => parseMultipart(text(body), boundary), MalformedMultipart, body);
  }
  equal(multipartBoundary('multipart/form-data; boundary="a b"'), "a b");
  equal(multipartBoundary("multipart/form-data; boundary="), undefined);
});

Deno.test("multipart parts are views of the body: a file is held once, not copied", async () => {
  const bytes = crypto.getRandomValues(new Uint8Array(60_000));
  const form = new FormData();
  form.append("file", new File([bytes], "scan.png", { type: "image/png" }));
  form.append("shipment_id", "");
  const { body, type } = await encoded(form);
  const [file, shipment] = multipartParts(body, multipartBoundary(type));
  equal(file?.name, "file");
  equal(file?.filename, "scan.png");
  equal(file?.type, "image/png");
  assert(file?.data.buffer === body.buffer, "the file's bytes were copied");
  assert(file.data.length === bytes.length && file.data.every((b, i) => b === bytes[i]));
  equal(shipment?.filename, undefined);
  equal(shipment?.data.length, 0);
});

/** The parse of `body` with its delimiters found as it arrived in chunks of `sizes` (cycled). */
function parsedInChunks(body: Uint8Array, boundary: string, sizes: number[]) {
  const search = new DelimiterSearch(boundary);
  for (let at = 0, k = 0; at < body.length; k++) {
    const size = sizes[k % sizes.length]!;
    search.feed(body.subarray(at, at + size));
    at += size;
  }
  return outcome(() => multipartParts(body, boundary, search));
}

function outcome(parse: () => ReturnType<typeof multipartParts>) {
  try {
    return parse().map((p) => ({ ...p, data: [p.data.byteOffset, p.data.length] }));
  } catch (error) {
    return (error as Error).message;
  }
}

Deno.test("multipart: delimiters found chunk by chunk parse as a search of the whole body", async () => {
  const text = (s: string) => new TextEncoder().encode(s);
  const form = new FormData();
  form.append("file", new File([crypto.getRandomValues(new Uint8Array(60_000))], "a.png"));
  form.append("note", "x\r\n--not the boundary\r\n");
  const client = await encoded(form);
  const bodies: [Uint8Array, string][] = [
    [client.body, multipartBoundary(client.type)!],
    [text('preamble--b\r\nContent-Disposition: form-data; name="f"\r\n\r\nx\r\n--b--'), "b"],
    [text('--b\r\nContent-Disposition: form-data; name="f"\r\n\r\nx--b\r\n--b--'), "b"],
    [text('--bb\r\nContent-Disposition: form-data; name="f"\r\n\r\n--bb--bb\r\n--bb--'), "bb"],
    [text('--b\r\nContent-Disposition: form-data; name="f"\r\n\r\ncut off'), "b"],
    [text("no boundary in it"), "b"],
    // More delimiters than are tracked: the parse searches the body again, with the same answer.
    [text("--x".repeat(12_000)), "x"],
    [text(`--x\r\nContent-Disposition: form-data; name="f"\r\n\r\n${"--x".repeat(11_000)}`), "x"],
  ];
  for (const [body, boundary] of bodies) {
    const whole = outcome(() => multipartParts(body, boundary));
    for (const sizes of [[1], [2, 3], [7], [4096, 1, 65_536], [body.length]]) {
      assertEquals(parsedInChunks(body, boundary, sizes), whole, `${boundary} in ${sizes}`);
    }
  }
  // A search of another body or boundary is not taken for this one.
  const search = new DelimiterSearch("b");
  search.feed(text("--b--"));
  assertEquals(outcome(() => multipartParts(text("--c--"), "c", search)), []);
});
