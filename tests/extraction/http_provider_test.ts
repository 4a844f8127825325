import * as XLSX from "@e965/xlsx";
import { encode as encodePng } from "fast-png";
import { PDFDocument, StandardFonts } from "@pdfme/pdf-lib";
import { HttpExtractionProvider } from "../../shared/extraction/http_provider.ts";
import { ExtractionFailure, type FileKind } from "../../shared/extraction/provider.ts";
import { assert, assertEquals, equal, match } from "../support/assert.ts";

const API_KEY = "sk-test-0123456789";
const MODEL = "test-model-1";

interface Seen {
  path: string;
  headers: Headers;
  // deno-lint-ignore no-explicit-any
  body: Record<string, any>;
}

/** A chat completions server on loopback: records each request and answers as told. */
function modelServer(answer: (n: number, seen: Seen) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const hung = Promise.withResolvers<void>();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const entry = {
      path: new URL(req.url).pathname,
      headers: req.headers,
      body: await req.json(),
    };
    seen.push(entry);
    return await answer(seen.length, entry);
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/v1`,
    seen,
    /** For handlers that never answer on their own. */
    hang: () => hung.promise.then(() => new Response("late")),
    async close() {
      hung.resolve();
      await server.shutdown();
    },
  };
}

function completion(content: string, extra: Record<string, unknown> = {}): Response {
  return Response.json({
    id: "chatcmpl-1",
    object: "chat.completion",
    model: MODEL,
    choices: [{
      index: 0,
      finish_reason: "stop",
      message: { role: "assistant", content, ...extra },
    }],
  });
}

/** What a strict-schema model answers: every key present, null where the document is silent. */
const ANSWER = {
  exporter: {
    name: { value: "ACME Export GmbH", confidence: 0.97 },
    address: null,
    country: { value: "DE", confidence: 0.9 },
  },
  importer: null,
  goods: {
    currency: { value: "EUR", confidence: 0.95 },
    total_value: null,
    line_items: [{
      description: { value: "LED bulbs", confidence: 0.93 },
      hs_code: { value: "853952", confidence: 0.8 },
      quantity: { value: 1200, confidence: 0.9 },
      unit_price: { value: 1.25, confidence: 0.88 },
      unit_of_measure: null,
    }],
  },
  invoice: { number: { value: "INV-42", confidence: 0.99 }, date: null },
  terms: null,
  route: null,
};

function provider(url: string, timeoutMs = 5_000) {
  return new HttpExtractionProvider({ url, apiKey: API_KEY, model: MODEL, timeoutMs });
}

function extract(p: HttpExtractionProvider, bytes: Uint8Array, kind: FileKind) {
  return p.extract({ bytes, kind }, { signal: new AbortController().signal });
}

async function textPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText("COMMERCIAL INVOICE", { x: 50, y: 780, size: 16, font });
  page.drawText("Invoice No. INV-42", { x: 50, y: 750, size: 11, font });
  page.drawText("Exporter: ACME Export GmbH", { x: 50, y: 730, size: 11, font });
  return await doc.save();
}

const PNG = encodePng({
  width: 16,
  height: 8,
  data: new Uint8Array(128).map((_, i) => (i % 7) * 30),
  channels: 1,
});

async function expectFailure(work: Promise<unknown>, pattern: RegExp): Promise<void> {
  try {
    await work;
  } catch (error) {
    assert(error instanceof ExtractionFailure, `not an ExtractionFailure: ${error}`);
    match(error.message, pattern);
    return;
  }
  throw new Error("the extraction did not fail");
}

function userContent(seen: Seen): { type: string; text?: string; image_url?: { url: string } }[] {
  const user = seen.body.messages.find((m: { role: string }) => m.role === "user");
  return user.content;
}

Deno.test("HttpExtractionProvider sends the model, key, strict schema and the image", async () => {
  const server = modelServer(() => completion(JSON.stringify(ANSWER)));
  try {
    const result = await extract(provider(server.url), PNG, "png");
    const [request] = server.seen;
    equal(request!.path, "/v1/chat/completions");
    equal(request!.headers.get("authorization"), `Bearer ${API_KEY}`);
    equal(request!.body.model, MODEL);
    const format = request!.body.response_format;
    equal(format.type, "json_schema");
    equal(format.json_schema.strict, true);
    assert(typeof format.json_schema.name === "string" && format.json_schema.name.length > 0);
    // Strict mode: every object lists all its properties as required and allows no others.
    const schema = format.json_schema.schema;
    assertEquals(Object.keys(schema.properties).sort(), [
      "exporter",
      "goods",
      "importer",
      "invoice",
      "route",
      "terms",
    ]);
    assertEquals([...schema.required].sort(), Object.keys(schema.properties).sort());
    equal(schema.additionalProperties, false);
    const item = schema.properties.goods.properties.line_items.items;
    assertEquals([...item.required].sort(), [
      "description",
      "hs_code",
      "quantity",
      "unit_of_measure",
      "unit_price",
    ]);
    assert(JSON.stringify(schema).includes('"type":"null"'), "optional fields may be null");
    assert(!JSON.stringify(schema).includes("minLength"), "no keywords strict mode refuses");
    const parts = userContent(request!);
    equal(parts[0]!.type, "text");
    match(parts[0]!.text!, /PNG/);
    equal(parts[1]!.type, "image_url");
    equal(parts[1]!.image_url!.url, `data:image/png;base64,${btoa(String.fromCharCode(...PNG))}`);
    // nulls of the strict answer are absent keys in the result
    assertEquals(result, {
      exporter: {
        name: { value: "ACME Export GmbH", confidence: 0.97 },
        country: { value: "DE", confidence: 0.9 },
      },
      goods: {
        currency: { value: "EUR", confidence: 0.95 },
        line_items: [{
          description: { value: "LED bulbs", confidence: 0.93 },
          hs_code: { value: "853952", confidence: 0.8 },
          quantity: { value: 1200, confidence: 0.9 },
          unit_price: { value: 1.25, confidence: 0.88 },
        }],
      },
      invoice: { number: { value: "INV-42", confidence: 0.99 } },
    });
  } finally {
    await server.close();
  }
});

Deno.test("HttpExtractionProvider sends a PDF's text layer as text", async () => {
  const server = modelServer(() => completion(JSON.stringify(ANSWER)));
  try {
    await extract(provider(server.url), await textPdf(), "pdf");
    const parts = userContent(server.seen[0]!);
    equal(parts.length, 1, "no image for a PDF with a text layer");
    match(parts[0]!.text!, /COMMERCIAL INVOICE\nInvoice No\. INV-42\nExporter: ACME Export GmbH/);
  } finally {
    await server.close();
  }
});

Deno.test("HttpExtractionProvider sends a PDF without a text layer as page images", async () => {
  const doc = await PDFDocument.create();
  const scan = encodePng({
    width: 200,
    height: 280,
    data: new Uint8Array(200 * 280).fill(230),
    channels: 1,
  });
  const image = await doc.embedPng(scan);
  doc.addPage([200, 280]).drawImage(image, { x: 0, y: 0, width: 200, height: 280 });
  const server = modelServer(() => completion(JSON.stringify(ANSWER)));
  try {
    await extract(provider(server.url), await doc.save(), "pdf");
    const parts = userContent(server.seen[0]!);
    equal(parts.length, 2);
    match(parts[1]!.image_url!.url, /^data:image\/png;base64,iVBORw0KGgo/);
  } finally {
    await server.close();
  }
});

Deno.test("HttpExtractionProvider sends each TIFF page as a PNG image", async () => {
  // Two pages, made by ImageMagick (not by our own code): tests/fixtures/tiff/README.md.
  const tiff = await Deno.readFile(
    new URL("../fixtures/tiff/two-pages-40x30.tif", import.meta.url),
  );
  const server = modelServer(() => completion(JSON.stringify(ANSWER)));
  try {
    await extract(provider(server.url), tiff, "tiff");
    const images = userContent(server.seen[0]!).filter((p) => p.type === "image_url");
    equal(images.length, 2);
    for (const image of images) {
      match(image.image_url!.url, /^data:image\/png;base64,iVBORw0KGgo/);
    }
  } finally {
    await server.close();
  }
});

Deno.test("HttpExtractionProvider sends spreadsheet cells as CSV", async () => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([["Description", "Qty", "Unit price"], ["Bulbs, LED", 1200, 1.25]]),
    "Invoice",
  );
  const bytes = new Uint8Array(XLSX.write(book, { bookType: "xlsx", type: "array" }));
  const server = modelServer(() => completion(JSON.stringify(ANSWER)));
  try {
    await extract(provider(server.url), bytes, "xlsx");
    const text = userContent(server.seen[0]!)[0]!.text!;
    match(text, /--- sheet Invoice ---\nDescription,Qty,Unit price\n"Bulbs, LED",1200,1.25/);
  } finally {
    await server.close();
  }
});

Deno.test("HttpExtractionProvider turns every bad answer into a clear failure", async (t) => {
  const cases: [string, () => Response, RegExp][] = [
    [
      "a 500",
      () => Response.json({ error: { message: "model overloaded" } }, { status: 500 }),
      /answered HTTP 500: model overloaded/,
    ],
    ["a 401", () => new Response("no", { status: 401 }), /answered HTTP 401/],
    ["a body that is not JSON", () => new Response("<html>oops</html>"), /not JSON/],
    ["content that is not JSON", () => completion("Sure! The exporter is ACME."), /not valid JSON/],
    ["not a chat completion", () => Response.json({ result: ANSWER }), /not a chat completion/],
    [
      "a confidence of 1.5",
      () =>
        completion(JSON.stringify({
          ...ANSWER,
          exporter: { name: { value: "ACME", confidence: 1.5 } },
        })),
      /does not match the result schema \(exporter\.name\.confidence/,
    ],
    [
      "a refusal",
      () => completion("", { content: null, refusal: "I cannot help with that" }),
      /refused: I cannot help with that/,
    ],
  ];
  for (const [name, answer, pattern] of cases) {
    await t.step(name, async () => {
      const server = modelServer(answer);
      try {
        await expectFailure(extract(provider(server.url), PNG, "png"), pattern);
      } finally {
        await server.close();
      }
    });
  }
});

Deno.test("HttpExtractionProvider gives up on a model that does not answer", async () => {
  const server = modelServer(() => server.hang());
  try {
    const started = Date.now();
    await expectFailure(extract(provider(server.url, 400), PNG, "png"), /did not answer within/);
    assert(Date.now() - started < 3_000, "the time-out was not applied");
  } finally {
    await server.close();
  }
});

Deno.test("HttpExtractionProvider retries an overloaded model once", async () => {
  const server = modelServer((n) =>
    n === 1 ? new Response("busy", { status: 503 }) : completion(JSON.stringify(ANSWER))
  );
  try {
    const result = await extract(provider(server.url), PNG, "png");
    equal(server.seen.length, 2);
    equal(result.invoice?.number?.value, "INV-42");
  } finally {
    await server.close();
  }
});

Deno.test("HttpExtractionProvider stops when the job's signal fires", async () => {
  const server = modelServer(() => server.hang());
  try {
    const controller = new AbortController();
    const work = provider(server.url, 30_000).extract({ bytes: PNG, kind: "png" }, {
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new DOMException("time is up", "TimeoutError")), 100);
    try {
      await work;
      throw new Error("the extraction did not stop");
    } catch (error) {
      equal((error as DOMException).message, "time is up");
    }
  } finally {
    await server.close();
  }
});

Deno.test("HttpExtractionProvider fails a file with nothing to send, without a request", async () => {
  const server = modelServer(() => completion(JSON.stringify(ANSWER)));
  try {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    await expectFailure(
      extract(provider(server.url), await doc.save(), "pdf"),
      /neither a text layer nor page images/,
    );
    equal(server.seen.length, 0);
  } finally {
    await server.close();
  }
});
