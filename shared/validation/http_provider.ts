import { HttpStatusError, HttpTimeoutError, postJson } from "../platform/http/post_json.ts";
import { ServiceError } from "../platform/errors/service_error.ts";
import { z } from "../platform/schemas/zod.ts";
import { unknownGate } from "./builtin_provider.ts";
import { LayerResult, type ProviderRun, type RulesProvider } from "./types.ts";
import type { ShipmentData } from "../shipments/types.ts";

const ProviderAnswer = z.object({
  run_id: z.string().min(1),
  status: z.string().min(1),
  ruleset_version: z.string().min(1),
  layers: z.array(LayerResult).min(1),
});

/**
 * An outside rules service: `POST {PROVIDER_RULES_URL}/validate {gate, shipment}` answering
 * `{run_id, status, ruleset_version, layers}`. Its answer is validated like any outside input;
 * a 404 means an unknown gate; anything else that goes wrong is a 502, never a hang.
 */
export class HttpRulesProvider implements RulesProvider {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs = 10_000,
  ) {}

  async validate(input: { gate: string; shipment: ShipmentData }): Promise<ProviderRun> {
    let answer: unknown;
    try {
      answer = await postJson(`${this.baseUrl.replace(/\/+$/, "")}/validate`, {
        json: input,
        timeoutMs: this.timeoutMs,
        retryStatuses: [502, 503, 504],
        headers: this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {},
      });
    } catch (cause) {
      if (cause instanceof HttpStatusError && cause.status === 404) {
        throw unknownGate(input.gate);
      }
      const why = cause instanceof HttpStatusError
        ? `answered HTTP ${cause.status}`
        : cause instanceof HttpTimeoutError
        ? `did not answer within ${this.timeoutMs / 1000} s`
        : cause instanceof SyntaxError
        ? "answered with a body that is not JSON"
        : "could not be reached";
      throw new ServiceError("SVC_VAL_010", `The rules provider ${why}`, { cause });
    }
    const parsed = ProviderAnswer.safeParse(answer);
    if (!parsed.success) {
      throw new ServiceError(
        "SVC_VAL_010",
        "The rules provider gave an answer of the wrong shape",
        {
          cause: parsed.error,
        },
      );
    }
    return parsed.data;
  }
}
