import { DOCUMENT_TYPES } from "../../shared/documents/catalogue/document_types.ts";
import { assert, assertEquals, expectError, expectJson } from "../support/assert.ts";
import { serviceTest, testService } from "../support/service.ts";

interface Spec {
  fieldPath: string;
  dataPath: string;
  label: string;
  tab: string;
}

serviceTest("document-field-requirements", async (t) => {
  const svc = await testService();

  await t.step("is public and lists required and recommended fields of all 16 types", async () => {
    const body = await expectJson<
      { requirements: Record<string, { required: Spec[]; recommended: Spec[] }> }
    >(
      await svc.fetch("/functions/v1/document-field-requirements"),
      200,
    );
    assertEquals(Object.keys(body.requirements).sort(), [...DOCUMENT_TYPES].sort());
    const bl = body.requirements.BILL_OF_LADING!;
    assert(bl.recommended.some((f) => f.fieldPath === "blData.placeOfDelivery"));
    assertEquals(bl.recommended.find((f) => f.dataPath === "bl_data.freight_payment"), {
      fieldPath: "blData.freightPayment",
      dataPath: "bl_data.freight_payment",
      label: "Freight payment (PREPAID or COLLECT)",
      tab: "logistics",
    });
    assertEquals(body.requirements.EUR1_MOVEMENT_CERTIFICATE!.required, []);
  });

  await t.step("answers 429 SVC_RATE_LIMIT per client address past its limit", async () => {
    const limited = await testService({ env: { PUBLIC_RATE_LIMIT_PER_MINUTE: "2" } });
    const from = (addr: string) =>
      limited.gateway.fetch(
        new Request("http://service.test/functions/v1/document-field-requirements"),
        { remoteAddr: addr },
      );
    await expectJson(await from("10.0.0.1"), 200);
    await expectJson(await from("10.0.0.1"), 200);
    const refused = await from("10.0.0.1");
    assert(Number(refused.headers.get("retry-after")) >= 1);
    await expectError(refused, 429, "SVC_RATE_LIMIT");
    await expectJson(await from("10.0.0.2"), 200);
  });
});
