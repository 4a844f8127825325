/**
 * A Gotenberg stand-in on loopback for `/forms/pdfengines/convert`: it parses the multipart
 * request as Gotenberg does and answers as `respond` says (by default the uploaded file back).
 */
export interface Received {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  fields: Record<string, string>;
  files: { name: string; type: string; bytes: Uint8Array }[];
}

/** A Gotenberg stand-in on loopback; `respond` decides each answer from the parsed request. */
export function fakeGotenberg(
  respond: (received: Received) => Response | Promise<Response> = (r) =>
    new Response(r.files[0]!.bytes as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": "application/pdf" },
    }),
) {
  const received: Received[] = [];
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    async (request) => {
      const form = await request.formData().catch(() => null);
      const r: Received = {
        method: request.method,
        path: new URL(request.url).pathname,
        authorization: request.headers.get("authorization"),
        contentType: request.headers.get("content-type"),
        fields: {},
        files: [],
      };
      for (const [key, value] of form?.entries() ?? []) {
        if (typeof value === "string") r.fields[key] = value;
        else {
          r.files.push({
            name: value.name,
            type: value.type,
            bytes: new Uint8Array(await value.arrayBuffer()),
          });
        }
      }
      received.push(r);
      return respond(r);
    },
  );
  return { url: `http://127.0.0.1:${server.addr.port}`, received, close: () => server.shutdown() };
}
