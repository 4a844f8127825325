/**
 * A certificate authority and a server certificate for one host name, made with openssl for
 * this test run, so webhook receivers on loopback can speak real HTTPS under a real name.
 */
import { missingToolMessage } from "../support/external_tools.ts";

export interface TestTls {
  /** The authority's certificate: the client's extra trusted root. */
  ca: string;
  /** The server's certificate and key, for Deno.serve. */
  cert: string;
  key: string;
}

export async function testTls(hostname: string): Promise<TestTls> {
  const dir = await Deno.makeTempDir({ prefix: "webhook-tls-" });
  try {
    const at = (name: string) => `${dir}/${name}`;
    const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
    await openssl(
      ["req", "-x509", ...ec, "-keyout", at("ca.key"), "-out", at("ca.pem"), "-days", "2"],
      ["-subj", "/CN=Webhook test CA"],
    );
    await openssl(
      ["req", ...ec, "-keyout", at("server.key"), "-out", at("server.csr")],
      ["-subj", `/CN=${hostname}`],
    );
    await Deno.writeTextFile(
      at("ext.cnf"),
      `subjectAltName=DNS:${hostname}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`,
    );
    await openssl(
      ["x509", "-req", "-in", at("server.csr"), "-CA", at("ca.pem"), "-CAkey", at("ca.key")],
      ["-CAcreateserial", "-out", at("server.pem"), "-days", "2", "-extfile", at("ext.cnf")],
    );
    return {
      ca: await Deno.readTextFile(at("ca.pem")),
      cert: await Deno.readTextFile(at("server.pem")),
      key: await Deno.readTextFile(at("server.key")),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function openssl(...args: string[][]): Promise<void> {
  let output: Deno.CommandOutput;
  try {
    output = await new Deno.Command("openssl", {
      args: args.flat(),
      stdout: "null",
      stderr: "piped",
    })
      .output();
  } catch (error) {
    throw new Error(`${missingToolMessage("openssl")}: ${error}`);
  }
  if (!output.success) {
    throw new Error(`openssl ${args.flat().join(" ")}: ${new TextDecoder().decode(output.stderr)}`);
  }
}
