import { matchLabelText } from "./labels.ts";

/**
 * Notes on a line item: a "Label: value" line under a description ("Origin: GERMANY",
 * "HS code: 8482.10", "原产地：中国") says something about the item and is not part of its
 * description; an HS code standing alone as a note's value is the item's HS code.
 */
/** "Origin: GERMANY", "HS code: 8482.10", "原产地：中国": a label, a colon, a value. */
const NOTE = /^([\p{L}][\p{L}\p{M} .'’/()-]{0,40}?)\s*[:：]\s*(\S.*)$/u;
/**
 * A reference without a colon ("Order 40699", "Lot 98816", "注文 23265"), or a shipment's count
 * ("Shipment 1 of 1", "Envío 1/1"): one word and a number of four digits or more, or of a
 * count, the whole line. A description's words run on as words ("steel case"), or as a size or
 * model with its unit ("32208", "120 g"), not as a word and a bare long number.
 */
const REFERENCE =
  /^(?:\p{Lu}\p{L}{1,11}\.?\s+|[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー]{1,6}\s*)(?:n[o°º]\.?\s*)?#?(?:\d{4,}|\d{1,3}\s*(?:\/|\p{Ll}{1,4})\s*\d{1,3})$/u;

/** A line that is a reference alone (see REFERENCE). */
export function isReferenceText(text: string): boolean {
  return REFERENCE.test(text.trim());
}
/**
 * A CJK note whose colon a scan lost ("原産国 JAPAN" for "原産国: JAPAN"): a label the
 * vocabulary knows, then a value in Latin capitals.
 */
const CJK_LABEL_VALUE = /^([\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー]{2,8})\s+\p{Lu}[\p{Lu} ]*$/u;
/** An HS code alone: 4 digits, then pairs, dots or spaces between (6 to 10 digits in all). */
const HS_ALONE = /^\d{4}(?:[.\s]?\d{2}){1,3}$/;

export function noteOf(text: string): { hs?: string } | null {
  // A table's rule read as a bar before the note's label ("| Partida arancelaria: 848210").
  const t = text.trim().replace(/^\|\s*/, "");
  if (REFERENCE.test(t)) return {};
  const cjk = t.match(CJK_LABEL_VALUE);
  if (cjk && matchLabelText(cjk[1]!)?.rest === "") return {};
  const m = t.match(NOTE);
  if (!m) return null;
  const value = m[2]!.trim();
  return HS_ALONE.test(value) ? { hs: value } : {};
}

/** A note's label alone, its value on the next line: "Land van oorsprong / Origin:". */
const NOTE_LABEL = /^[\p{L}][\p{L}\p{M} .'’/()-]{0,40}?\s*[:：]\s*$/u;

export function isNoteLabel(text: string): boolean {
  return NOTE_LABEL.test(text.trim());
}

/**
 * A line that starts a note whose label runs on to the next line ("País de origen / Country
 * of" over "origin: ESPAÑA"): no colon of its own, it opens with a label the vocabulary knows,
 * and the two lines read as one note.
 */
export function isNoteHead(line: string, next: string): boolean {
  if (/[:：]/.test(line) || !noteOf(next)) return false;
  return matchLabelText(line) !== null && noteOf(`${line} ${next}`) !== null;
}

/** An HS code named at the end of a description's text ("… zinc plated HS 7318.22"). */
const HS_AT_END =
  /\s+(?:HS|H\.S\.|HTS|HSN|tariff|Zolltarif|SH|NC|TARIC)(?:[\s-]*(?:code|no\.?|nr\.?|number|nummer))?\s*[:：]?\s*(\d{4}(?:[.\s]?\d{2}){1,3})$/iu;
/** "… Origin: China", "… Country of origin: Viet Nam": a label, a colon and a short value. */
const NOTE_AT_END = /\s+([\p{L}][\p{L}\p{M} .'’/()-]{1,40}?)\s*[:：]\s*(\S+(?:\s+\S+){0,3})$/u;

/**
 * A note the description's cell ends with, on the description's own line or wrapped with it:
 * an HS code named as one, or a label the vocabulary knows, its colon and a short value. The
 * goods' text is what stands before it; an HS code in it is the item's.
 */
export function inlineNote(description: string): { text: string; hs?: string } | null {
  const hs = description.match(HS_AT_END);
  if (hs && hs.index! > 0) return { text: description.slice(0, hs.index).trim(), hs: hs[1]! };
  const note = description.match(NOTE_AT_END);
  if (!note || note.index! === 0) return null;
  // The label: the words of the match that the vocabulary reads as one, from the longest.
  const words = note[1]!.split(/\s+/);
  for (let k = 0; k < words.length; k++) {
    const label = words.slice(k).join(" ");
    if (matchLabelText(label)?.rest !== "") continue;
    const cut = description.lastIndexOf(label, description.length - note[2]!.length);
    const text = description.slice(0, cut).trim();
    if (text === "" || !/\p{L}/u.test(text)) return null;
    const value = note[2]!.trim();
    return HS_ALONE.test(value) ? { text, hs: value } : { text };
  }
  return null;
}
