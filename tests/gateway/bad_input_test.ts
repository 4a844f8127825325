/** Probes that used to answer 500: each is a clear 4xx now. */
import { LocalStorage } from "../../shared/platform/storage/local.ts";
import { equal, expectError, expectJson } from "../support/assert.ts";
import { serviceTest, testService } from "../support/service.ts";

serviceTest("bad input answers 4xx, never 500", async (t) => {
  const svc = await testService();

  await t.step("docs assets named like Object.prototype members are 404", async () => {
    for (const name of ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__"]) {
      await expectError(await svc.fetch(`/docs/assets/${name}`), 404, "SVC_REQ_004");
    }
  });

  await t.step("an admin member delete with NUL in the id is 404", async () => {
    const team = await svc.newTeam();
    for (const id of ["%00", "a%00b", "%ED%A0%80"]) {
      const res = await svc.admin(`/teams/${team.teamId}/members/${id}`, { method: "DELETE" });
      await expectError(res, 404, "SVC_TEAM_002");
    }
  });

  await t.step("a signed link to a folder is 404", async () => {
    const storage = svc.deps.storage as LocalStorage;
    await storage.put("probe-folder/file.pdf", new Uint8Array([1, 2, 3]));
    const url = new URL(await storage.signedUrl("probe-folder", 60));
    await expectError(await svc.fetch(url.pathname + url.search), 404, "SVC_REQ_004");
  });
});

serviceTest("validate-shipment keeps a draft a draft", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const draft = await expectJson<{ shipment_id: string }>(
    await svc.call(team, "save-draft", { body: { shipment_data: { shipment_ref: "D-1" } } }),
    201,
  );

  await t.step("the validation is recorded and the status stays draft", async () => {
    const answer = await expectJson<{ validation_record_id: string }>(
      await svc.call(team, "validate-shipment", {
        body: { shipment: { shipment_ref: "D-1" }, shipment_id: draft.shipment_id },
      }),
      200,
    );
    const [row] = await svc.db.query<{ status: string; current_validation_record_id: string }>(
      "select status, current_validation_record_id from shipments where id = $1",
      [draft.shipment_id],
    );
    equal(row?.status, "draft");
    equal(row?.current_validation_record_id, answer.validation_record_id);
  });

  await t.step("save-draft and promote-draft still accept it", async () => {
    await expectJson(
      await svc.call(team, "save-draft", {
        body: { shipment_id: draft.shipment_id, shipment_data: { shipment_ref: "D-1", a: 1 } },
      }),
      200,
    );
    await expectJson(
      await svc.call(team, "promote-draft", { body: { shipment_id: draft.shipment_id } }),
      200,
    );
  });
});
