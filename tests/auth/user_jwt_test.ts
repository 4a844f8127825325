import { SignJWT } from "jose";
import { assertEquals, equal, expectError, expectJson } from "../support/assert.ts";
import {
  serviceTest,
  TEST_KEYS,
  type TestService,
  testService,
  type TestTeam,
  userJwt,
} from "../support/service.ts";

const SAMPLE = {
  exporter: { name: "Mumbai Spices Pvt Ltd", country: "IN" },
  importer: { name: "Rotterdam Foods BV", country: "NL" },
};

type Json = Record<string, unknown>;

/** A function endpoint with a Bearer token of our choosing and, optionally, X-Team-Id. */
function callAs(
  svc: TestService,
  token: string,
  name: string,
  init: { body?: unknown; query?: Record<string, string>; teamId?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    apikey: TEST_KEYS.anonKey,
  };
  if (init.teamId !== undefined) headers["x-team-id"] = init.teamId;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const query = init.query ? `?${new URLSearchParams(init.query)}` : "";
  return svc.fetch(`/functions/v1/${name}${query}`, {
    method: init.body === undefined ? "GET" : "POST",
    headers,
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
}

function createAs(svc: TestService, token: string, teamId?: string): Promise<Response> {
  return callAs(svc, token, "create-shipment", {
    body: { shipment_data: SAMPLE },
    ...(teamId === undefined ? {} : { teamId }),
  });
}

async function addMember(svc: TestService, team: TestTeam, userId: string): Promise<void> {
  const added = await expectJson(
    await svc.admin(`/teams/${team.teamId}/members`, { body: { user_id: userId } }),
    201,
  );
  assertEquals(added, { team_id: team.teamId, user_id: userId });
}

function newUserId(): string {
  return crypto.randomUUID();
}

async function shipmentOf(svc: TestService, team: TestTeam, id: unknown): Promise<Response> {
  return await svc.call(team, "get-shipment", { query: { id: String(id) } });
}

serviceTest("user JWTs", async (t) => {
  const svc = await testService();
  const teamA = await svc.newTeam("starter");
  const teamB = await svc.newTeam("scale");

  await t.step("a team member's JWT works as Bearer; created_by is the user id", async () => {
    const user = newUserId();
    await addMember(svc, teamA, user);
    const token = await userJwt(user);

    const created = await expectJson(await createAs(svc, token), 201);
    equal(created.status, "created");
    equal(created.max_generations, 5);

    const got = await expectJson(await shipmentOf(svc, teamA, created.shipment_id), 200);
    equal(got.created_by, user);
    await expectError(await shipmentOf(svc, teamB, created.shipment_id), 404, "SVC_SHIP_004");

    const viaJwt = await expectJson(
      await callAs(svc, token, "get-shipment", { query: { id: String(created.shipment_id) } }),
      200,
    );
    equal(viaJwt.id, created.shipment_id);
  });

  await t.step("a member's JWT still needs the apikey header (401 SVC_AUTH_002)", async () => {
    const user = newUserId();
    await addMember(svc, teamA, user);
    const res = await svc.fetch("/functions/v1/create-shipment", {
      method: "POST",
      headers: {
        authorization: `Bearer ${await userJwt(user)}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ shipment_data: SAMPLE }),
    });
    await expectError(res, 401, "SVC_AUTH_002");
  });

  await t.step("a user in no team answers 403 SVC_AUTH_003", async () => {
    await expectError(await createAs(svc, await userJwt(newUserId())), 403, "SVC_AUTH_003");
  });

  await t.step("a user in two teams must send X-Team-Id", async () => {
    const user = newUserId();
    await addMember(svc, teamA, user);
    const token = await userJwt(user);
    // Used while in one team, so the membership is cached before the second team is added.
    await expectJson(await createAs(svc, token), 201);
    await addMember(svc, teamB, user);

    await expectError(await createAs(svc, token), 403, "SVC_AUTH_003");

    const inB = await expectJson(await createAs(svc, token, teamB.teamId), 201);
    equal(inB.max_generations, 20);
    equal((await expectJson(await shipmentOf(svc, teamB, inB.shipment_id), 200)).created_by, user);
    await expectError(await shipmentOf(svc, teamA, inB.shipment_id), 404, "SVC_SHIP_004");

    const inA = await expectJson(await createAs(svc, token, teamA.teamId.toUpperCase()), 201);
    equal(inA.max_generations, 5);
    await expectJson(await shipmentOf(svc, teamA, inA.shipment_id), 200);
  });

  await t.step("X-Team-Id naming a team the user is not in answers 403 SVC_AUTH_003", async () => {
    const outsider = await svc.newTeam("growth");
    const user = newUserId();
    await addMember(svc, teamA, user);
    const token = await userJwt(user);
    for (const teamId of [outsider.teamId, crypto.randomUUID(), "not-a-uuid", ""]) {
      await expectError(await createAs(svc, token, teamId), 403, "SVC_AUTH_003");
    }
    const list = await expectJson<{ shipments: Json[] }>(
      await svc.call(outsider, "get-shipment", { query: { status: "created" } }),
      200,
    );
    assertEquals(list.shipments, []);
  });

  await t.step("an API key ignores an X-Team-Id naming another team", async () => {
    const created = await expectJson(await createAs(svc, teamA.apiKey, teamB.teamId), 201);
    equal(created.max_generations, 5);
    await expectJson(await shipmentOf(svc, teamA, created.shipment_id), 200);
    await expectError(await shipmentOf(svc, teamB, created.shipment_id), 404, "SVC_SHIP_004");
  });

  await t.step("a JWT with a bad signature answers 401 SVC_AUTH_001", async () => {
    const user = newUserId();
    await addMember(svc, teamA, user);
    const forged = await new SignJWT({ role: "authenticated" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user)
      .setAudience("authenticated")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-0123456789abcdef01234567"));
    await expectError(await createAs(svc, forged), 401, "SVC_AUTH_001");

    // A genuine token whose payload was swapped for another user's.
    const genuine = await userJwt(newUserId());
    const [header, , signature] = genuine.split(".");
    const payload = btoa(
      JSON.stringify({ role: "authenticated", sub: user, aud: "authenticated", exp: 9999999999 }),
    )
      .replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
    await expectError(
      await createAs(svc, `${header}.${payload}.${signature}`),
      401,
      "SVC_AUTH_001",
    );

    const unsigned = `${
      btoa(JSON.stringify({ alg: "none", typ: "JWT" })).replace(/=+$/, "")
    }.${payload}.`;
    await expectError(await createAs(svc, unsigned), 401, "SVC_AUTH_001");
  });

  await t.step("an expired JWT answers 401 SVC_AUTH_001", async () => {
    const user = newUserId();
    await addMember(svc, teamA, user);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: "authenticated" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user)
      .setAudience("authenticated")
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(TEST_KEYS.jwtSecret));
    await expectError(await createAs(svc, expired), 401, "SVC_AUTH_001");
  });

  await t.step("a JWT with role anon or service_role answers 401 SVC_AUTH_001", async () => {
    const user = newUserId();
    await addMember(svc, teamA, user);
    await expectError(await createAs(svc, await userJwt(user, "anon")), 401, "SVC_AUTH_001");
    await expectError(
      await createAs(svc, await userJwt(user, "service_role")),
      401,
      "SVC_AUTH_001",
    );
  });

  await t.step("a JWT without a subject answers 401 SVC_AUTH_001", async () => {
    const noSub = await new SignJWT({ role: "authenticated" })
      .setProtectedHeader({ alg: "HS256" })
      .setAudience("authenticated")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(TEST_KEYS.jwtSecret));
    await expectError(await createAs(svc, noSub), 401, "SVC_AUTH_001");
  });

  await t.step("a member's JWT cannot use the admin routes (403 SVC_AUTH_003)", async () => {
    const user = newUserId();
    await addMember(svc, teamA, user);
    const res = await svc.fetch(`/api/v1/admin/teams/${teamA.teamId}`, {
      headers: { authorization: `Bearer ${await userJwt(user)}` },
    });
    await expectError(res, 403, "SVC_AUTH_003");
  });

  await t.step("removing the member makes the JWT refused at once", async () => {
    const user = newUserId();
    await addMember(svc, teamA, user);
    const token = await userJwt(user);
    await expectJson(await createAs(svc, token), 201);

    const res = await svc.admin(`/teams/${teamA.teamId}/members/${user}`, { method: "DELETE" });
    equal(res.status, 204);
    equal(await res.text(), "");

    await expectError(await createAs(svc, token), 403, "SVC_AUTH_003");
    await expectError(
      await svc.admin(`/teams/${teamA.teamId}/members/${user}`, { method: "DELETE" }),
      404,
      "SVC_TEAM_002",
    );
  });

  await t.step("removing one of two memberships leaves the other usable", async () => {
    const user = newUserId();
    await addMember(svc, teamA, user);
    await addMember(svc, teamB, user);
    const token = await userJwt(user);
    await expectError(await createAs(svc, token), 403, "SVC_AUTH_003");

    equal(
      (await svc.admin(`/teams/${teamB.teamId}/members/${user}`, { method: "DELETE" })).status,
      204,
    );
    const created = await expectJson(await createAs(svc, token), 201);
    await expectJson(await shipmentOf(svc, teamA, created.shipment_id), 200);
    await expectError(await createAs(svc, token, teamB.teamId), 403, "SVC_AUTH_003");
  });

  await t.step("adding a member answers 400 SVC_TEAM_004 for an invalid user_id", async () => {
    for (const body of [{}, { user_id: "" }, { user_id: "   " }, { user_id: 7 }]) {
      await expectError(
        await svc.admin(`/teams/${teamA.teamId}/members`, { body }),
        400,
        "SVC_TEAM_004",
      );
    }
  });

  await t.step("adding a member to an unknown team answers 404 SVC_TEAM_002", async () => {
    await expectError(
      await svc.admin(`/teams/${crypto.randomUUID()}/members`, { body: { user_id: "u-1" } }),
      404,
      "SVC_TEAM_002",
    );
  });
});
