/** A small, fixed-seed fuzz of every route: no request may be answered with a 5xx. */
import { fuzzRequests } from "../support/fuzz.ts";
import { assert } from "../support/assert.ts";
import { serviceTest, TEST_KEYS, testService } from "../support/service.ts";

const SEED = 20261125;
const COUNT = 400;

serviceTest(`fuzz: ${COUNT} hostile requests (seed ${SEED}), no 5xx`, async () => {
  const svc = await testService();
  const team = await svc.newTeam();
  const failures: string[] = [];
  const ctx = { ...TEST_KEYS, apiKey: team.apiKey, teamId: team.teamId };
  for (const request of fuzzRequests(SEED, COUNT, ctx)) {
    const res = await svc.fetch(request.path, {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body as BodyInit }),
    });
    const text = await res.text();
    if (res.status >= 500) {
      failures.push(`${request.method} ${request.path.slice(0, 120)} → ${res.status} ${text}`);
    }
  }
  assert(failures.length === 0, `${failures.length} answers 5xx:\n${failures.join("\n")}`);
});
