import * as XLSX from "@e965/xlsx";
import { encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { PDFDocument } from "@pdfme/pdf-lib";
import { sha256Hex } from "../../shared/platform/util/crypto.ts";
import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import {
  serveOnLoopback,
  serviceTest,
  type TestService,
  testService,
  type TestTeam,
} from "../support/service.ts";

const MIB = 1024 * 1024;
const BOUNDARY = "----extract-test-boundary";

type Json = Record<string, unknown>;

interface Part {
  name: string;
  data: Uint8Array | string;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body built by hand, so tests control every byte and header. */
function multipart(parts: Part[]): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"` +
      (part.filename === undefined ? "" : `; filename="${part.filename}"`);
    chunks.push(encoder.encode(
      `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n` +
        (part.type ? `Content-Type: ${part.type}\r\n` : "") + "\r\n",
    ));
    chunks.push(typeof part.data === "string" ? encoder.encode(part.data) : part.data);
    chunks.push(encoder.encode("\r\n"));
  }
  chunks.push(encoder.encode(`--${BOUNDARY}--\r\n`));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function filePart(data: Uint8Array, filename = "invoice.pdf", type = "application/pdf"): Part {
  return { name: "file", data, filename, type };
}

/** Streams `body` in 64 KiB chunks without a Content-Length; counts what was pulled. */
function streamed(body: Uint8Array) {
  const state = { pulled: 0 };
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close();
      const chunk = body.subarray(at, at + 64 * 1024);
      at += chunk.length;
      state.pulled += chunk.length;
      controller.enqueue(chunk);
    },
  }, { highWaterMark: 0 });
  return { stream, state };
}

function upload(
  svc: TestService,
  team: TestTeam,
  body: Uint8Array | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return svc.fetch("/api/v1/extract", {
    method: "POST",
    headers: {
      authorization: `Bearer ${team.apiKey}`,
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      ...(body instanceof Uint8Array ? { "content-length": String(body.length) } : {}),
      ...headers,
    },
    body,
    duplex: "half",
  } as RequestInit);
}

function getJob(svc: TestService, team: TestTeam, id: string): Promise<Response> {
  return svc.fetch(`/api/v1/extract/${id}`, {
    headers: { authorization: `Bearer ${team.apiKey}` },
  });
}

async function pdfBytes(): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]).drawText("Invoice 1");
  return new Uint8Array(await doc.save());
}

function workbook(bookType: "xlsx" | "xls"): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["Exporter", "ACME"]]));
  return new Uint8Array(XLSX.write(book, { bookType, type: "array" }));
}

/** A TIFF made by ImageMagick (see tests/fixtures/tiff/README.md). */
function tiffBytes(): Promise<Uint8Array> {
  return Deno.readFile(new URL("../fixtures/tiff/white-8x8-lsb.tif", import.meta.url));
}

/** A PDF of exactly `size` bytes: a real header, then padding (sniffed, never parsed here). */
function paddedPdf(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x20);
  bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
  return bytes;
}

/** Jobs these tests queue are never run: end them, so no later test's worker picks them up. */
async function endJobs(svc: TestService, teams: TestTeam[]): Promise<void> {
  await svc.db.query(
    `update extraction_jobs set status = 'failed', error_code = 'SVC_EXTRACT_002',
            error_message = 'ended by the test', completed_at = now()
      where team_id = any($1::uuid[]) and status = 'processing'`,
    [teams.map((team) => team.teamId)],
  );
}

serviceTest(`POST /api/v1/extract (${testDbKind()})`, async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const other = await svc.newTeam();

  await t.step(
    "answers 202 {job_id, status: processing, created_at} and queues the job",
    async () => {
      const file = await pdfBytes();
      const res = await upload(svc, team, multipart([filePart(file)]));
      const body = await expectJson<Json>(res, 202);
      assertEquals(Object.keys(body).sort(), ["created_at", "job_id", "status"]);
      equal(body.status, "processing");
      assert(!Number.isNaN(Date.parse(String(body.created_at))));
      equal(res.headers.get("location"), `/api/v1/extract/${body.job_id}`);
      const [row] = await svc.db.query<Json>(
        `select team_id, shipment_id, status, file_kind, file_size, file_sha256, file_path, attempts
         from extraction_jobs where id = $1`,
        [body.job_id],
      );
      assertEquals(row, {
        team_id: team.teamId,
        shipment_id: null,
        status: "processing",
        file_kind: "pdf",
        file_size: file.length,
        file_sha256: await sha256Hex(file),
        file_path: `${team.teamId}/extractions/${body.job_id}/source`,
        attempts: 0,
      });
      assertEquals(await svc.deps.storage.get(String(row!.file_path)), file);
    },
  );

  await t.step(
    "decides the type from the bytes: each accepted kind, whatever its name",
    async () => {
      const files: [string, Uint8Array][] = [
        ["pdf", await pdfBytes()],
        ["png", encodePng({ width: 2, height: 2, data: new Uint8Array(4), channels: 1 })],
        ["jpeg", jpeg.encode({ width: 2, height: 2, data: new Uint8Array(16) }, 80).data],
        ["tiff", await tiffBytes()],
        ["xls", workbook("xls")],
        ["xlsx", workbook("xlsx")],
      ];
      for (const [kind, data] of files) {
        // Names and declared types lie on purpose: only the bytes count.
        const res = await upload(svc, team, multipart([filePart(data, "scan.txt", "text/plain")]));
        const { job_id } = await expectJson<{ job_id: string }>(res, 202);
        const [row] = await svc.db.query<{ file_kind: string }>(
          "select file_kind from extraction_jobs where id = $1",
          [job_id],
        );
        equal(row!.file_kind, kind);
      }
    },
  );

  await t.step(
    "415 SVC_EXTRACT_003 for garbage named .pdf, listing the accepted types",
    async () => {
      const garbage = crypto.getRandomValues(new Uint8Array(2048));
      const res = await upload(svc, team, multipart([filePart(garbage, "invoice.pdf")]));
      const error = await expectError(res, 415, "SVC_EXTRACT_003") as { details?: Json };
      assertEquals(error.details?.accepted, ["pdf", "png", "jpeg", "tiff", "xls", "xlsx"]);
      const text = new TextEncoder().encode("Commercial invoice, exporter ACME");
      await expectError(
        await upload(svc, team, multipart([filePart(text, "invoice.xlsx")])),
        415,
        "SVC_EXTRACT_003",
      );
    },
  );

  await t.step("400 SVC_EXTRACT_001 without a file, with an empty one, or with two", async () => {
    const file = await pdfBytes();
    const bodies: [string, Uint8Array][] = [
      ["no parts", multipart([])],
      ["only shipment_id", multipart([{ name: "shipment_id", data: crypto.randomUUID() }])],
      ["file as a text field", multipart([{ name: "file", data: "%PDF-1.7 not a file" }])],
      ["a file under another name", multipart([{ ...filePart(file), name: "document" }])],
      ["an empty file", multipart([filePart(new Uint8Array())])],
      ["two files", multipart([filePart(file), filePart(file)])],
    ];
    for (const [name, body] of bodies) {
      const res = await upload(svc, team, body);
      equal(res.status, 400, name);
      await expectError(res, 400, "SVC_EXTRACT_001");
    }
  });

  await t.step("415 SVC_REQ_003 when the body is not multipart", async () => {
    const types = ["application/json", "application/pdf", "text/plain", "", "multipart/form-data"];
    for (const type of types) {
      const res = await svc.fetch("/api/v1/extract", {
        method: "POST",
        headers: { authorization: `Bearer ${team.apiKey}`, "content-type": type },
        body: type === "application/json" ? '{"file": "x"}' : await pdfBytes(),
      });
      await expectError(res, 415, "SVC_REQ_003");
    }
  });

  await t.step("400 for a malformed multipart body, never a 5xx", async () => {
    const body = multipart([filePart(await pdfBytes())]);
    await expectError(
      await upload(svc, team, body, { "content-type": "multipart/form-data; boundary=" }),
      400,
      "SVC_REQ_002",
    );
    // Deno's parser refuses some broken bodies and drops the parts it cannot make out of
    // others (then no file is left): a 400 either way.
    const broken = [
      "this is not multipart at all",
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
      "\r\n%PDF-1.7 cut off here",
      `--${BOUNDARY}\r\nno headers at all\r\n--${BOUNDARY}--\r\n`,
    ];
    for (const text of broken) {
      const res = await upload(svc, team, new TextEncoder().encode(text));
      const { error } = await expectJson<{ error: { code: string } }>(res, 400);
      assert(["SVC_REQ_002", "SVC_EXTRACT_001"].includes(error.code), error.code);
    }
  });

  await t.step(
    "shipment_id: the team's own is kept; another team's or unknown is 404",
    async () => {
      const created = await expectJson<{ shipment_id: string }>(
        await svc.call(team, "create-shipment", {
          body: { shipment_data: { exporter: { name: "ACME", country: "DE" } } },
        }),
        201,
      );
      const file = await pdfBytes();
      const own = await expectJson<{ job_id: string }>(
        await upload(
          svc,
          team,
          multipart([filePart(file), { name: "shipment_id", data: created.shipment_id }]),
        ),
        202,
      );
      const [row] = await svc.db.query<{ shipment_id: string }>(
        "select shipment_id from extraction_jobs where id = $1",
        [own.job_id],
      );
      equal(row!.shipment_id, created.shipment_id);
      const empty = await upload(
        svc,
        team,
        multipart([filePart(file), { name: "shipment_id", data: "" }]),
      );
      equal(empty.status, 202, "an empty shipment_id field is no shipment");
      await empty.body?.cancel();
      for (const id of [crypto.randomUUID(), "not-a-uuid", "'; drop table shipments; --"]) {
        await expectError(
          await upload(svc, team, multipart([filePart(file), { name: "shipment_id", data: id }])),
          404,
          "SVC_SHIP_004",
        );
      }
      // The same shipment through another team's key: answered exactly like an unknown one.
      await expectError(
        await upload(
          svc,
          other,
          multipart([filePart(file), { name: "shipment_id", data: created.shipment_id }]),
        ),
        404,
        "SVC_SHIP_004",
      );
    },
  );

  await t.step("413 for a file of 20 MiB + 1 byte, with and without Content-Length", async () => {
    const body = multipart([filePart(paddedPdf(20 * MIB + 1))]);
    await expectError(await upload(svc, team, body), 413, "SVC_REQ_001");
    const { stream } = streamed(body);
    await expectError(await upload(svc, team, stream), 413, "SVC_REQ_001");
  });

  await t.step("413 stops reading a chunked body once it passes the limit", async () => {
    const body = multipart([filePart(paddedPdf(30 * MIB))]);
    const { stream, state } = streamed(body);
    const error = await expectError(await upload(svc, team, stream), 413, "SVC_REQ_001");
    assert(state.pulled < 21 * MIB, `read ${state.pulled} bytes of ${body.length}`);
    // The limit as users know it, not the file limit plus the form's own allowance.
    equal(error.message, "The body is larger than 20 MiB (the file limit)");
  });

  await t.step("413 before reading when Content-Length declares too much", async () => {
    const { stream, state } = streamed(multipart([filePart(paddedPdf(1024))]));
    const res = await upload(svc, team, stream, { "content-length": String(21 * MIB) });
    const error = await expectError(res, 413, "SVC_REQ_001");
    equal(error.message, "The body is larger than 20 MiB (the file limit)");
    equal(state.pulled, 0);
  });

  await t.step("a file of exactly 20 MiB is accepted", async () => {
    const res = await upload(svc, team, multipart([filePart(paddedPdf(20 * MIB))]));
    await expectJson(res, 202);
  });

  await t.step("over real HTTP, a chunked upload past 20 MiB is 413", async () => {
    const server = serveOnLoopback(svc.gateway);
    try {
      const { stream } = streamed(multipart([filePart(paddedPdf(25 * MIB))]));
      const res = await fetch(`${server.url}/api/v1/extract`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${team.apiKey}`,
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        },
        body: stream,
      });
      await expectError(res, 413, "SVC_REQ_001");
    } finally {
      await server.close();
    }
  });

  await t.step("401 without credentials", async () => {
    const res = await svc.fetch("/api/v1/extract", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipart([filePart(await pdfBytes())]),
    });
    await expectError(res, 401, "SVC_AUTH_001");
  });

  await endJobs(svc, [team, other]);
});

serviceTest(`GET /api/v1/extract/:jobId (${testDbKind()})`, async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const other = await svc.newTeam();

  async function queued(): Promise<string> {
    const body = multipart([filePart(await pdfBytes())]);
    return (await expectJson<{ job_id: string }>(await upload(svc, team, body), 202)).job_id;
  }

  await t.step("answers the processing form", async () => {
    const id = await queued();
    const body = await expectJson<Json>(await getJob(svc, team, id), 200);
    assertEquals(Object.keys(body).sort(), ["created_at", "job_id", "status"]);
    assertEquals({ job_id: body.job_id, status: body.status }, {
      job_id: id,
      status: "processing",
    });
  });

  await t.step("answers the completed form with result and completed_at", async () => {
    const id = await queued();
    const result = { goods: { line_items: [{ quantity: { value: 3, confidence: 0.9 } }] } };
    await svc.db.query(
      `update extraction_jobs set status = 'completed', result = $2::text::jsonb,
              completed_at = now() where id = $1`,
      [id, JSON.stringify(result)],
    );
    const body = await expectJson<Json>(await getJob(svc, team, id), 200);
    assertEquals(Object.keys(body).sort(), [
      "completed_at",
      "created_at",
      "job_id",
      "result",
      "status",
    ]);
    equal(body.status, "completed");
    assertEquals(body.result, result);
    assert(!Number.isNaN(Date.parse(String(body.completed_at))));
  });

  await t.step("answers the failed form with error {code, message}", async () => {
    const id = await queued();
    await svc.db.query(
      `update extraction_jobs set status = 'failed', error_code = 'SVC_EXTRACT_002',
              error_message = 'No trade document data was found in the file',
              completed_at = now() where id = $1`,
      [id],
    );
    const body = await expectJson<Json>(await getJob(svc, team, id), 200);
    assertEquals(body.status, "failed");
    assertEquals(body.error, {
      code: "SVC_EXTRACT_002",
      message: "No trade document data was found in the file",
    });
    assertEquals(Object.keys(body).sort(), ["created_at", "error", "job_id", "status"]);
  });

  await t.step("404 SVC_EXTRACT_004 for unknown, malformed and another team's jobs", async () => {
    const id = await queued();
    await expectError(await getJob(svc, other, id), 404, "SVC_EXTRACT_004");
    await expectError(await getJob(svc, team, crypto.randomUUID()), 404, "SVC_EXTRACT_004");
    await expectError(await getJob(svc, team, "not-a-uuid"), 404, "SVC_EXTRACT_004");
    await expectError(await getJob(svc, team, "%27%3B--"), 404, "SVC_EXTRACT_004");
  });

  await t.step("401 without credentials", async () => {
    await expectError(await svc.fetch(`/api/v1/extract/${await queued()}`), 401, "SVC_AUTH_001");
  });

  await t.step("both routes are in the OpenAPI document", async () => {
    const doc = await expectJson<{ paths: Record<string, Record<string, Json>> }>(
      await svc.fetch("/openapi.json"),
      200,
    );
    const post = doc.paths["/api/v1/extract"]?.post;
    assert(post, "POST /api/v1/extract is not documented");
    assert((post.requestBody as Json & { content: Json }).content["multipart/form-data"]);
    for (const status of ["202", "400", "401", "404", "413", "415"]) {
      assert((post.responses as Json)[status], `POST does not document ${status}`);
    }
    const get = doc.paths["/api/v1/extract/{jobId}"]?.get;
    assert(get, "GET /api/v1/extract/{jobId} is not documented");
    match(JSON.stringify(get.responses), /SVC_EXTRACT_004/);
  });

  await endJobs(svc, [team, other]);
});
