import type { Config } from "../../platform/config.ts";
import type { PlatformDeps } from "../../platform/deps.ts";
import { FormThreads } from "./form_threads.ts";

/** What extract-filled-fields adds: form reads off the main thread (in line on the edge). */
export interface FormsDeps extends PlatformDeps {
  forms: FormThreads;
}

export function formThreadsFor(config: Config): FormThreads {
  return new FormThreads({
    threads: config.formThreads,
    memoryMb: config.formThreadMemoryMb,
    timeoutMs: config.formReadTimeoutSeconds * 1000,
    maxQueued: 8 * Math.max(1, config.formThreads),
  });
}

export function formsDeps(platform: PlatformDeps): FormsDeps {
  return { ...platform, forms: formThreadsFor(platform.config) };
}
