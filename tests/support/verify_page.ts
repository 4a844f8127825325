import { assertEquals } from "./assert.ts";

/**
 * The verify pages run one script, the service's own check-a-file box, by URL: any other
 * script tag (a party's name or a provider's layer name carrying markup) has reached the page.
 */
export function assertOnlyOwnScript(page: string): void {
  assertEquals(page.match(/<script[^>]*>/gi), [
    '<script src="/functions/v1/verify-document/check.js" defer>',
  ]);
}
