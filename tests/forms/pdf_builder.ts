/**
 * Small hand-built PDFs for the form reader's tests: plain objects, a classic cross-reference
 * table, and an AcroForm whose field tree follows the dotted names (as the engine writes it).
 * Each test can then bend one thing: a value's encoding, an inherited entry, a broken offset,
 * an incremental update, an /Encrypt entry.
 */

const encoder = new TextEncoder();

/** A PDF file of objects 1..n (their source, without `n 0 obj`), with a classic xref. */
export function buildPdf(objects: string[], trailer: string, header = "%PDF-1.7\n"): Uint8Array {
  let out = header + "%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((source, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${source}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} ${trailer} >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1Bytes(out);
}

/**
 * Appends an incremental update replacing objects (by number) of a file `buildPdf` made, with
 * a cross-reference section that points back at the previous one.
 */
export function appendUpdate(
  file: Uint8Array,
  replaced: Record<number, string>,
  trailer: string,
): Uint8Array {
  const previous = latin1(file);
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(previous)![1]);
  let out = previous;
  const offsets: [number, number][] = [];
  for (const [num, source] of Object.entries(replaced)) {
    offsets.push([Number(num), out.length]);
    out += `${num} 0 obj\n${source}\nendobj\n`;
  }
  const xref = out.length;
  out += "xref\n";
  for (const [num, offset] of offsets) {
    out += `${num} 1\n${String(offset).padStart(10, "0")} 00000 n \n`;
  }
  out += `trailer\n<< ${trailer} /Prev ${prev} >>\nstartxref\n${xref}\n%%EOF\n`;
  return latin1Bytes(out);
}

export interface TestField {
  /** Fully qualified name; dots become levels of the field tree. */
  name: string;
  /** The /V entry as PDF source (`(text)`, `<FEFF…>`), or absent. */
  value?: string;
  /** /FT; default Tx. */
  type?: string;
}

/**
 * A one-page PDF whose AcroForm holds `fields` as a field tree. Object 1 is the catalog,
 * 4 the AcroForm; fields follow from object 5 on.
 */
export function formPdf(
  fields: TestField[],
  options: { trailer?: string; acroFormExtra?: string } = {},
): Uint8Array {
  interface Node {
    partial: string;
    children: Map<string, Node>;
    field?: TestField;
  }
  const roots = new Map<string, Node>();
  for (const field of fields) {
    let level = roots;
    let node: Node | undefined;
    for (const part of field.name.split(".")) {
      node = level.get(part);
      if (!node) {
        node = { partial: part, children: new Map() };
        level.set(part, node);
      }
      level = node.children;
    }
    node!.field = field;
  }
  const objects: string[] = [
    "<< /Type /Catalog /Pages 2 0 R /AcroForm 4 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "", // the page, once its annotations are known
    "", // the AcroForm, once its fields are known
  ];
  const widgets: number[] = [];
  const write = (node: Node, parent: number | null): number => {
    objects.push("");
    const num = objects.length;
    const parentEntry = parent === null ? "" : ` /Parent ${parent} 0 R`;
    if (node.children.size > 0) {
      const kids = [...node.children.values()].map((child) => write(child, num));
      objects[num - 1] = `<< /T ${pdfText(node.partial)}${parentEntry} /Kids [${
        kids.map((k) => `${k} 0 R`).join(" ")
      }] >>`;
    } else {
      const f = node.field!;
      widgets.push(num);
      objects[num - 1] = `<< /FT /${f.type ?? "Tx"} /T ${pdfText(node.partial)}${parentEntry}` +
        `${f.value === undefined ? "" : ` /V ${f.value}`} /Type /Annot /Subtype /Widget ` +
        `/Rect [0 0 100 20] /P 3 0 R >>`;
    }
    return num;
  };
  const top = [...roots.values()].map((node) => write(node, null));
  objects[2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Annots [${
    widgets.map((w) => `${w} 0 R`).join(" ")
  }] >>`;
  objects[3] = `<< /Fields [${top.map((t) => `${t} 0 R`).join(" ")}] ${
    options.acroFormExtra ?? ""
  } >>`;
  return buildPdf(objects, `/Root 1 0 R ${options.trailer ?? ""}`);
}

/** A PDF literal string for ASCII, a UTF-16BE hex string with a byte order mark otherwise. */
export function pdfText(s: string): string {
  if (/^[\x20-\x7e]*$/.test(s)) return `(${s.replace(/[\\()]/g, "\\$&")})`;
  let hex = "<FEFF";
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, "0");
  return hex + ">";
}

export function latin1(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) {
    s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  }
  return s;
}

export function latin1Bytes(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i) & 0xff;
  return out;
}

export function utf8(s: string): Uint8Array {
  return encoder.encode(s);
}
