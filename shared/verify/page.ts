import type { Context } from "hono";
import type { Verification } from "./lookup.ts";

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const DOCUMENT_NAMES: Record<string, string> = {
  COMMERCIAL_INVOICE: "Commercial invoice",
  PACKING_LIST: "Packing list",
  BILL_OF_LADING: "Bill of lading",
  CERTIFICATE_OF_ORIGIN: "Certificate of origin",
  PROFORMA_INVOICE: "Proforma invoice",
  DANGEROUS_GOODS_DECLARATION: "Dangerous goods declaration",
  AIR_WAYBILL: "Air waybill",
  SHIPPERS_LETTER_OF_INSTRUCTION: "Shipper's letter of instruction",
  VGM_DECLARATION: "VGM declaration",
  INSURANCE_CERTIFICATE: "Insurance certificate",
  EUR1_MOVEMENT_CERTIFICATE: "EUR.1 movement certificate",
  USMCA_CERTIFICATE_OF_ORIGIN: "USMCA certification of origin",
  STATEMENT_ON_ORIGIN: "Statement on origin",
  PHYTOSANITARY_CERTIFICATE: "Phytosanitary certificate",
  HEALTH_VETERINARY_CERTIFICATE: "Health (veterinary) certificate",
  CERTIFICATE_OF_ANALYSIS: "Certificate of analysis",
};

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; background: #f3f5f8; color: #1c2733; }
main { max-width: 34rem; margin: 0 auto; padding: 1.25rem; }
.card { background: #fff; border-radius: 12px; padding: 1.25rem; box-shadow: 0 1px 3px #0002; }
.status { display: flex; align-items: center; gap: .75rem; margin: 0 0 1rem; font-size: 1.5rem; }
.mark { flex: none; width: 2.5rem; height: 2.5rem; border-radius: 50%; color: #fff;
  display: grid; place-items: center; font-size: 1.5rem; font-weight: 700; }
.ok .mark { background: #16803c; } .ok h1 { color: #16803c; }
.no .mark { background: #b42318; } .no h1 { color: #b42318; }
h1 { font-size: 1.35rem; margin: 0; }
dl { margin: 0; display: grid; gap: .9rem; }
dt { font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; color: #5b6b7b; }
dd { margin: .2rem 0 0; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .85rem;
  word-break: break-all; }
ul { margin: .2rem 0 0; padding-left: 1.1rem; }
.layer-passed::marker { content: "✓ "; color: #16803c; }
.layer-failed::marker { content: "✗ "; color: #b42318; }
p.note { color: #5b6b7b; font-size: .85rem; margin: 1rem 0 0; }
.check { margin-top: 1rem; }
.check h2 { font-size: 1.05rem; margin: 0 0 .5rem; }
.check input { max-width: 100%; }
.check output { display: block; margin-top: .75rem; overflow-wrap: anywhere; }
.check output.issued { color: #16803c; } .check output.not-issued { color: #b42318; }
`;

/**
 * Where the "check a file" box asks: verify-document, by the file's SHA-256. The page's only
 * script is served from there too (the Content-Security-Policy allows no other).
 */
export const CHECK_ENDPOINT = "/functions/v1/verify-document";
export const CHECK_SCRIPT = `${CHECK_ENDPOINT}/check.js`;

/** HTML answers carry this policy: own script and fetches only, inline styles, nothing else. */
export const PAGE_CSP = "default-src 'none'; script-src 'self'; connect-src 'self'; " +
  "style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; " +
  "frame-ancestors 'self'";

/**
 * A box that checks a file the visitor holds: the browser hashes it (Web Crypto) and asks
 * verify-document by hash, so the file never leaves the device.
 */
const CHECK_BOX = `<form class="card check" data-endpoint="${CHECK_ENDPOINT}">
<h2>Check a file</h2>
<p class="note">Choose a PDF you received: your browser computes its SHA-256 and asks whether
the service issued exactly this file. The file itself is not uploaded.</p>
<input type="file" name="file" accept="application/pdf,.pdf" aria-label="PDF to check">
<output aria-live="polite"></output>
<noscript><p class="note">Checking a file needs JavaScript.</p></noscript>
</form>`;

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}
${CHECK_BOX}</main>
<script src="${CHECK_SCRIPT}" defer></script></body>
</html>
`;
}

function country(code: string | null, name: string | null): string {
  if (!code) return "not stated";
  return name ? `${escapeHtml(name)} (${escapeHtml(code)})` : escapeHtml(code);
}

export function verifiedPage(hash: string, v: Verification): string {
  const layers = v.layers.map((l) =>
    `<li class="layer-${l.status === "passed" ? "passed" : "failed"}">${escapeHtml(l.name)}: ${
      escapeHtml(l.status)
    }</li>`
  ).join("");
  const documents = v.documents_generated.length
    ? `<ul>${
      v.documents_generated.map((d) => `<li>${escapeHtml(DOCUMENT_NAMES[d] ?? d)}</li>`).join("")
    }</ul>`
    : "None generated yet";
  return page(
    "Verified: shipment validation",
    `<div class="card ok">
<div class="status"><span class="mark" aria-hidden="true">✓</span><h1>Verified</h1></div>
<dl>
<div><dt>Validation hash</dt><dd><code>${escapeHtml(hash)}</code></dd></div>
<div><dt>Validated</dt><dd><time datetime="${escapeHtml(v.validated_at.toISOString())}">${
      escapeHtml(formatUtc(v.validated_at))
    }</time></dd></div>
<div><dt>Checks</dt><dd><ul>${layers}</ul></dd></div>
<div><dt>Route</dt><dd>${country(v.origin_country, v.origin_name)} → ${
      country(v.destination_country, v.destination_name)
    }</dd></div>
<div><dt>Documents</dt><dd>${documents}</dd></div>
</dl>
<p class="note">This record confirms that shipment data with this hash passed validation at the
time shown. It does not show the shipment's parties or values.</p>
</div>`,
  );
}

export function notVerifiedPage(hash: string, reason: string): string {
  return page(
    "Not verified: shipment validation",
    `<div class="card no">
<div class="status"><span class="mark" aria-hidden="true">✗</span><h1>Not verified</h1></div>
<dl><div><dt>Validation hash</dt><dd><code>${escapeHtml(hash)}</code></dd></div></dl>
<p class="note">${escapeHtml(reason)}</p>
</div>`,
  );
}

function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** An HTML answer with the pages' Content-Security-Policy. */
export function sendPage(c: Context, html: string, status: 200 | 400 | 404): Response {
  c.header("Content-Security-Policy", PAGE_CSP);
  return c.html(html, status);
}

/** verify-document's own page: only the "check a file" box. */
export function checkFilePage(): string {
  return page(
    "Check a document",
    `<div class="card">
<div class="status"><h1>Check a document</h1></div>
<p class="note">Documents issued by this service are recorded by their SHA-256. Choose the PDF
below to learn whether it is exactly a file the service issued.</p>
</div>`,
  );
}
