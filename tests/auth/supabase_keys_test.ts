/**
 * Keys and user JWTs as a Supabase project has them today: `sb_publishable_…` / `sb_secret_…`
 * keys next to the legacy anon and service role keys, user JWTs signed with asymmetric keys
 * (JWKS at `<SUPABASE_URL>/auth/v1/.well-known/jwks.json`, or inline in `SUPABASE_JWKS`) or
 * with the legacy HS256 secret, `aud` and `exp` required.
 */
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { keysFromEnv } from "../../shared/platform/auth/local_keys.ts";
import { addMember } from "../../shared/admin/repo.ts";
import { assertEquals, equal, expectError, expectJson } from "../support/assert.ts";
import { serviceTest, TEST_KEYS, type TestService, testService } from "../support/service.ts";

const PUBLISHABLE = "sb_publishable_T3stK3yT3stK3yT3stK3y_abcdef12";
const SECRET = "sb_secret_T3stS3cr3tT3stS3cr3t_abcdef12";

function create(svc: TestService, token: string, apikey: string): Promise<Response> {
  return svc.fetch("/functions/v1/create-shipment", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, apikey, "content-type": "application/json" },
    body: JSON.stringify({ shipment_data: { exporter: { name: "Keys GmbH" } } }),
  });
}

Deno.test("keysFromEnv reads Supabase's key maps and the lists a team sets", () => {
  const env = new Map(Object.entries({
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ web: "sb_publishable_web", default: PUBLISHABLE }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: SECRET }),
    PUBLISHABLE_KEYS: "sb_publishable_extra, ",
    SUPABASE_JWT_SECRET: "old-name-secret",
  }));
  const keys = keysFromEnv({ get: (k) => env.get(k) });
  assertEquals(keys, {
    anonKey: PUBLISHABLE,
    serviceRoleKey: SECRET,
    jwtSecret: "old-name-secret",
    publishableKeys: [PUBLISHABLE, "sb_publishable_web", "sb_publishable_extra"],
    secretKeys: [SECRET],
  });
  env.set("SUPABASE_ANON_KEY", "legacy-anon");
  env.set("JWT_SECRET", "new-name-secret");
  const legacy = keysFromEnv({ get: (k) => env.get(k) });
  equal(legacy.anonKey, "legacy-anon");
  equal(legacy.jwtSecret, "new-name-secret");
});

serviceTest("publishable and secret keys", async (t) => {
  const svc = await testService({
    keys: { publishableKeys: [PUBLISHABLE], secretKeys: [SECRET] },
  });
  const team = await svc.newTeam();

  await t.step("apikey takes the legacy anon key and sb_publishable_ keys", async () => {
    await expectJson(await create(svc, team.apiKey, TEST_KEYS.anonKey), 201);
    await expectJson(await create(svc, team.apiKey, PUBLISHABLE), 201);
    await expectError(
      await create(svc, team.apiKey, "sb_publishable_unknown"),
      401,
      "SVC_AUTH_002",
    );
  });

  await t.step("the admin routes take the service role key and sb_secret_ keys", async () => {
    for (const key of [TEST_KEYS.serviceRoleKey, SECRET]) {
      const res = await svc.fetch(`/api/v1/admin/teams/${team.teamId}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      await expectJson(res, 200);
    }
    const refused = await svc.fetch(`/api/v1/admin/teams/${team.teamId}`, {
      headers: { authorization: `Bearer ${PUBLISHABLE}` },
    });
    await expectError(refused, 403, "SVC_AUTH_003");
  });
});

serviceTest("user JWTs: aud and exp are required", async (t) => {
  const svc = await testService();
  const team = await svc.newTeam();
  const user = crypto.randomUUID();
  await addMember(svc.db, team.teamId, user);
  const secret = new TextEncoder().encode(TEST_KEYS.jwtSecret);
  const base = () =>
    new SignJWT({ role: "authenticated" }).setProtectedHeader({ alg: "HS256" }).setSubject(user)
      .setIssuedAt();

  await t.step("with aud authenticated and exp: accepted", async () => {
    const token = await base().setAudience("authenticated").setExpirationTime("1h").sign(secret);
    await expectJson(await create(svc, token, TEST_KEYS.anonKey), 201);
  });
  await t.step("without aud, or another aud: 401", async () => {
    for (
      const token of [
        await base().setExpirationTime("1h").sign(secret),
        await base().setAudience("service").setExpirationTime("1h").sign(secret),
      ]
    ) {
      await expectError(await create(svc, token, TEST_KEYS.anonKey), 401, "SVC_AUTH_001");
    }
  });
  await t.step("without exp: 401", async () => {
    const token = await base().setAudience("authenticated").sign(secret);
    await expectError(await create(svc, token, TEST_KEYS.anonKey), 401, "SVC_AUTH_001");
  });
});

serviceTest("user JWTs signed with asymmetric keys", async (t) => {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk: JWK = { ...await exportJWK(publicKey), kid: "key-1", alg: "ES256", use: "sig" };
  let jwksFetches = 0;
  // Supabase Auth's JWKS endpoint, on loopback.
  const auth = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req) => {
    if (new URL(req.url).pathname !== "/auth/v1/.well-known/jwks.json") {
      return new Response("not found", { status: 404 });
    }
    jwksFetches++;
    return Response.json({ keys: [jwk] });
  });
  const supabaseUrl = `http://127.0.0.1:${auth.addr.port}`;
  const sign = (sub: string, key = privateKey) =>
    new SignJWT({ role: "authenticated" }).setProtectedHeader({ alg: "ES256", kid: "key-1" })
      .setSubject(sub).setAudience("authenticated").setIssuedAt().setExpirationTime("1h")
      .sign(key);

  try {
    await t.step("verified against the JWKS at SUPABASE_URL by default", async () => {
      const svc = await testService({ env: { SUPABASE_URL: supabaseUrl } });
      const team = await svc.newTeam();
      const user = crypto.randomUUID();
      await addMember(svc.db, team.teamId, user);
      await expectJson(await create(svc, await sign(user), TEST_KEYS.anonKey), 201);
      equal(jwksFetches, 1);
      // The legacy HS256 secret keeps working next to it.
      const legacy = await new SignJWT({ role: "authenticated" })
        .setProtectedHeader({ alg: "HS256" }).setSubject(user).setAudience("authenticated")
        .setExpirationTime("1h").sign(new TextEncoder().encode(TEST_KEYS.jwtSecret));
      await expectJson(await create(svc, legacy, TEST_KEYS.anonKey), 201);
      // Another key pair with the same kid: refused.
      const other = await generateKeyPair("ES256");
      await expectError(
        await create(svc, await sign(user, other.privateKey), TEST_KEYS.anonKey),
        401,
        "SVC_AUTH_001",
      );
    });

    await t.step("verified against SUPABASE_JWKS without fetching", async () => {
      const before = jwksFetches;
      const svc = await testService({
        env: {
          SUPABASE_URL: "http://127.0.0.1:9",
          SUPABASE_JWKS: JSON.stringify({ keys: [jwk] }),
        },
      });
      const team = await svc.newTeam();
      const user = crypto.randomUUID();
      await addMember(svc.db, team.teamId, user);
      await expectJson(await create(svc, await sign(user), TEST_KEYS.anonKey), 201);
      equal(jwksFetches, before);
    });
  } finally {
    await auth.shutdown();
  }
});
