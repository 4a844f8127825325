import { join } from "node:path";
// The package's own helper: the folder its assets are in (the gateway reads them from disk).
import absolutePath from "swagger-ui-dist/absolute-path.js";

/**
 * The readable API docs: Swagger UI from the swagger-ui-dist package, served by the gateway
 * itself (no CDN), pointed at /openapi.json.
 */
export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Trade Shipment Documentation Service: API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="docs"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/init.js"></script>
</body>
</html>
`;

// Inline scripts would need a weaker Content-Security-Policy; a file keeps it strict.
const INIT_JS =
  `window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#docs", deepLinking: true });\n`;

const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

/** The bytes and type of one docs asset, or null for any other name. */
export async function docsAsset(
  name: string,
): Promise<{ body: Uint8Array | string; type: string } | null> {
  if (name === "init.js") return { body: INIT_JS, type: "text/javascript; charset=utf-8" };
  // An own key only: `constructor` or `toString` are in every object's prototype.
  const type = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!type) return null;
  return { body: await Deno.readFile(join(absolutePath(), name)), type };
}
