/**
 * A PDF/A-2b checker for tests: the ISO 19005-2 rules that can be checked without veraPDF
 * (which cannot be installed here), over the file's bytes, `qpdf --check`, every object of
 * `qpdf --json` (dictionaries as written, stream data decoded), the content streams' operators,
 * the embedded font programs, the ICC profile and the XMP packet, plus poppler's own reading
 * (pdfinfo, pdftotext and pdffonts print nothing on stderr; pdffonts lists only embedded fonts).
 *
 * Each finding names the clause it breaks: "6.2.11.4: …". `checkPdfA` answers every finding,
 * so a test can print them all at once.
 *
 * Covered: 6.1.2 header; 6.1.3 trailer (ID, no Encrypt, nothing after %%EOF); 6.1.4/6.1.7
 * cross references and streams (qpdf clean, no F/FFilter/FDecodeParms, no LZW, no Crypt);
 * 6.1.13 implementation limits (names, strings, numbers, object count, q nesting); 6.2.2
 * output intent and its ICC profile; 6.2.4 device colour spaces against the output intent, ICC
 * based colour spaces; 6.2.5 graphics states; 6.2.8 images; 6.2.9 XObjects; 6.2.10 blend
 * modes; 6.2.11 fonts (embedded, CIDToGIDMap, CMaps, glyphs present, widths consistent with
 * the program, no .notdef); 6.3 annotations (types, flags, appearances); 6.4 forms
 * (NeedAppearances, XFA, widget actions); 6.5 actions; 6.6 metadata (XMP well-formed,
 * pdfaid, Info consistent, extension schemas for every custom property); 6.8 embedded files;
 * 6.11 Requirements; and no dangling references (found with pdf-lib: qpdf reads them as null).
 */
import { PDFArray, PDFDict, PDFDocument, type PDFObject, PDFRef, PDFStream } from "@pdfme/pdf-lib";
import { run } from "../pdf/tools.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Dict = { [key: string]: Json };

interface PdfObject {
  /** Plain objects. */
  value?: Json;
  /** Streams: the dictionary as written, and the data decoded where qpdf could. */
  dict?: Dict;
  data?: Uint8Array;
}

export interface PdfAReport {
  findings: string[];
  /** The XMP packet (empty when missing). */
  xmp: string;
  /** The Info dictionary's text entries. */
  info: Record<string, string>;
  /** Text of every page (pdftotext), pages separated by form feeds. */
  text: string;
}

const REF = /^(\d+) (\d+) R$/;
const PREDEFINED_NAMESPACES = new Set([
  "http://purl.org/dc/elements/1.1/",
  "http://ns.adobe.com/xap/1.0/",
  "http://ns.adobe.com/xap/1.0/rights/",
  "http://ns.adobe.com/xap/1.0/mm/",
  "http://ns.adobe.com/xap/1.0/bj/",
  "http://ns.adobe.com/xap/1.0/t/pg/",
  "http://ns.adobe.com/xmp/1.0/DynamicMedia/",
  "http://ns.adobe.com/pdf/1.3/",
  "http://ns.adobe.com/photoshop/1.0/",
  "http://ns.adobe.com/camera-raw-settings/1.0/",
  "http://ns.adobe.com/exif/1.0/",
  "http://ns.adobe.com/exif/1.0/aux/",
  "http://ns.adobe.com/tiff/1.0/",
  "http://www.aiim.org/pdfa/ns/id/",
  "http://www.aiim.org/pdfa/ns/extension/",
]);
const FORBIDDEN_ACTIONS = new Set([
  "Launch",
  "Sound",
  "Movie",
  "ResetForm",
  "ImportData",
  "Hide",
  "SetOCGState",
  "Rendition",
  "Trans",
  "GoTo3DView",
  "JavaScript",
]);
const ALLOWED_NAMED = new Set(["NextPage", "PrevPage", "FirstPage", "LastPage"]);
const BLEND_MODES = new Set([
  "Normal",
  "Compatible",
  "Multiply",
  "Screen",
  "Overlay",
  "Darken",
  "Lighten",
  "ColorDodge",
  "ColorBurn",
  "HardLight",
  "SoftLight",
  "Difference",
  "Exclusion",
  "Hue",
  "Saturation",
  "Color",
  "Luminosity",
]);
const INTENTS = new Set([
  "RelativeColorimetric",
  "AbsoluteColorimetric",
  "Perceptual",
  "Saturation",
]);
const PREDEFINED_CMAPS = /^(Identity-[HV]|[A-Za-z0-9-]+-(H|V|UCS2-H|UCS2-V))$/;

/** Every finding for the file at `path` (empty: conforming as far as checked). */
export async function checkPdfA(path: string): Promise<PdfAReport> {
  const bytes = await Deno.readFile(path);
  const findings: string[] = [];
  const add = (clause: string, message: string) => {
    if (!findings.includes(`${clause}: ${message}`)) findings.push(`${clause}: ${message}`);
  };

  checkHeaderAndEnd(bytes, add);
  await checkTools(path, add);
  await checkDanglingReferences(bytes, add);
  const doc = await loadObjects(path);
  const checker = new Checker(doc, add);
  checker.run();

  const text = (await run("pdftotext", ["-enc", "UTF-8", path, "-"])).stdout;
  return { findings, xmp: checker.xmp, info: checker.info, text };
}

function checkHeaderAndEnd(bytes: Uint8Array, add: (c: string, m: string) => void): void {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 9));
  if (!/^%PDF-1\.[0-7]$/.test(head.slice(0, 8)) || !/[\r\n]/.test(head[8] ?? "")) {
    add("6.1.2", `the file does not start with %PDF-1.n and an end of line: ${head}`);
  }
  let p = 9;
  if (bytes[p] === 0x0a && bytes[8] === 0x0d) p++;
  const comment = bytes.subarray(p, p + 5);
  if (comment[0] !== 0x25 || [...comment.subarray(1, 5)].some((b) => b < 128)) {
    add("6.1.2", "the header is not followed by a comment of four bytes above 127");
  }
  const tail = new TextDecoder("latin1").decode(bytes.subarray(Math.max(0, bytes.length - 8)));
  if (!/%%EOF(\r\n|\r|\n)?$/.test(tail)) add("6.1.3", "data follows the last %%EOF");
}

async function checkTools(path: string, add: (c: string, m: string) => void): Promise<void> {
  const check = await run("qpdf", ["--check", path], { allowFailure: true });
  if (
    check.code !== 0 || /warning|error/i.test(check.stderr) ||
    !/No syntax or stream encoding errors/.test(check.stdout)
  ) {
    add("6.1.4", `qpdf --check is not clean: ${check.stdout}${check.stderr}`.trim());
  }
  if (/File is encrypted/.test(check.stdout) && !/not encrypted/.test(check.stdout)) {
    add("6.1.3", "the file is encrypted");
  }
  for (const [tool, args] of [["pdfinfo", [path]], ["pdftotext", [path, "/dev/null"]]] as const) {
    const r = await run(tool, [...args], { allowFailure: true });
    if (r.code !== 0 || r.stderr.trim()) add("6.1", `${tool} reports: ${r.stderr.trim()}`);
  }
  const fonts = await run("pdffonts", [path], { allowFailure: true });
  if (fonts.code !== 0 || fonts.stderr.trim()) add("6.1", `pdffonts reports: ${fonts.stderr}`);
  for (const line of fonts.stdout.split("\n").slice(2).filter((l) => l.trim())) {
    const m = line.match(/\s(yes|no)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/);
    if (!m || m[1] !== "yes") add("6.2.11.4", `pdffonts: a font is not embedded: ${line}`);
  }
}

/**
 * qpdf reads a reference to a missing object as null (as the PDF standard says), so its JSON
 * cannot show one: a second parser (pdf-lib) looks for them.
 */
async function checkDanglingReferences(
  bytes: Uint8Array,
  add: (c: string, m: string) => void,
): Promise<void> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch (e) {
    add("6.1", `pdf-lib cannot read the file: ${(e as Error).message}`);
    return;
  }
  const ctx = doc.context;
  const exists = new Set(ctx.enumerateIndirectObjects().map(([ref]) => ref));
  const walk = (obj: PDFObject | undefined, where: string, depth: number) => {
    if (obj === undefined || depth > 64) return;
    if (obj instanceof PDFRef) {
      if (!exists.has(obj)) add("6.1", `dangling reference ${obj} in ${where}`);
    } else if (obj instanceof PDFDict) {
      for (const [, value] of obj.entries()) walk(value, where, depth + 1);
    } else if (obj instanceof PDFArray) {
      for (const value of obj.asArray()) walk(value, where, depth + 1);
    } else if (obj instanceof PDFStream) {
      walk(obj.dict, where, depth + 1);
    }
  };
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) walk(obj, `object ${ref}`, 0);
  const { Root, Info, ID } = ctx.trailerInfo;
  for (const value of [Root, Info, ID]) walk(value, "the trailer", 0);
}

interface LoadedDoc {
  objects: Map<string, PdfObject>;
  trailer: Dict;
}

/** All objects: dictionaries as written (decode none), stream data decoded (generalized). */
async function loadObjects(path: string): Promise<LoadedDoc> {
  const [raw, decoded] = await Promise.all([
    qpdfJson(path, ["--decode-level=none", "--json-stream-data=none"]),
    qpdfJson(path, ["--decode-level=generalized", "--json-stream-data=inline"]),
  ]);
  const objects = new Map<string, PdfObject>();
  for (const [key, entry] of Object.entries(raw)) {
    const m = key.match(/^obj:(\d+ \d+) R$/);
    if (!m) continue;
    const e = entry as { value?: Json; stream?: { dict: Dict } };
    if (e.stream) {
      const data = (decoded[key] as { stream?: { data?: string } } | undefined)?.stream?.data;
      objects.set(m[1]!, {
        dict: e.stream.dict,
        data: data === undefined ? undefined : Uint8Array.from(atob(data), (c) => c.charCodeAt(0)),
      });
    } else {
      objects.set(m[1]!, { value: e.value ?? null });
    }
  }
  const trailer = ((raw.trailer as { value?: Dict } | undefined)?.value ?? {}) as Dict;
  return { objects, trailer };
}

async function qpdfJson(path: string, options: string[]): Promise<Record<string, Json>> {
  const r = await run("qpdf", ["--json=2", "--json-key=qpdf", ...options, path], {
    allowFailure: true,
  });
  if (r.code !== 0 && r.code !== 3) throw new Error(`qpdf --json failed: ${r.stderr}`);
  const parsed = JSON.parse(r.stdout) as { qpdf: [unknown, Record<string, Json>] };
  return parsed.qpdf[1];
}

const isDict = (v: Json | undefined): v is Dict =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** A qpdf JSON string value as text ("u:…" unicode, "b:…" hex bytes). */
function textOf(v: Json | undefined): string | undefined {
  if (typeof v !== "string") return undefined;
  if (v.startsWith("u:")) return v.slice(2);
  if (v.startsWith("b:")) {
    const hex = v.slice(2);
    let s = "";
    for (let i = 0; i < hex.length; i += 2) {
      s += String.fromCharCode(parseInt(hex.slice(i, i + 2), 16));
    }
    return s;
  }
  return undefined;
}

const nameOf = (v: Json | undefined): string | undefined =>
  typeof v === "string" && v.startsWith("/") ? v.slice(1) : undefined;

class Checker {
  xmp = "";
  info: Record<string, string> = {};
  private readonly visitedContent = new Set<string>();
  private readonly usedDevice = new Set<string>();
  private outputIntentSpace: string | undefined;
  private readonly fontPrograms = new Map<string, FontProgram | null>();

  constructor(
    private readonly doc: LoadedDoc,
    private readonly add: (clause: string, message: string) => void,
  ) {}

  /** The object a value stands for: a reference resolved, anything else as is. */
  private target(v: Json | undefined): { value?: Json; dict?: Dict; data?: Uint8Array } {
    if (typeof v === "string") {
      const m = v.match(REF);
      if (m) return this.doc.objects.get(`${m[1]} ${m[2]}`) ?? {};
    }
    return { value: v ?? undefined };
  }

  /** A dictionary (a stream's own counts). */
  private dict(v: Json | undefined): Dict | undefined {
    const t = this.target(v);
    if (t.dict) return t.dict;
    return isDict(t.value) ? t.value : undefined;
  }

  private array(v: Json | undefined): Json[] | undefined {
    const t = this.target(v);
    return Array.isArray(t.value) ? t.value : undefined;
  }

  private number(v: Json | undefined): number | undefined {
    const t = this.target(v);
    return typeof t.value === "number" ? t.value : undefined;
  }

  run(): void {
    const { trailer } = this.doc;
    this.checkReferencesAndLimits();
    if (!Array.isArray(trailer["/ID"]) || trailer["/ID"].length !== 2) {
      this.add("6.1.3", "the trailer has no /ID of two strings");
    }
    if (trailer["/Encrypt"] !== undefined) this.add("6.1.3", "the trailer has /Encrypt");
    const catalog = this.dict(trailer["/Root"]);
    if (!catalog) {
      this.add("6.1", "no document catalog");
      return;
    }
    this.info = Object.fromEntries(
      Object.entries(this.dict(trailer["/Info"]) ?? {}).map(([k, v]) => [k.slice(1), textOf(v)])
        .filter((e): e is [string, string] => e[1] !== undefined),
    );
    this.checkStreams();
    this.checkOutputIntents(catalog);
    this.checkCatalog(catalog);
    this.checkPages(catalog);
    this.checkActionsEverywhere();
    this.checkDeviceColour();
    this.checkMetadata(catalog);
  }

  /** No reference to a missing object; names, strings and numbers within 6.1.13's limits. */
  private checkReferencesAndLimits(): void {
    if (this.doc.objects.size > 8_388_607) this.add("6.1.13", "more than 8388607 objects");
    const walk = (v: Json, where: string) => {
      if (typeof v === "string") {
        const m = v.match(REF);
        if (m && !this.doc.objects.has(`${m[1]} ${m[2]}`)) {
          this.add("6.1", `dangling reference ${v} in object ${where}`);
        } else if (v.startsWith("/") && new TextEncoder().encode(v).length - 1 > 127) {
          this.add("6.1.13", `a name longer than 127 bytes in object ${where}`);
        } else if (v.startsWith("b:") && (v.length - 2) / 2 > 32767) {
          this.add("6.1.13", `a string longer than 32767 bytes in object ${where}`);
        }
      } else if (typeof v === "number") {
        if (Number.isInteger(v) && Math.abs(v) > 2147483647) {
          this.add("6.1.13", `an integer beyond 2^31 - 1 in object ${where}`);
        } else if (Math.abs(v) > 3.403e38) {
          this.add("6.1.13", `a real number beyond 3.403e38 in object ${where}`);
        }
      } else if (Array.isArray(v)) {
        for (const item of v) walk(item, where);
      } else if (isDict(v)) {
        for (const [key, item] of Object.entries(v)) {
          if (new TextEncoder().encode(key).length - 1 > 127) {
            this.add("6.1.13", `a name longer than 127 bytes in object ${where}`);
          }
          walk(item, where);
        }
      }
    };
    for (const [key, obj] of this.doc.objects) walk(obj.dict ?? obj.value ?? null, key);
    walk(this.doc.trailer, "trailer");
  }

  /** 6.1.7: stream keys and filters; 6.2.8 images; 6.2.9 XObjects. */
  private checkStreams(): void {
    for (const [key, obj] of this.doc.objects) {
      const dict = obj.dict;
      if (!dict) continue;
      for (const k of ["/F", "/FFilter", "/FDecodeParms"]) {
        if (k in dict) this.add("6.1.7.1", `stream ${key} has ${k}`);
      }
      const filters = [dict["/Filter"]].flat().map(nameOf);
      if (filters.includes("LZWDecode")) this.add("6.1.7.2", `stream ${key} uses LZWDecode`);
      if (filters.includes("Crypt")) this.add("6.1.7.2", `stream ${key} uses a Crypt filter`);
      const subtype = nameOf(dict["/Subtype"]);
      if (dict["/Type"] === "/XObject" || subtype === "Image" || subtype === "Form") {
        if (subtype === "Image") {
          if ("/Alternates" in dict) this.add("6.2.8", `image ${key} has /Alternates`);
          if ("/OPI" in dict) this.add("6.2.8", `image ${key} has /OPI`);
          if (dict["/Interpolate"] === true) this.add("6.2.8", `image ${key} interpolates`);
          const bpc = this.number(dict["/BitsPerComponent"]);
          if (bpc !== undefined && ![1, 2, 4, 8, 16].includes(bpc)) {
            this.add("6.2.8", `image ${key} has BitsPerComponent ${bpc}`);
          }
          this.noteColourSpace(dict["/ColorSpace"], `image ${key}`);
        } else if (subtype === "Form") {
          for (const k of ["/OPI", "/PS", "/Ref"]) {
            if (k in dict) this.add("6.2.9", `form XObject ${key} has ${k}`);
          }
          if (dict["/Subtype2"] === "/PS") this.add("6.2.9", `form XObject ${key} is PostScript`);
        } else if (subtype === "PS") {
          this.add("6.2.9", `PostScript XObject ${key}`);
        }
      }
    }
  }

  /** 6.2.2: one PDF/A output intent whose profile is a valid ICC profile matching /N. */
  private checkOutputIntents(catalog: Dict): void {
    const intents = this.array(catalog["/OutputIntents"]) ?? [];
    const pdfa = intents.map((i) => this.dict(i)).filter((d) => d?.["/S"] === "/GTS_PDFA1");
    if (pdfa.length === 0) {
      this.add("6.2.2", "no output intent with /S /GTS_PDFA1");
      return;
    }
    const profiles = new Set(pdfa.map((d) => JSON.stringify(d!["/DestOutputProfile"])));
    if (profiles.size > 1) this.add("6.2.2", "PDF/A output intents with different profiles");
    const intent = pdfa[0]!;
    if (textOf(intent["/OutputConditionIdentifier"]) === undefined) {
      this.add("6.2.2", "the output intent has no OutputConditionIdentifier");
    }
    const profile = this.target(intent["/DestOutputProfile"]);
    if (!profile.dict || !profile.data) {
      this.add("6.2.2", "the output intent has no embedded DestOutputProfile stream");
      return;
    }
    this.outputIntentSpace = this.checkIccProfile(profile.dict, profile.data, "6.2.2");
    if (this.outputIntentSpace && !["mntr", "prtr"].includes(iccClass(profile.data))) {
      this.add("6.2.2", `the output profile's class is ${iccClass(profile.data)}`);
    }
  }

  /** Checks an ICC stream; answers its colour space ("RGB ", "GRAY", "CMYK") when valid. */
  private checkIccProfile(dict: Dict, data: Uint8Array, clause: string): string | undefined {
    if (data.length < 132) {
      this.add(clause, "the ICC profile is truncated");
      return undefined;
    }
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const ascii = (at: number) => String.fromCharCode(...data.subarray(at, at + 4));
    if (ascii(36) !== "acsp") this.add(clause, "the ICC profile lacks the 'acsp' signature");
    if (view.getUint32(0) !== data.length) {
      this.add(clause, `the ICC profile says ${view.getUint32(0)} bytes, has ${data.length}`);
    }
    const major = data[8]!;
    if (major < 2 || major > 4) this.add(clause, `ICC profile version ${major} is not 2 to 4`);
    const space = ascii(16);
    const n = this.number(dict["/N"]);
    const expected: Record<string, number> = { "GRAY": 1, "RGB ": 3, "CMYK": 4 };
    if (expected[space] === undefined || expected[space] !== n) {
      this.add(clause, `the ICC profile's colour space ${space} does not match /N ${n}`);
    }
    if (!["mntr", "prtr", "scnr", "spac"].includes(ascii(12))) {
      this.add(clause, `ICC device class ${ascii(12)} is not allowed`);
    }
    const tags = view.getUint32(128);
    for (let i = 0; i < tags; i++) {
      const offset = view.getUint32(132 + i * 12 + 4);
      const size = view.getUint32(132 + i * 12 + 8);
      if (offset + size > data.length) this.add(clause, "an ICC tag lies beyond the profile's end");
    }
    return space;
  }

  /** 6.4.2, 6.5, 6.8, 6.11: what the catalog must not carry. */
  private checkCatalog(catalog: Dict): void {
    if ("/AA" in catalog) this.add("6.5.2", "the catalog has /AA");
    if ("/Requirements" in catalog) this.add("6.11", "the catalog has /Requirements");
    if ("/NeedsRendering" in catalog) this.add("6.4.2", "the catalog has /NeedsRendering");
    const names = this.dict(catalog["/Names"]);
    if (names && "/JavaScript" in names) this.add("6.5.1", "the catalog names JavaScript");
    if (names && "/EmbeddedFiles" in names) this.add("6.8", "the document has embedded files");
    const form = this.dict(catalog["/AcroForm"]);
    if (form) {
      if (form["/NeedAppearances"] === true) {
        this.add("6.4.2", "the AcroForm has NeedAppearances true");
      }
      if ("/XFA" in form) this.add("6.4.2", "the AcroForm has XFA");
    }
    const open = this.dict(catalog["/OpenAction"]);
    if (open) this.checkAction(open, "the catalog's OpenAction");
  }

  private checkPages(catalog: Dict): void {
    const pages: Dict[] = [];
    const collect = (node: Json | undefined, depth: number, inherited: Json | undefined) => {
      const dict = this.dict(node);
      if (!dict || depth > 64) return;
      const resources = dict["/Resources"] ?? inherited;
      if (dict["/Type"] === "/Page") {
        pages.push({ ...dict, "/Resources": resources ?? null });
        return;
      }
      for (const kid of this.array(dict["/Kids"]) ?? []) collect(kid, depth + 1, resources);
    };
    collect(catalog["/Pages"], 0, undefined);
    if (pages.length === 0) this.add("6.1", "the document has no pages");
    pages.forEach((page, i) => {
      if ("/AA" in page) this.add("6.5.2", `page ${i + 1} has /AA`);
      if (nameOf(this.dict(page["/Group"])?.["/CS"]) === undefined && page["/Group"]) {
        // A transparency group without a colour space is fine with a PDF/A output intent.
        if (!this.outputIntentSpace) this.add("6.2.10", `page ${i + 1}: group without CS`);
      }
      const contents = page["/Contents"];
      const parts = this.array(contents) ?? (contents ? [contents] : []);
      const data = parts.map((p) => this.target(p).data ?? new Uint8Array());
      this.checkContent(concat(data), this.dict(page["/Resources"]), `page ${i + 1}`, 0);
      for (const annot of this.array(page["/Annots"]) ?? []) {
        this.checkAnnotation(annot, i + 1);
      }
    });
  }

  /** 6.3 and 6.4.1: annotation types, flags, appearances, widget actions. */
  private checkAnnotation(ref: Json, page: number): void {
    const annot = this.dict(ref);
    if (!annot) {
      this.add("6.3", `page ${page}: an annotation that is not a dictionary`);
      return;
    }
    const subtype = nameOf(annot["/Subtype"]) ?? "?";
    const where = `page ${page}: ${subtype} annotation`;
    if (["3D", "Sound", "Screen", "Movie"].includes(subtype)) {
      this.add("6.3.1", `${where} is not allowed`);
    }
    if (subtype !== "Popup") {
      const flags = this.number(annot["/F"]);
      if (flags === undefined) this.add("6.3.2", `${where} has no /F`);
      else {
        if (!(flags & 4)) this.add("6.3.2", `${where} does not have the print flag`);
        if (flags & (1 | 2 | 32 | 256)) {
          this.add("6.3.2", `${where} is invisible, hidden or not viewable (F ${flags})`);
        }
      }
    }
    const rect = (this.array(annot["/Rect"]) ?? []).map((v) => this.number(v) ?? 0);
    const empty = rect.length === 4 && rect[0] === rect[2] && rect[1] === rect[3];
    const ap = this.dict(annot["/AP"]);
    if (!ap && !["Popup", "Link"].includes(subtype) && !empty) {
      this.add("6.3.3", `${where} has no appearance stream`);
    }
    if (ap) {
      if (Object.keys(ap).some((k) => k !== "/N")) {
        this.add("6.3.3", `${where}'s appearance dictionary has more than /N`);
      }
      const normal = this.target(ap["/N"]);
      if (!normal.dict) {
        const isButton = subtype === "Widget" && this.dict(annot["/Parent"])?.["/FT"] === "/Btn";
        if (!(isButton || annot["/FT"] === "/Btn")) {
          this.add("6.3.3", `${where}'s normal appearance is not a stream`);
        }
      } else {
        this.checkContent(
          normal.data ?? new Uint8Array(),
          this.dict(normal.dict["/Resources"]),
          `${where} appearance`,
          0,
        );
      }
    }
    if (subtype === "Widget" && ("/A" in annot || "/AA" in annot)) {
      this.add("6.4.1", `${where} has an action`);
    }
    const action = this.dict(annot["/A"]);
    if (action) this.checkAction(action, where);
  }

  /** 6.5.1: no forbidden action types (following /Next chains). */
  private checkAction(action: Dict, where: string, depth = 0): void {
    if (depth > 32) return;
    const type = nameOf(action["/S"]);
    if (type && FORBIDDEN_ACTIONS.has(type)) this.add("6.5.1", `${where}: a ${type} action`);
    if (type === "Named" && !ALLOWED_NAMED.has(nameOf(action["/N"]) ?? "")) {
      this.add("6.5.1", `${where}: a named action ${action["/N"]}`);
    }
    const next = action["/Next"];
    for (const n of this.array(next) ?? (next ? [next] : [])) {
      const d = this.dict(n);
      if (d) this.checkAction(d, where, depth + 1);
    }
  }

  /** 6.5.2 and 6.4.1 wherever an object carries additional actions; 6.5.1 for every /A. */
  private checkActionsEverywhere(): void {
    const visit = (v: Json | undefined, key: string, depth: number) => {
      if (depth > 64) return;
      if (Array.isArray(v)) { for (const item of v) visit(item, key, depth + 1); }
      else if (isDict(v)) {
        if ("/AA" in v) this.add("6.5.2", `object ${key} has /AA`);
        const a = isDict(v["/A"]) ? v["/A"] : undefined;
        if (a) this.checkAction(a, `object ${key}`);
        if (v["/Type"] === "/Action" || (typeof v["/S"] === "string" && "/JS" in v)) {
          this.checkAction(v, `object ${key}`);
        }
        for (const item of Object.values(v)) visit(item, key, depth + 1);
      }
    };
    for (const [key, obj] of this.doc.objects) visit(obj.dict ?? obj.value ?? null, key, 0);
  }

  /** Remembers device colour spaces a colour space value uses; checks ICC based ones. */
  private noteColourSpace(v: Json | undefined, where: string, depth = 0): void {
    if (depth > 8 || v === undefined) return;
    const name = nameOf(v);
    if (name) {
      if (["DeviceRGB", "DeviceCMYK", "DeviceGray", "RGB", "CMYK", "G"].includes(name)) {
        this.usedDevice.add(name.replace(/^(RGB|CMYK)$/, "Device$1").replace(/^G$/, "DeviceGray"));
      }
      return;
    }
    const array = this.array(v);
    if (!array) return;
    const family = nameOf(array[0]);
    if (family === "ICCBased") {
      const stream = this.target(array[1]);
      if (stream.dict && stream.data) this.checkIccProfile(stream.dict, stream.data, "6.2.4.2");
      else this.add("6.2.4.2", `${where}: ICCBased without a profile stream`);
    } else if (family === "Indexed") {
      this.noteColourSpace(array[1], where, depth + 1);
    } else if (family === "Separation" || family === "DeviceN") {
      this.noteColourSpace(array[2], where, depth + 1);
      const names = this.array(array[1]);
      if (family === "DeviceN" && names && names.length > 32) {
        this.add("6.1.13", `${where}: DeviceN with more than 32 colourants`);
      }
    } else if (family === "Pattern" && array[1] !== undefined) {
      this.noteColourSpace(array[1], where, depth + 1);
    }
  }

  /** 6.2.4.3: device colour only as the output intent allows. */
  private checkDeviceColour(): void {
    const space = this.outputIntentSpace;
    if (this.usedDevice.has("DeviceRGB") && space !== "RGB ") {
      this.add("6.2.4.3", "DeviceRGB is used without an RGB output intent");
    }
    if (this.usedDevice.has("DeviceCMYK") && space !== "CMYK") {
      this.add("6.2.4.3", "DeviceCMYK is used without a CMYK output intent");
    }
    if (this.usedDevice.has("DeviceGray") && !space) {
      this.add("6.2.4.3", "DeviceGray is used without a PDF/A output intent");
    }
  }

  /**
   * A content stream with its resources: colour operators, q nesting, text shown with each
   * font (glyphs present, widths consistent, no .notdef), and the XObjects it draws.
   */
  private checkContent(
    data: Uint8Array,
    resources: Dict | undefined,
    where: string,
    depth: number,
  ) {
    if (depth > 12) return;
    const fonts = this.dict(resources?.["/Font"]) ?? {};
    const xobjects = this.dict(resources?.["/XObject"]) ?? {};
    const spaces = this.dict(resources?.["/ColorSpace"]) ?? {};
    const states = this.dict(resources?.["/ExtGState"]) ?? {};
    for (const [key, state] of Object.entries(states)) this.checkGraphicsState(state, key, where);
    for (const [key, cs] of Object.entries(spaces)) this.noteColourSpace(cs, `${where} ${key}`);

    let font: FontInfo | undefined;
    let nesting = 0;
    let maxNesting = 0;
    const operands: Token[] = [];
    for (const token of tokenize(data)) {
      if (token.kind !== "op") {
        operands.push(token);
        continue;
      }
      switch (token.value) {
        case "q":
          maxNesting = Math.max(maxNesting, ++nesting);
          break;
        case "Q":
          nesting--;
          break;
        case "rg":
        case "RG":
          this.usedDevice.add("DeviceRGB");
          break;
        case "k":
        case "K":
          this.usedDevice.add("DeviceCMYK");
          break;
        case "g":
        case "G":
          this.usedDevice.add("DeviceGray");
          break;
        case "cs":
        case "CS": {
          const n = operands.at(-1);
          if (n?.kind === "name") {
            if (n.value.startsWith("Device")) this.usedDevice.add(n.value);
            else if (!(`/${n.value}` in spaces) && n.value !== "Pattern") {
              this.add("6.2.4", `${where}: colour space /${n.value} is not in the resources`);
            }
          }
          break;
        }
        case "ri": {
          const n = operands.at(-1);
          if (n?.kind === "name" && !INTENTS.has(n.value)) {
            this.add("6.2.5", `${where}: rendering intent ${n.value}`);
          }
          break;
        }
        case "Tf": {
          const n = operands.at(-2);
          if (n?.kind === "name") {
            font = this.fontInfo(fonts[`/${n.value}`], `${where} font /${n.value}`);
          }
          break;
        }
        case "Tj":
        case "'":
        case '"':
        case "TJ": {
          for (const op of operands) {
            const strings = op.kind === "array" ? op.items : [op];
            for (const s of strings) {
              if (s.kind === "string") this.checkShownText(s.bytes, font, where);
            }
          }
          break;
        }
        case "Do": {
          const n = operands.at(-1);
          if (n?.kind !== "name") break;
          const ref = xobjects[`/${n.value}`];
          const key = typeof ref === "string" ? ref : undefined;
          const x = this.target(ref);
          if (!x.dict) {
            this.add("6.1", `${where}: XObject /${n.value} is missing`);
          } else if (x.dict["/Subtype"] === "/Form" && !(key && this.visitedContent.has(key))) {
            if (key) this.visitedContent.add(key);
            this.checkContent(
              x.data ?? new Uint8Array(),
              this.dict(x.dict["/Resources"]) ?? resources,
              `${where} form /${n.value}`,
              depth + 1,
            );
          }
          break;
        }
        case "ID": {
          // Inline image: its dictionary's entries are the operands since BI.
          for (let i = 0; i + 1 < operands.length; i++) {
            const key = operands[i]!;
            const value = operands[i + 1]!;
            if (key.kind === "name" && (key.value === "CS" || key.value === "ColorSpace")) {
              if (value.kind === "name") {
                const named = spaces[`/${value.value}`];
                this.noteColourSpace(named ?? `/${value.value}`, `${where} inline image`);
              }
            }
          }
          break;
        }
      }
      operands.length = 0;
    }
    if (maxNesting > 28) this.add("6.1.13", `${where}: q nesting deeper than 28`);
  }

  private checkGraphicsState(v: Json, key: string, where: string): void {
    const gs = this.dict(v);
    if (!gs) return;
    if ("/TR" in gs) this.add("6.2.5", `${where} ${key}: graphics state with /TR`);
    if ("/TR2" in gs && gs["/TR2"] !== "/Default") {
      this.add("6.2.5", `${where} ${key}: graphics state with /TR2`);
    }
    if ("/HTP" in gs) this.add("6.2.5", `${where} ${key}: graphics state with /HTP`);
    const ri = nameOf(gs["/RI"]);
    if (ri && !INTENTS.has(ri)) this.add("6.2.5", `${where} ${key}: rendering intent ${ri}`);
    for (const bm of [gs["/BM"]].flat()) {
      const mode = nameOf(bm as Json);
      if (mode && !BLEND_MODES.has(mode)) this.add("6.2.10", `${where} ${key}: blend mode ${mode}`);
    }
  }

  /** 6.2.11.2–6.2.11.3: the font's type and embedding; its program for glyph checks. */
  private fontInfo(ref: Json | undefined, where: string): FontInfo | undefined {
    const font = this.dict(ref);
    if (!font) {
      this.add("6.2.11", `${where} is missing`);
      return undefined;
    }
    const subtype = nameOf(font["/Subtype"]);
    if (subtype === "Type3") return { kind: "type3" };
    if (subtype === "Type0") {
      const encoding = font["/Encoding"];
      const cmapName = nameOf(encoding);
      if (cmapName !== undefined && !PREDEFINED_CMAPS.test(cmapName)) {
        this.add("6.2.11.3", `${where}: CMap ${cmapName} is neither predefined nor embedded`);
      }
      const descendant = this.dict(this.array(font["/DescendantFonts"])?.[0]);
      if (!descendant) {
        this.add("6.2.11", `${where}: a Type0 font without a descendant font`);
        return undefined;
      }
      const descriptor = this.dict(descendant["/FontDescriptor"]);
      const cidType = nameOf(descendant["/Subtype"]);
      if (cidType === "CIDFontType2") {
        const map = descendant["/CIDToGIDMap"];
        if (map === undefined) this.add("6.2.11.3", `${where}: CIDFontType2 without CIDToGIDMap`);
        if (!descriptor?.["/FontFile2"]) {
          this.add("6.2.11.4", `${where}: CIDFontType2 program is not embedded (FontFile2)`);
          return undefined;
        }
        const program = this.program(descriptor["/FontFile2"]);
        return {
          kind: "cid2",
          identity: map === "/Identity",
          program,
          widths: cidWidths(descendant, (v) => this.array(v), (v) => this.number(v)),
          dw: this.number(descendant["/DW"]) ?? 1000,
          twoByte: cmapName !== undefined && /-H$|-V$/.test(cmapName),
          unicode: toUnicodeMap(this.target(font["/ToUnicode"]).data),
        };
      }
      if (!descriptor?.["/FontFile3"] && !descriptor?.["/FontFile"]) {
        this.add("6.2.11.4", `${where}: ${cidType} program is not embedded`);
      }
      return { kind: "other" };
    }
    const descriptor = this.dict(font["/FontDescriptor"]);
    if (!descriptor || !["/FontFile", "/FontFile2", "/FontFile3"].some((k) => k in descriptor)) {
      this.add("6.2.11.4", `${where}: ${subtype} font ${font["/BaseFont"]} is not embedded`);
    }
    return { kind: "other" };
  }

  private program(ref: Json | undefined): FontProgram | null {
    const key = JSON.stringify(ref);
    if (!this.fontPrograms.has(key)) {
      const data = this.target(ref).data;
      let program: FontProgram | null = null;
      try {
        program = data ? readTrueType(data) : null;
      } catch {
        program = null;
      }
      if (!program) this.add("6.2.11.4", `a FontFile2 program (${key}) does not parse`);
      this.fontPrograms.set(key, program);
    }
    return this.fontPrograms.get(key)!;
  }

  /**
   * 6.2.11.4 (glyphs defined), 6.2.11.5 (widths consistent), 6.2.11.8 (no .notdef, nor a copy
   * of it: a glyph with .notdef's outline, or an empty one for a character that draws something,
   * is a missing glyph by another number).
   */
  private checkShownText(bytes: Uint8Array, font: FontInfo | undefined, where: string): void {
    if (!font) {
      if (bytes.length > 0) this.add("6.2.11", `${where}: text shown without a font`);
      return;
    }
    if (font.kind !== "cid2" || !font.program || !font.identity || !font.twoByte) return;
    for (let i = 0; i + 1 < bytes.length; i += 2) {
      const cid = (bytes[i]! << 8) | bytes[i + 1]!;
      if (cid === 0) {
        this.add("6.2.11.8", `${where}: text refers to the .notdef glyph`);
        continue;
      }
      if (cid >= font.program.numGlyphs) {
        this.add("6.2.11.4", `${where}: glyph ${cid} is not in the embedded program`);
        continue;
      }
      const outline = font.program.outline(cid);
      const text = font.unicode.get(cid) ?? "";
      const notdef = font.program.outline(0);
      if (notdef.length > 0 && sameBytes(outline, notdef)) {
        this.add("6.2.11.8", `${where}: glyph ${cid} (${text}) is a copy of .notdef`);
      } else if (outline.length === 0 && !BLANK.test(text)) {
        this.add("6.2.11.8", `${where}: glyph ${cid} (${text}) has no outline (an empty copy)`);
      }
      const declared = font.widths.get(cid) ?? font.dw;
      const actual = font.program.advance(cid);
      if (Math.abs(declared - actual) > 1) {
        this.add(
          "6.2.11.5",
          `${where}: glyph ${cid} is ${declared} wide in /W, ${actual} in the font`,
        );
      }
    }
  }

  /** 6.6: the XMP packet, pdfaid, Info consistency, extension schemas. */
  private checkMetadata(catalog: Dict): void {
    const stream = this.target(catalog["/Metadata"]);
    if (!stream.dict || !stream.data) {
      this.add("6.6.2.1", "the catalog has no metadata stream");
      return;
    }
    if (stream.dict["/Type"] !== "/Metadata" || stream.dict["/Subtype"] !== "/XML") {
      this.add("6.6.2.1", "the metadata stream is not /Type /Metadata /Subtype /XML");
    }
    if ("/Filter" in stream.dict) this.add("6.6.2.1", "the metadata stream is filtered");
    let xmp: string;
    try {
      xmp = new TextDecoder("utf-8", { fatal: true }).decode(stream.data);
    } catch {
      this.add("6.6.2.1", "the metadata stream is not UTF-8");
      return;
    }
    this.xmp = xmp;
    const header = xmp.match(/<\?xpacket begin=[^?]*\?>/)?.[0];
    if (!header) this.add("6.6.2.1", "no xpacket header");
    else if (/\b(bytes|encoding)=/.test(header)) {
      this.add("6.6.2.1", "the xpacket header has a bytes or encoding attribute");
    }
    let root: XmlElement;
    try {
      root = parseXml(xmp.replace(/<\?xpacket[^?]*\?>/g, ""));
    } catch (e) {
      this.add("6.6.2.1", `the XMP is not well-formed XML: ${(e as Error).message}`);
      return;
    }
    const properties = xmpProperties(root);
    const value = (ns: string, local: string) =>
      properties.find((p) => p.ns === ns && p.local === local)?.value;
    const PDFAID = "http://www.aiim.org/pdfa/ns/id/";
    if (value(PDFAID, "part") !== "2") this.add("6.6.4", "pdfaid:part is not 2");
    if (value(PDFAID, "conformance") !== "B") this.add("6.6.4", "pdfaid:conformance is not B");

    const DC = "http://purl.org/dc/elements/1.1/";
    const XMP = "http://ns.adobe.com/xap/1.0/";
    const PDF = "http://ns.adobe.com/pdf/1.3/";
    const pairs: [string, string | undefined, boolean][] = [
      ["Title", value(DC, "title"), false],
      ["Producer", value(PDF, "Producer"), false],
      ["Creator", value(XMP, "CreatorTool"), false],
      ["Keywords", value(PDF, "Keywords"), false],
      ["Subject", value(DC, "description"), false],
      ["Author", value(DC, "creator"), false],
      ["CreationDate", value(XMP, "CreateDate"), true],
      ["ModDate", value(XMP, "ModifyDate"), true],
    ];
    for (const [key, xmpValue, isDate] of pairs) {
      const infoValue = this.info[key];
      if (infoValue === undefined) continue;
      const same = isDate
        ? pdfDateMs(infoValue) !== undefined && pdfDateMs(infoValue) === Date.parse(xmpValue ?? "")
        : infoValue === xmpValue;
      if (!same) {
        this.add("6.6.3", `Info ${key} "${infoValue}" differs from the XMP's "${xmpValue}"`);
      }
    }
    if (value(DC, "title") === undefined) this.add("6.6", "the XMP has no dc:title");

    const described = describedProperties(root);
    for (const p of properties) {
      if (PREDEFINED_NAMESPACES.has(p.ns) || p.ns === RDF) continue;
      const schema = described.get(p.ns);
      if (!schema) {
        this.add("6.6.2.3", `property ${p.prefix}:${p.local} has no extension schema (${p.ns})`);
      } else if (!schema.has(p.local)) {
        this.add("6.6.2.3", `property ${p.prefix}:${p.local} is not described in its schema`);
      }
    }
  }
}

interface FontProgram {
  numGlyphs: number;
  advance(gid: number): number;
  /** The glyph's outline bytes in 'glyf' (empty for a glyph without contours). */
  outline(gid: number): Uint8Array;
}

type FontInfo =
  | { kind: "type3" | "other" }
  | {
    kind: "cid2";
    identity: boolean;
    program: FontProgram | null;
    widths: Map<number, number>;
    dw: number;
    twoByte: boolean;
    /** ToUnicode: the text of each CID. */
    unicode: Map<number, string>;
  };

/** Advance widths (1/1000 em) of a TrueType program, from head, hhea, maxp and hmtx. */
function readTrueType(data: Uint8Array): FontProgram {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const tables = new Map<string, number>();
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const rec = 12 + i * 16;
    tables.set(String.fromCharCode(...data.subarray(rec, rec + 4)), view.getUint32(rec + 8));
  }
  const need = (tag: string) => {
    const at = tables.get(tag);
    if (at === undefined) throw new Error(`no ${tag} table`);
    return at;
  };
  const unitsPerEm = view.getUint16(need("head") + 18);
  const numberOfHMetrics = view.getUint16(need("hhea") + 34);
  const numGlyphs = view.getUint16(need("maxp") + 4);
  const hmtx = need("hmtx");
  const longLoca = view.getInt16(need("head") + 50) === 1;
  const loca = need("loca");
  const glyf = need("glyf");
  const offset = (gid: number) =>
    longLoca ? view.getUint32(loca + gid * 4) : view.getUint16(loca + gid * 2) * 2;
  return {
    numGlyphs,
    advance(gid: number) {
      const raw = view.getUint16(hmtx + Math.min(gid, numberOfHMetrics - 1) * 4);
      return Math.round((raw * 1000) / unitsPerEm);
    },
    outline(gid: number) {
      return data.subarray(glyf + offset(gid), glyf + offset(gid + 1));
    },
  };
}

/** The bfchar and bfrange entries of a ToUnicode CMap: CID → text. */
function toUnicodeMap(data: Uint8Array | undefined): Map<number, string> {
  const map = new Map<number, string>();
  if (!data) return map;
  const source = new TextDecoder("latin1").decode(data);
  const text = (hex: string) => {
    const units: number[] = [];
    for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
    return String.fromCharCode(...units);
  };
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, cid, dst] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      map.set(parseInt(cid!, 16), text(dst!));
    }
  }
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const ranges = block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g);
    for (const [, lo, hi, dst] of ranges) {
      const first = parseInt(dst!, 16);
      for (let c = parseInt(lo!, 16); c <= parseInt(hi!, 16); c++) {
        map.set(c, String.fromCharCode(first + c - parseInt(lo!, 16)));
      }
    }
  }
  return map;
}

/** Characters that draw nothing, so a glyph without contours is right for them. */
const BLANK = /^[\s\p{Cf}\p{Cc}]*$/u;

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** A CIDFont's /W array as a map from CID to width. */
function cidWidths(
  font: Dict,
  array: (v: Json | undefined) => Json[] | undefined,
  number: (v: Json | undefined) => number | undefined,
): Map<number, number> {
  const widths = new Map<number, number>();
  const w = array(font["/W"]) ?? [];
  for (let i = 0; i < w.length;) {
    const first = number(w[i]);
    const next = w[i + 1];
    const list = array(next);
    if (first === undefined) break;
    if (list) {
      list.forEach((v, k) => widths.set(first + k, number(v) ?? 0));
      i += 2;
    } else {
      const last = number(next) ?? first;
      const width = number(w[i + 2]) ?? 0;
      for (let c = first; c <= last && c - first < 65536; c++) widths.set(c, width);
      i += 3;
    }
  }
  return widths;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length + 1, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    out[at + p.length] = 0x0a;
    at += p.length + 1;
  }
  return out;
}

function iccClass(data: Uint8Array): string {
  return String.fromCharCode(...data.subarray(12, 16));
}

function pdfDateMs(s: string): number | undefined {
  const m = s.match(
    /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(?:(\d{2})'?(?:(\d{2})'?)?)?)?$/,
  );
  if (!m) return undefined;
  const n = (i: number, d: number) => (m[i] === undefined ? d : Number(m[i]));
  const offset = m[7] === "+" || m[7] === "-"
    ? (m[7] === "-" ? -1 : 1) * (n(8, 0) * 60 + n(9, 0))
    : 0;
  return Date.UTC(n(1, 0), n(2, 1) - 1, n(3, 1), n(4, 0), n(5, 0), n(6, 0)) - offset * 60_000;
}

// ---------------------------------------------------------------------------------------------
// Content stream tokens

type Token =
  | { kind: "op"; value: string }
  | { kind: "name"; value: string }
  | { kind: "number"; value: number }
  | { kind: "string"; bytes: Uint8Array }
  | { kind: "array"; items: Token[] }
  | { kind: "other" };

const WHITE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set("()<>[]{}/%".split("").map((c) => c.charCodeAt(0)));

/** The tokens of a content stream; inline image data is skipped. */
function* tokenize(data: Uint8Array): Generator<Token> {
  let p = 0;
  const n = data.length;
  const stack: Token[][] = [];
  const emit = function* (t: Token): Generator<Token> {
    if (stack.length > 0) stack.at(-1)!.push(t);
    else yield t;
  };
  while (p < n) {
    const c = data[p]!;
    if (WHITE.has(c)) {
      p++;
    } else if (c === 0x25) {
      while (p < n && data[p] !== 0x0a && data[p] !== 0x0d) p++;
    } else if (c === 0x28) {
      const out: number[] = [];
      let depth = 1;
      p++;
      while (p < n && depth > 0) {
        const b = data[p++]!;
        if (b === 0x5c) {
          const e = data[p++]!;
          const simple: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
          if (simple[e] !== undefined) out.push(simple[e]!);
          else if (e >= 0x30 && e <= 0x37) {
            let v = e - 0x30;
            for (let k = 0; k < 2 && data[p]! >= 0x30 && data[p]! <= 0x37; k++) {
              v = v * 8 + data[p++]! - 0x30;
            }
            out.push(v & 0xff);
          } else if (e === 0x0d || e === 0x0a) {
            if (e === 0x0d && data[p] === 0x0a) p++;
          } else out.push(e);
        } else {
          if (b === 0x28) depth++;
          if (b === 0x29 && --depth === 0) break;
          out.push(b);
        }
      }
      yield* emit({ kind: "string", bytes: Uint8Array.from(out) });
    } else if (c === 0x3c && data[p + 1] === 0x3c) {
      // An inline dictionary (marked content properties): skip to its end.
      let depth = 0;
      while (p < n) {
        if (data[p] === 0x3c && data[p + 1] === 0x3c) {
          depth++;
          p += 2;
        } else if (data[p] === 0x3e && data[p + 1] === 0x3e) {
          depth--;
          p += 2;
          if (depth === 0) break;
        } else p++;
      }
      yield* emit({ kind: "other" });
    } else if (c === 0x3c) {
      let hex = "";
      p++;
      while (p < n && data[p] !== 0x3e) {
        if (!WHITE.has(data[p]!)) hex += String.fromCharCode(data[p]!);
        p++;
      }
      p++;
      if (hex.length % 2) hex += "0";
      const bytes = Uint8Array.from(
        { length: hex.length / 2 },
        (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16),
      );
      yield* emit({ kind: "string", bytes });
    } else if (c === 0x5b) {
      stack.push([]);
      p++;
    } else if (c === 0x5d) {
      const items = stack.pop() ?? [];
      p++;
      yield* emit({ kind: "array", items });
    } else if (c === 0x2f) {
      let s = "";
      p++;
      while (p < n && !WHITE.has(data[p]!) && !DELIMITERS.has(data[p]!)) {
        s += String.fromCharCode(data[p++]!);
      }
      yield* emit({
        kind: "name",
        value: s.replace(/#([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16))),
      });
    } else {
      let s = "";
      while (p < n && !WHITE.has(data[p]!) && !DELIMITERS.has(data[p]!)) {
        s += String.fromCharCode(data[p++]!);
      }
      if (s === "") {
        p++;
        continue;
      }
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(s)) yield* emit({ kind: "number", value: Number(s) });
      else if (s === "true" || s === "false" || s === "null") yield* emit({ kind: "other" });
      else {
        yield { kind: "op", value: s };
        if (s === "ID") {
          // Inline image data runs to whitespace, "EI", whitespace.
          p++;
          while (
            p < n && !(WHITE.has(data[p - 1]!) && data[p] === 0x45 && data[p + 1] === 0x49 &&
              (p + 2 >= n || WHITE.has(data[p + 2]!)))
          ) p++;
          p += 2;
          yield { kind: "op", value: "EI" };
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// XMP

const RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#";

interface XmlElement {
  name: string;
  attrs: Map<string, string>;
  children: XmlElement[];
  text: string;
  /** Namespace declarations in scope, prefix to URI. */
  scope: Map<string, string>;
}

/** A strict little XML parser: balanced tags, quoted attributes, known entities. */
function parseXml(source: string): XmlElement {
  const top: XmlElement = {
    name: "#root",
    attrs: new Map(),
    children: [],
    text: "",
    scope: new Map(),
  };
  const stack = [top];
  const tag =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<|([^<]+)/g;
  let m: RegExpExecArray | null;
  while ((m = tag.exec(source))) {
    const [whole, closing, name, attrText, selfClosing, text] = m;
    const current = stack.at(-1)!;
    if (text !== undefined) {
      current.text += decodeEntities(text);
      continue;
    }
    if (whole.startsWith("<!--") || whole.startsWith("<?")) continue;
    if (!name) throw new Error(`stray '<' at ${m.index}`);
    if (closing) {
      if (current.name !== name) throw new Error(`</${name}> closes <${current.name}>`);
      stack.pop();
      continue;
    }
    const attrs = new Map<string, string>();
    for (const a of attrText!.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      if (attrs.has(a[1]!)) throw new Error(`attribute ${a[1]} twice`);
      attrs.set(a[1]!, decodeEntities(a[2] ?? a[3] ?? ""));
    }
    const scope = new Map(current.scope);
    for (const [k, v] of attrs) if (k.startsWith("xmlns:")) scope.set(k.slice(6), v);
    const element: XmlElement = { name: name!, attrs, children: [], text: "", scope };
    current.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is not closed`);
  const roots = top.children;
  if (roots.length !== 1) throw new Error("not exactly one root element");
  return top;
}

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);|&/g, (whole, entity: string | undefined) => {
    if (!entity) throw new Error("a bare '&'");
    const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
    if (entity.startsWith("#x")) return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith("#")) return String.fromCodePoint(Number(entity.slice(1)));
    if (named[entity] === undefined) throw new Error(`unknown entity ${whole}`);
    return named[entity]!;
  });
}

interface XmpProperty {
  ns: string;
  prefix: string;
  local: string;
  value: string | undefined;
}

function all(element: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const child of element.children) {
    if (child.name === name) out.push(child);
    all(child, name, out);
  }
  return out;
}

/** Top-level properties: children (and attributes) of every rdf:Description. */
function xmpProperties(root: XmlElement): XmpProperty[] {
  const out: XmpProperty[] = [];
  const resolveName = (el: XmlElement, qname: string) => {
    const [prefix, local] = qname.includes(":") ? qname.split(":", 2) : ["", qname];
    return { ns: el.scope.get(prefix!) ?? "", prefix: prefix!, local: local! };
  };
  for (const description of all(root, "rdf:Description")) {
    for (const [key, value] of description.attrs) {
      if (key.startsWith("xmlns") || key.startsWith("rdf:") || key.startsWith("xml:")) continue;
      out.push({ ...resolveName(description, key), value });
    }
    for (const child of description.children) {
      const li = all(child, "rdf:li")[0];
      out.push({ ...resolveName(child, child.name), value: (li ?? child).text.trim() });
    }
  }
  return out;
}

/** Extension schemas: namespace URI to the property names they describe. */
function describedProperties(root: XmlElement): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const schemas of all(root, "pdfaExtension:schemas")) {
    for (
      const schema of all(schemas, "rdf:li").filter((li) =>
        li.children.some((c) => c.name === "pdfaSchema:namespaceURI")
      )
    ) {
      const field = (name: string) => schema.children.find((c) => c.name === name)?.text.trim();
      const uri = field("pdfaSchema:namespaceURI");
      if (!uri || !field("pdfaSchema:prefix") || !field("pdfaSchema:schema")) continue;
      const names = new Set<string>();
      for (const property of all(schema, "rdf:li")) {
        const get = (name: string) => property.children.find((c) => c.name === name)?.text.trim();
        const propertyName = get("pdfaProperty:name");
        const complete = get("pdfaProperty:valueType") &&
          ["internal", "external"].includes(get("pdfaProperty:category") ?? "") &&
          get("pdfaProperty:description");
        if (propertyName && complete) names.add(propertyName);
      }
      out.set(uri, names);
    }
  }
  return out;
}
