import {
  MalformedMultipart,
  multipartBoundary,
  multipartParts,
  parseMultipart,
} from "../../shared/platform/http/multipart.ts";
import { throws } from "node:assert/strict";
import { assert, equal } from "../support/assert.ts";

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
