/**
 * Signing identities from PKCS#12 files as OpenSSL writes them (RSA and ECDSA keys, modern
 * PBES2/AES and legacy 3DES encryption) and the development one: each signs a document that
 * pdfsig finds valid and that names the certificate's common name; a wrong password or a file
 * that is no PKCS#12 is a clear SigningIdentityError.
 */
import { renderDocument } from "../../shared/documents/pdf/documents.ts";
import {
  createDevSigningP12,
  DEV_SIGNER_NAME,
} from "../../shared/documents/signing/dev_identity.ts";
import {
  loadSigningIdentity,
  SigningIdentityError,
} from "../../shared/documents/signing/identity.ts";
import { DocumentSigner } from "../../shared/documents/signing/signer.ts";
import { context, shipmentFor } from "../flatten/support.ts";
import { pdfsig, run, tempDir } from "../pdf/tools.ts";
import { assert, assertEquals, equal } from "../support/assert.ts";

const dir = tempDir("signing-identity-test-");
const PASSWORD = "correct horse battery staple";

/** A self-signed certificate and its key, exported by `openssl pkcs12`. */
async function opensslP12(name: string, keyArgs: string[], exportArgs: string[] = []) {
  const key = `${dir}/${name}.key`;
  const cert = `${dir}/${name}.crt`;
  const p12 = `${dir}/${name}.p12`;
  await run("openssl", [
    "req",
    "-x509",
    ...keyArgs,
    "-nodes",
    "-keyout",
    key,
    "-out",
    cert,
    "-days",
    "2",
    "-subj",
    `/O=Test/CN=${name} signer`,
  ]);
  await run("openssl", [
    "pkcs12",
    "-export",
    "-inkey",
    key,
    "-in",
    cert,
    "-out",
    p12,
    "-passout",
    `pass:${PASSWORD}`,
    ...exportArgs,
  ]);
  return await Deno.readFile(p12);
}

async function assertSignsValidly(p12: Uint8Array, password: string, signerName: string) {
  const identity = await loadSigningIdentity(p12, password);
  equal(identity.signerName, signerName);
  const pdf = await renderDocument("PACKING_LIST", shipmentFor("PACKING_LIST"), context(true));
  const signed = await new DocumentSigner(Promise.resolve(identity)).sign(pdf);
  equal(signed.signer, signerName);
  const path = `${dir}/${signerName.replaceAll(" ", "-")}.pdf`;
  await Deno.writeFile(path, signed.bytes);
  const signatures = await pdfsig(path);
  equal(signatures.length, 1);
  assert(signatures[0]!.valid, signatures[0]!.report);
  assert(signatures[0]!.report.includes(`Common Name: ${signerName}`), signatures[0]!.report);
}

Deno.test("signing: an OpenSSL PKCS#12 with an RSA key signs validly", async () => {
  const p12 = await opensslP12("rsa", ["-newkey", "rsa:2048"]);
  await assertSignsValidly(p12, PASSWORD, "rsa signer");
});

Deno.test("signing: an OpenSSL PKCS#12 with an ECDSA P-256 key signs validly", async () => {
  const p12 = await opensslP12("ec", ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"]);
  await assertSignsValidly(p12, PASSWORD, "ec signer");
});

Deno.test("signing: a legacy (3DES, SHA-1 MAC) PKCS#12 signs validly", async () => {
  const p12 = await opensslP12("legacy", ["-newkey", "rsa:2048"], [
    "-keypbe",
    "PBE-SHA1-3DES",
    "-certpbe",
    "PBE-SHA1-3DES",
    "-macalg",
    "sha1",
  ]);
  await assertSignsValidly(p12, PASSWORD, "legacy signer");
});

Deno.test("signing: the development PKCS#12 is read by OpenSSL and signs validly", async () => {
  const dev = await createDevSigningP12();
  const p12 = Uint8Array.from(atob(dev.p12Base64), (c) => c.charCodeAt(0));
  const path = `${dir}/dev.p12`;
  await Deno.writeFile(path, p12);
  const info = await run("openssl", [
    "pkcs12",
    "-in",
    path,
    "-passin",
    `pass:${dev.password}`,
    "-nokeys",
  ]);
  assert(info.stdout.includes(`CN = ${DEV_SIGNER_NAME}`), info.stdout);
  await assertSignsValidly(p12, dev.password, DEV_SIGNER_NAME);
});

Deno.test("signing: a wrong password or not a PKCS#12 is a SigningIdentityError", async () => {
  const p12 = await opensslP12("wrong", ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256"]);
  const failures = [];
  for (
    const [bytes, password] of [[p12, "wrong"], [new TextEncoder().encode("%PDF-1.7"), ""]] as const
  ) {
    try {
      await loadSigningIdentity(bytes, password);
      failures.push("no error");
    } catch (e) {
      failures.push(e instanceof SigningIdentityError ? "identity error" : String(e));
    }
  }
  assertEquals(failures, ["identity error", "identity error"]);
  // A signer with a bad identity fails each signature with that error, and nothing else.
  const signer = DocumentSigner.fromP12(btoa("not a pkcs12"), "");
  const pdf = await renderDocument("PACKING_LIST", shipmentFor("PACKING_LIST"), context(true));
  let error: unknown;
  await signer.sign(pdf).catch((e) => error = e);
  assert(error instanceof SigningIdentityError, String(error));
});
