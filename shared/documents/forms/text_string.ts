/**
 * PDF text strings (ISO 32000-2, 7.9.2.2): UTF-16BE after a byte order mark (what every tool
 * writes for non-Latin text), UTF-8 after its mark (PDF 2.0), otherwise PDFDocEncoding, which
 * is ISO 8859-1 except for the typographic characters in 0x18–0x1F and 0x80–0xA0.
 */

const PDF_DOC_ENCODING: Record<number, number> = {
  0x18: 0x02d8,
  0x19: 0x02c7,
  0x1a: 0x02c6,
  0x1b: 0x02d9,
  0x1c: 0x02dd,
  0x1d: 0x02db,
  0x1e: 0x02da,
  0x1f: 0x02dc,
  0x80: 0x2022,
  0x81: 0x2020,
  0x82: 0x2021,
  0x83: 0x2026,
  0x84: 0x2014,
  0x85: 0x2013,
  0x86: 0x0192,
  0x87: 0x2044,
  0x88: 0x2039,
  0x89: 0x203a,
  0x8a: 0x2212,
  0x8b: 0x2030,
  0x8c: 0x201e,
  0x8d: 0x201c,
  0x8e: 0x201d,
  0x8f: 0x2018,
  0x90: 0x2019,
  0x91: 0x201a,
  0x92: 0x2122,
  0x93: 0xfb01,
  0x94: 0xfb02,
  0x95: 0x0141,
  0x96: 0x0152,
  0x97: 0x0160,
  0x98: 0x0178,
  0x99: 0x017d,
  0x9a: 0x0131,
  0x9b: 0x0142,
  0x9c: 0x0153,
  0x9d: 0x0161,
  0x9e: 0x017e,
  0xa0: 0x20ac,
};

const utf16 = new TextDecoder("utf-16be");
const utf8 = new TextDecoder("utf-8");

/**
 * The text of a string object's bytes. NUL characters are dropped (no form value means one, and
 * PostgreSQL's jsonb cannot store them); malformed UTF-16 or UTF-8 becomes U+FFFD.
 */
export function decodeTextString(bytes: Uint8Array): string {
  let text: string;
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    // Language tags (ESC lang ESC) may sit inside UTF-16 text; they are not part of it.
    text = stripLanguageTags(utf16.decode(bytes.subarray(2)));
  } else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    text = utf8.decode(bytes.subarray(3));
  } else {
    text = "";
    for (let i = 0; i < bytes.length; i += 4096) {
      const chunk = bytes.subarray(i, Math.min(bytes.length, i + 4096));
      text += String.fromCharCode(...Array.from(chunk, (b) => PDF_DOC_ENCODING[b] ?? b));
    }
  }
  return text.includes("\u0000") ? text.replaceAll("\u0000", "") : text;
}

const ESC = "\u001b";

function stripLanguageTags(text: string): string {
  let out = text;
  for (let at = out.indexOf(ESC); at >= 0; at = out.indexOf(ESC, at)) {
    const end = out.indexOf(ESC, at + 1);
    if (end < 0) break;
    out = out.slice(0, at) + out.slice(end + 1);
  }
  return out;
}
