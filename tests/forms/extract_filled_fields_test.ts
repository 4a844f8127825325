import type { Db, Queryable } from "../../shared/platform/db/db.ts";
import { extractFilledFieldsApp } from "../../shared/documents/extract_filled_fields.ts";
import { MAX_UPLOAD_BYTES } from "../../shared/platform/http/body.ts";
import { DOCUMENT_TYPES } from "../../shared/documents/catalogue/document_types.ts";
import { assert, assertEquals, equal, expectError, expectJson, match } from "../support/assert.ts";
import { testDbKind } from "../support/db.ts";
import {
  serveOnLoopback,
  serviceTest,
  type TestService,
  testService,
  type TestTeam,
} from "../support/service.ts";
import { formPdf, pdfText } from "./pdf_builder.ts";
import { extract, EXTRACT_PATH, extractForm, functionHeaders, serviceForm } from "./support.ts";

type Json = Record<string, unknown>;

const STORED = {
  exporter: { name: "Hamburg Maschinenbau GmbH", city: "" },
  importer: { name: "Chicago Tools Inc.", country: "US" },
  route: { origin_country: "DE", destination_country: "US" },
  invoice: { number: "INV-OLD" },
  goods: {
    currency: "EUR",
    line_items: [{ description: "Coffee", hs_code: "", quantity: 10, unit_price: 14.5 }],
  },
};

async function createShipment(svc: TestService, team: TestTeam, data: Json = STORED) {
  const body = await expectJson(
    await svc.call(team, "create-shipment", { body: { shipment_data: data } }),
    201,
  );
  return String(body.shipment_id);
}

async function storedData(svc: TestService, id: string): Promise<Json> {
  const [row] = await svc.db.query<{ shipment_data: Json }>(
    "select shipment_data from shipments where id = $1",
    [id],
  );
  return row!.shipment_data;
}

serviceTest(`extract-filled-fields (${testDbKind()})`, async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const other = await svc.newTeam();

  await t.step("answers every text field, the mapped values and the counts", async () => {
    const pdf = serviceForm({
      "goods.lineItems.0.hsCode": "0901.21",
      "goods.lineItems.0.quantity": "1,250",
      "invoice.date": "21.11.2026",
      "exporter.name": "Ünïcödé Αθήνα",
      "invoice.number": undefined,
      "route.vesselName": "  ",
    });
    const body = await expectJson<Json>(
      await extract(svc, team, { file: pdf, doc_type: "COMMERCIAL_INVOICE" }),
      200,
    );
    assertEquals(body, {
      extracted_fields: {
        "goods.lineItems.0.hsCode": "0901.21",
        "goods.lineItems.0.quantity": "1,250",
        "invoice.date": "21.11.2026",
        "exporter.name": "Ünïcödé Αθήνα",
        "invoice.number": "",
        "route.vesselName": "",
      },
      mapped_data: {
        "goods.line_items.0.hs_code": "0901.21",
        "goods.line_items.0.quantity": 1250,
        "invoice.date": "2026-11-21",
        "exporter.name": "Ünïcödé Αθήνα",
      },
      field_count: 6,
      filled_count: 4,
      empty_count: 2,
    });
  });

  await t.step("lists the filled fields it could not map, with the reasons", async () => {
    const pdf = serviceForm(
      { "goods.lineItems.0.quantity": "twelve", "Text1": "hello", "exporter.name": "ACME" },
      null,
      [{ name: "agree", type: "Btn", value: "/Yes" }],
    );
    const body = await expectJson<Json>(
      await extract(svc, team, { file: pdf, doc_type: "PACKING_LIST" }),
      200,
    );
    assertEquals(body.mapped_data, { "exporter.name": "ACME" });
    assertEquals(body.unmapped_fields, {
      "goods.lineItems.0.quantity": "twelve",
      Text1: "hello",
      agree: "Yes",
    });
    const reasons = body.unmapped_reasons as Record<string, string>;
    match(reasons["goods.lineItems.0.quantity"]!, /expected a number/);
    match(reasons.Text1!, /no shipment data field/);
    match(reasons.agree!, /no shipment data field/);
    equal(body.field_count, 4, "the checkbox is read by its export value");
    equal("merge_result" in body, false);
  });

  await t.step("merges empty, missing and changed paths into the shipment (rule 6)", async () => {
    const id = await createShipment(svc, team);
    const pdf = serviceForm({
      "exporter.name": "Hamburg Maschinenbau GmbH", // equal: untouched
      "exporter.city": "Hamburg", // empty in the shipment
      "route.vesselName": "MSC Gülsün", // missing in the shipment
      "invoice.number": "INV-2026-0042", // changed
      "goods.lineItems.0.hsCode": "0901.21", // empty
      "goods.lineItems.0.unitPrice": "15.75", // changed, typed
      "invoice.date": undefined, // empty field: never clears anything
    }, { shipmentId: id.toUpperCase(), docType: "COMMERCIAL_INVOICE" });
    const body = await expectJson<Json>(
      await extract(svc, team, { file: pdf, doc_type: "COMMERCIAL_INVOICE", shipment_id: id }),
      200,
    );
    assertEquals(body.merge_result, {
      merged: true,
      updatedPaths: [
        "exporter.city",
        "goods.line_items.0.hs_code",
        "goods.line_items.0.unit_price",
        "invoice.number",
        "route.vessel_name",
      ],
    });
    assertEquals(await storedData(svc, id), {
      ...STORED,
      exporter: { name: "Hamburg Maschinenbau GmbH", city: "Hamburg" },
      route: { ...STORED.route, vessel_name: "MSC Gülsün" },
      invoice: { number: "INV-2026-0042" },
      goods: {
        currency: "EUR",
        line_items: [{
          description: "Coffee",
          hs_code: "0901.21",
          quantity: 10,
          unit_price: 15.75,
        }],
      },
    });
    const [{ updated_at: before }] = await svc.db.query<{ updated_at: Date }>(
      "select updated_at from shipments where id = $1",
      [id],
    ) as [{ updated_at: Date }];

    // The same form again changes nothing, and writes nothing.
    const again = await expectJson<Json>(
      await extract(svc, team, { file: pdf, doc_type: "COMMERCIAL_INVOICE", shipment_id: id }),
      200,
    );
    assertEquals(again.merge_result, { merged: true, updatedPaths: [] });
    const [{ updated_at: after }] = await svc.db.query<{ updated_at: Date }>(
      "select updated_at from shipments where id = $1",
      [id],
    ) as [{ updated_at: Date }];
    equal(after.getTime(), before.getTime());
  });

  await t.step(
    "auto_merge=false reads without merging; only exactly `false` turns it off",
    async () => {
      const id = await createShipment(svc, team);
      const pdf = serviceForm({ "exporter.city": "Bremen" }, { shipmentId: id });
      const body = await expectJson<Json>(
        await extract(svc, team, {
          file: pdf,
          doc_type: "COMMERCIAL_INVOICE",
          shipment_id: id,
          auto_merge: "false",
        }),
        200,
      );
      assertEquals(body.merge_result, { merged: false, updatedPaths: [] });
      assertEquals(body.mapped_data, { "exporter.city": "Bremen" });
      assertEquals(await storedData(svc, id), STORED);
      const merged = await expectJson<Json>(
        await extract(svc, team, {
          file: pdf,
          doc_type: "COMMERCIAL_INVOICE",
          shipment_id: id,
          auto_merge: "FALSE",
        }),
        200,
      );
      assertEquals(merged.merge_result, { merged: true, updatedPaths: ["exporter.city"] });
    },
  );

  await t.step("a line beyond the end of the shipment's list is unmapped, not stored", async () => {
    const id = await createShipment(svc, team);
    const pdf = serviceForm({
      "goods.lineItems.1.description": "Tea", // the next line: appended
      "goods.lineItems.5.description": "Gap", // would leave lines 2–4 empty
    }, { shipmentId: id });
    const body = await expectJson<Json>(
      await extract(svc, team, { file: pdf, doc_type: "COMMERCIAL_INVOICE", shipment_id: id }),
      200,
    );
    assertEquals(body.mapped_data, { "goods.line_items.1.description": "Tea" });
    assertEquals(body.unmapped_fields, { "goods.lineItems.5.description": "Gap" });
    match((body.unmapped_reasons as Json)["goods.lineItems.5.description"] as string, /gap/);
    const stored = await storedData(svc, id) as { goods: { line_items: unknown[] } };
    assertEquals(stored.goods.line_items[1], { description: "Tea" });
    equal(stored.goods.line_items.length, 2);
  });

  await t.step("SVC_VAL_007: another shipment's PDF, with both ids in details", async () => {
    const id = await createShipment(svc, team);
    const foreign = crypto.randomUUID();
    const pdf = serviceForm({ "exporter.city": "Kiel" }, { shipmentId: foreign });
    const res = await extract(svc, team, {
      file: pdf,
      doc_type: "COMMERCIAL_INVOICE",
      shipment_id: id,
    });
    const error = await expectError(res, 400, "SVC_VAL_007") as { details?: unknown };
    assertEquals(error.details, { expected: id, actual: foreign });
    assertEquals(await storedData(svc, id), STORED);
    // Without shipment_id nothing is compared, and an empty embedded id claims nothing.
    await expectJson(await extract(svc, team, { file: pdf, doc_type: "COMMERCIAL_INVOICE" }), 200);
    const unbound = serviceForm({ "exporter.city": "Kiel" }, { shipmentId: "" });
    await expectJson(
      await extract(svc, team, { file: unbound, doc_type: "COMMERCIAL_INVOICE", shipment_id: id }),
      200,
    );
  });

  await t.step("SVC_VAL_008: the PDF is another document type", async () => {
    const pdf = serviceForm({ "exporter.city": "Kiel" }, { docType: "PACKING_LIST" });
    const res = await extract(svc, team, { file: pdf, doc_type: "COMMERCIAL_INVOICE" });
    const error = await expectError(res, 400, "SVC_VAL_008") as { details?: unknown };
    assertEquals(error.details, { expected: "COMMERCIAL_INVOICE", actual: "PACKING_LIST" });
  });

  await t.step("SVC_SHIP_004: unknown, malformed or another team's shipment", async () => {
    const theirs = await createShipment(svc, other);
    for (const id of [crypto.randomUUID(), "not-a-uuid", theirs]) {
      const pdf = serviceForm({ "exporter.city": "Kiel" }, { shipmentId: id });
      for (const autoMerge of [undefined, "false"]) {
        await expectError(
          await extract(svc, team, {
            file: pdf,
            doc_type: "COMMERCIAL_INVOICE",
            shipment_id: id,
            ...(autoMerge ? { auto_merge: autoMerge } : {}),
          }),
          404,
          "SVC_SHIP_004",
        );
      }
    }
    assertEquals(await storedData(svc, theirs), STORED);
  });

  await t.step("SVC_VAL_001 / 002 / 004: file, doc_type, unknown doc_type", async () => {
    const pdf = serviceForm({ "exporter.city": "Kiel" });
    await expectError(await extract(svc, team, { doc_type: "PACKING_LIST" }), 400, "SVC_VAL_001");
    await expectError(
      await extract(svc, team, { file: "not a file part", doc_type: "PACKING_LIST" }),
      400,
      "SVC_VAL_001",
    );
    await expectError(await extract(svc, team, { file: pdf }), 400, "SVC_VAL_002");
    await expectError(await extract(svc, team, { file: pdf, doc_type: " " }), 400, "SVC_VAL_002");
    const error = await expectError(
      await extract(svc, team, { file: pdf, doc_type: "commercial_invoice" }),
      400,
      "SVC_VAL_004",
    ) as { details?: { supported: string[] } };
    assertEquals(error.details?.supported, [...DOCUMENT_TYPES]);
  });

  await t.step("SVC_VAL_003: a file that is not a PDF, whatever its name and type", async () => {
    for (const bytes of [new TextEncoder().encode("Invoice\nno PDF here\n"), new Uint8Array()]) {
      await expectError(
        await extract(svc, team, {
          file: bytes,
          fileName: "invoice.pdf",
          doc_type: "PACKING_LIST",
        }),
        400,
        "SVC_VAL_003",
      );
    }
  });

  await t.step("SVC_VAL_005 / 006 / 013: broken, empty and oversized forms", async () => {
    const pdf = serviceForm({ "exporter.city": "Kiel" });
    await expectError(
      await extract(svc, team, {
        file: pdf.subarray(0, pdf.length - 60),
        doc_type: "PACKING_LIST",
      }),
      400,
      "SVC_VAL_005",
    );
    const encrypted = formPdf([{ name: "a", value: "(1)" }], {
      trailer: "/Encrypt << /Filter /Standard /V 5 /R 6 >>",
    });
    const error = await expectError(
      await extract(svc, team, { file: encrypted, doc_type: "PACKING_LIST" }),
      400,
      "SVC_VAL_005",
    ) as { details?: unknown; message: string };
    assertEquals(error.details, { reason: "encrypted" });
    match(error.message, /encrypted/);
    await expectError(
      await extract(svc, team, { file: serviceForm({}), doc_type: "PACKING_LIST" }),
      400,
      "SVC_VAL_006",
    );
    const many = formPdf(
      Array.from({ length: 12_000 }, (_, i) => ({ name: `f${i}`, value: pdfText("x") })),
    );
    const started = performance.now();
    await expectError(
      await extract(svc, team, { file: many, doc_type: "PACKING_LIST" }),
      400,
      "SVC_VAL_013",
    );
    assert(performance.now() - started < 3000, "refusing 12,000 fields took too long");
  });

  await t.step(
    "415 for a body that is not multipart, 400 for a broken multipart body",
    async () => {
      for (const type of ["application/json", "application/pdf", "multipart/form-data"]) {
        await expectError(
          await svc.fetch(EXTRACT_PATH, {
            method: "POST",
            headers: { ...functionHeaders(team), "content-type": type },
            body: type === "application/json" ? "{}" : "%PDF-1.7",
          }),
          415,
          "SVC_REQ_003",
        );
      }
      await expectError(
        await svc.fetch(EXTRACT_PATH, {
          method: "POST",
          headers: {
            ...functionHeaders(team),
            "content-type": "multipart/form-data; boundary=xyz",
          },
          body: "this is not a multipart body",
        }),
        400,
        "SVC_REQ_002",
      );
    },
  );

  await t.step(
    "413 for an upload over 20 MiB: declared, chunked, or a file just over",
    async () => {
      const declared = await svc.fetch(EXTRACT_PATH, {
        method: "POST",
        headers: {
          ...functionHeaders(team),
          "content-type": "multipart/form-data; boundary=xyz",
          "content-length": String(25 * 1024 * 1024),
        },
        body: "--xyz--",
      });
      await expectError(declared, 413, "SVC_REQ_001");

      let pulled = 0;
      const chunk = new Uint8Array(1024 * 1024).fill(0x41);
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= 64 * 1024 * 1024) return controller.close();
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const request = new Request(`http://service.test${EXTRACT_PATH}`, {
        method: "POST",
        headers: { ...functionHeaders(team), "content-type": "multipart/form-data; boundary=xyz" },
        body: stream,
      });
      await expectError(await svc.gateway.fetch(request), 413, "SVC_REQ_001");
      assert(pulled < 24 * 1024 * 1024, `the service read ${pulled} bytes of a refused body`);

      const justOver = new Uint8Array(MAX_UPLOAD_BYTES + 1);
      justOver.set(serviceForm({ "exporter.city": "Kiel" }));
      await expectError(
        await extract(svc, team, { file: justOver, doc_type: "PACKING_LIST" }),
        413,
        "SVC_REQ_001",
      );
    },
  );

  await t.step("401 without credentials", async () => {
    const res = await svc.fetch(EXTRACT_PATH, {
      method: "POST",
      body: extractForm({ file: serviceForm({ a: "1" }), doc_type: "PACKING_LIST" }),
    });
    equal(res.status, 401);
    await res.body?.cancel();
  });

  await t.step(
    "500 SVC_SYS_001 when the shipment cannot be written; nothing is stored",
    async () => {
      const id = await createShipment(svc, team);
      const app = extractFilledFieldsApp({ ...svc.deps, db: failingUpdates(svc.db) });
      const res = await app.app.fetch(
        new Request(`http://service.test${EXTRACT_PATH}`, {
          method: "POST",
          headers: functionHeaders(team),
          body: extractForm({
            file: serviceForm({ "exporter.city": "Lübeck" }, { shipmentId: id }),
            doc_type: "COMMERCIAL_INVOICE",
            shipment_id: id,
          }),
        }),
        { remoteAddr: "127.0.0.1" },
      );
      const error = await expectError(res, 500, "SVC_SYS_001");
      assert(!/disk full/.test(error.message), "the cause is logged, not sent");
      assertEquals(await storedData(svc, id), STORED);
    },
  );

  await t.step("works over real HTTP on loopback", async () => {
    const server = serveOnLoopback(svc.gateway);
    try {
      const res = await fetch(`${server.url}${EXTRACT_PATH}`, {
        method: "POST",
        headers: functionHeaders(team),
        body: extractForm({
          file: serviceForm({ "route.transportMode": "Air" }, { docType: "AIR_WAYBILL" }),
          doc_type: "AIR_WAYBILL",
          fileName: "awb filled.pdf",
        }),
      });
      const body = await expectJson<Json>(res, 200);
      assertEquals(body.mapped_data, { "route.transport_mode": "air" });
    } finally {
      await server.close();
    }
  });
});

/** The service's database, except that every update of a shipment fails (a full disk, say). */
function failingUpdates(db: Db): Db {
  const wrap = (tx: Queryable): Queryable => ({
    query: <T>(text: string, params?: readonly unknown[]) =>
      /^\s*update shipments/i.test(text)
        ? Promise.reject(new Error("disk full"))
        : tx.query<T>(text, params),
    exec: (script) => tx.exec(script),
    copyCsv: (table, columns, csv) => tx.copyCsv(table, columns, csv),
  });
  return {
    kind: db.kind,
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
  };
}
