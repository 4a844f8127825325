/**
 * The verify pages' one script: the "check a file" box. It hashes the chosen file with Web
 * Crypto and asks verify-document by hash; every answer is written with textContent, so
 * nothing in it is ever read as markup.
 */
import { DOCUMENT_NAMES } from "./page.ts";

export const CHECK_SCRIPT_SOURCE = `"use strict";
(() => {
  const NAMES = ${JSON.stringify(DOCUMENT_NAMES)};
  const hex = (buffer) =>
    Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
  const when = (iso) => iso ? iso.slice(0, 16).replace("T", " ") + " UTC" : "";
  function describe(a) {
    if (!a.issued) {
      return "Not issued: the service did not issue this exact file. It may have been altered, " +
        "filled in or re-saved after it was issued.";
    }
    const parts = [
      "Issued by the service: " + (NAMES[a.document_type] || a.document_type) + ", " +
        (a.variant === "flattened" ? "the flattened (archival) file" : "the generated file") +
        ", made " + when(a.generated_at) + ".",
      a.validation_hash
        ? "Validation hash " + a.validation_hash + ", validated " + when(a.validated_at) + "."
        : "Not validated.",
    ];
    if (a.signer) parts.push("Signed by " + a.signer + ".");
    return parts.join(" ");
  }
  for (const form of document.querySelectorAll("form.check")) {
    const input = form.querySelector("input[type=file]");
    const out = form.querySelector("output");
    form.addEventListener("submit", (e) => e.preventDefault());
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      if (!file) return;
      out.className = "";
      out.textContent = "Checking…";
      try {
        const digest = hex(await crypto.subtle.digest("SHA-256", await file.arrayBuffer()));
        const res = await fetch(form.dataset.endpoint + "/" + digest, {
          headers: { accept: "application/json" },
        });
        const answer = await res.json();
        if (!res.ok) throw new Error(answer.error ? answer.error.message : "HTTP " + res.status);
        out.className = answer.issued ? "issued" : "not-issued";
        out.textContent = describe(answer) + " (SHA-256 " + digest + ")";
      } catch (error) {
        out.className = "not-issued";
        out.textContent = "The file could not be checked: " + error.message;
      }
    });
  }
})();
`;
