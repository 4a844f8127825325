/**
 * Real PDF tools for the engine's tests, run with Deno.Command: qpdf (structure), poppler
 * (pdffonts, pdftotext, pdfinfo, pdftoppm), zbarimg (QR codes) and pdftk (form fields). They
 * come from Debian: `apt-get install poppler-utils qpdf zbar-tools pdftk-java`.
 */
import { inflateSync } from "node:zlib";
import { type ExternalTool, missingToolMessage } from "../support/external_tools.ts";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a tool; throws with its output when it fails (unless `allowFailure`). */
export async function run(
  cmd: ExternalTool,
  args: string[],
  options: { allowFailure?: boolean } = {},
): Promise<RunResult> {
  let output: Deno.CommandOutput;
  try {
    output = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped" }).output();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(missingToolMessage(cmd));
    }
    throw error;
  }
  const result = {
    code: output.code,
    stdout: new TextDecoder().decode(output.stdout),
    stderr: new TextDecoder().decode(output.stderr),
  };
  if (!options.allowFailure && output.code !== 0) {
    throw new Error(
      `${cmd} ${args.join(" ")} exited ${output.code}:\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result;
}

/** A temporary directory for one test module, removed when the process unloads. */
export function tempDir(prefix: string): string {
  const dir = Deno.makeTempDirSync({ prefix });
  globalThis.addEventListener("unload", () => {
    try {
      Deno.removeSync(dir, { recursive: true });
    } catch {
      // already gone
    }
  });
  return dir;
}

/** `qpdf --check`: the output when the file is clean; throws otherwise (also on warnings). */
export async function qpdfCheck(path: string): Promise<string> {
  const r = await run("qpdf", ["--check", path], { allowFailure: true });
  if (
    r.code !== 0 || /warning|error:/i.test(r.stderr) ||
    !/No syntax or stream encoding errors/.test(r.stdout)
  ) {
    throw new Error(`qpdf --check ${path} failed (${r.code}):\n${r.stdout}\n${r.stderr}`);
  }
  return r.stdout;
}

export interface FontRow {
  name: string;
  type: string;
  encoding: string;
  embedded: boolean;
  subset: boolean;
  unicode: boolean;
}

/** `pdffonts`: one row per font. */
export async function pdffonts(path: string): Promise<FontRow[]> {
  const r = await run("pdffonts", [path]);
  const lines = r.stdout.split("\n");
  const rule = lines.findIndex((l) => l.startsWith("---"));
  return lines.slice(rule + 1).filter((l) => l.trim()).map((line) => {
    // name type... encoding emb sub uni objnum gen; the type may contain spaces.
    const m = line.match(/^(\S+)\s+(.+?)\s+(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
    if (!m) throw new Error(`unexpected pdffonts line: ${line}`);
    return {
      name: m[1]!,
      type: m[2]!,
      encoding: m[3]!,
      embedded: m[4] === "yes",
      subset: m[5] === "yes",
      unicode: m[6] === "yes",
    };
  });
}

/** `pdftotext` of the whole document, pages separated by form feeds. */
export async function pdftotext(path: string, layout = false): Promise<string> {
  const r = await run("pdftotext", [...(layout ? ["-layout"] : []), "-enc", "UTF-8", path, "-"]);
  return r.stdout;
}

/** Text per page. */
export async function pageTexts(path: string): Promise<string[]> {
  const pages = (await pdftotext(path)).split("\f");
  if (pages.at(-1)?.trim() === "") pages.pop();
  return pages;
}

export async function pageCount(path: string): Promise<number> {
  const r = await run("pdfinfo", [path]);
  const m = r.stdout.match(/^Pages:\s+(\d+)/m);
  if (!m) throw new Error(`pdfinfo gave no page count:\n${r.stdout}`);
  return Number(m[1]);
}

let renders = 0;

/**
 * Renders one page to PNG with pdftoppm; returns the PNG's path, new on every call: two renders
 * of one page at once (a test's Promise.all) wrote the same file, and one read it half written.
 */
export async function renderPage(
  path: string,
  page: number,
  dpi: number,
  options: { gray?: boolean } = {},
): Promise<string> {
  const base = `${path}-p${page}-${dpi}${options.gray ? "g" : ""}-${++renders}`;
  await run("pdftoppm", [
    "-r",
    String(dpi),
    "-png",
    ...(options.gray ? ["-gray"] : []),
    "-f",
    String(page),
    "-l",
    String(page),
    "-singlefile",
    path,
    base,
  ]);
  return `${base}.png`;
}

/** The QR and bar codes zbarimg finds in an image (raw data, one per code). */
export async function zbarimg(png: string): Promise<string[]> {
  const r = await run("zbarimg", ["--raw", "-q", png], { allowFailure: true });
  // zbarimg exits 4 when it finds no code.
  if (r.code !== 0 && r.code !== 4) throw new Error(`zbarimg failed (${r.code}): ${r.stderr}`);
  return r.stdout.split("\n").filter((l) => l.length > 0);
}

export interface Signature {
  valid: boolean;
  /** pdfsig's lines about this signature. */
  report: string;
}

/** pdfsig's verdict on every signature of the file (none: an empty list). */
export async function pdfsig(path: string): Promise<Signature[]> {
  const r = await run("pdfsig", [path], { allowFailure: true });
  return (r.stdout + r.stderr).split(/^Signature #\d+:$/m).slice(1).map((report) => ({
    valid: /Signature Validation: Signature is Valid\./.test(report),
    report,
  }));
}

export interface FormField {
  name: string;
  type: string;
  flags: number;
  value?: string;
  /** A check box's or radio group's appearance states ("Off", "Yes", "METHOD_2"). */
  states: string[];
}

/** `pdftk dump_data_fields_utf8`. */
export async function pdftkFields(path: string): Promise<FormField[]> {
  const r = await run("pdftk", [path, "dump_data_fields_utf8"]);
  const fields: FormField[] = [];
  for (const block of r.stdout.split("---").map((b) => b.trim()).filter(Boolean)) {
    const get = (key: string) => block.match(new RegExp(`^${key}: (.*)$`, "m"))?.[1];
    const name = get("FieldName");
    if (name === undefined) continue;
    fields.push({
      name,
      type: get("FieldType") ?? "",
      flags: Number(get("FieldFlags") ?? 0),
      states: [...block.matchAll(/^FieldStateOption: (.*)$/gm)].map((m) => m[1]!),
      ...(get("FieldValue") !== undefined ? { value: get("FieldValue") } : {}),
    });
  }
  return fields;
}

function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(
    /"/g,
    "&quot;",
  );
}

/**
 * Fills fields with `pdftk fill_form` from an XFDF file (UTF-8 values). With
 * `needAppearances`, pdftk leaves drawing the values to the reader (poppler, Acrobat, browsers
 * draw them with the form's /DR font).
 */
export async function pdftkFill(
  path: string,
  values: Record<string, string>,
  out: string,
  needAppearances: boolean,
): Promise<void> {
  const xfdf = `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve"><fields>\n` +
    Object.entries(values).map(([k, v]) =>
      `<field name="${xmlEscape(k)}"><value>${xmlEscape(v)}</value></field>`
    ).join("\n") + "\n</fields></xfdf>\n";
  const xfdfPath = `${out}.xfdf`;
  await Deno.writeTextFile(xfdfPath, xfdf);
  await run("pdftk", [
    path,
    "fill_form",
    xfdfPath,
    "output",
    out,
    ...(needAppearances ? ["need_appearances"] : []),
  ]);
}

/**
 * Sets field values with pikepdf (Debian python3-pikepdf, run by the system Python) and
 * /NeedAppearances, drawing nothing: tests/support/pikepdf_fill.py.
 */
export async function pikepdfFill(
  path: string,
  values: Record<string, string>,
  out: string,
): Promise<void> {
  const valuesPath = `${out}.json`;
  await Deno.writeTextFile(valuesPath, JSON.stringify(values));
  const script = new URL("../support/pikepdf_fill.py", import.meta.url).pathname;
  await run("/usr/bin/python3", [script, path, out, valuesPath]);
}

export interface GrayImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/**
 * Decodes an 8-bit, non-interlaced PNG (gray, RGB or RGBA, as pdftoppm writes) to gray levels.
 */
export function decodeGrayPng(bytes: Uint8Array): GrayImage {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let p = 8;
  let width = 0;
  let height = 0;
  let channels = 1;
  const idat: Uint8Array[] = [];
  while (p < bytes.length) {
    const length = view.getUint32(p);
    const type = String.fromCharCode(...bytes.subarray(p + 4, p + 8));
    const data = bytes.subarray(p + 8, p + 8 + length);
    if (type === "IHDR") {
      width = view.getUint32(p + 8);
      height = view.getUint32(p + 12);
      const depth = data[8];
      const colour = data[9]!;
      const interlace = data[12];
      const known: Record<number, number> = { 0: 1, 2: 3, 6: 4 };
      if (depth !== 8 || interlace !== 0 || !(colour in known)) {
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colour}`);
      }
      channels = known[colour]!;
    } else if (type === "IDAT") {
      idat.push(data);
    } else if (type === "IEND") {
      break;
    }
    p += 12 + length;
  }
  const joined = new Uint8Array(idat.reduce((s, d) => s + d.length, 0));
  let at = 0;
  for (const d of idat) {
    joined.set(d, at);
    at += d.length;
  }
  const raw = inflateSync(joined);
  const stride = width * channels;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const row = y * (stride + 1) + 1;
    for (let x = 0; x < stride; x++) {
      const i = y * stride + x;
      const a = x >= channels ? out[i - channels]! : 0;
      const b = y > 0 ? out[i - stride]! : 0;
      const c = x >= channels && y > 0 ? out[i - stride - channels]! : 0;
      let v = raw[row + x]!;
      switch (filter) {
        case 1:
          v += a;
          break;
        case 2:
          v += b;
          break;
        case 3:
          v += (a + b) >> 1;
          break;
        case 4: {
          const pa = Math.abs(b - c);
          const pb = Math.abs(a - c);
          const pc = Math.abs(a + b - 2 * c);
          v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
          break;
        }
      }
      out[i] = v & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height);
  const colours = Math.min(channels, 3);
  for (let i = 0; i < pixels.length; i++) {
    let sum = 0;
    for (let k = 0; k < colours; k++) sum += out[i * channels + k]!;
    pixels[i] = Math.round(sum / colours);
  }
  return { width, height, pixels };
}

/** Share of pixels whose gray levels differ by more than `threshold` (0..255). */
export function imageDifference(a: GrayImage, b: GrayImage, threshold = 64): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.pixels.length; i++) {
    if (Math.abs(a.pixels[i]! - b.pixels[i]!) > threshold) differing++;
  }
  return differing / a.pixels.length;
}
