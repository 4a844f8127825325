/** Text comparison helpers: labels and names are matched folded (case, accents, punctuation). */

/** Chinese and Japanese script, which is written without spaces between words. */
const CJK = "\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}ー々";
/** Where CJK text meets other letters or digits ("发票号码CN45171", "HS编码"). */
const SCRIPT_BOUNDARY = new RegExp(
  `(?<=[${CJK}])(?=[^${CJK}\\s])|(?<=[^${CJK}\\s])(?=[${CJK}])`,
  "gu",
);

/**
 * Traditional and Japanese forms of the characters of trade labels, to their simplified form:
 * OCR's Chinese data reads a Japanese "請求先" as "请求先", a form may write "發票" or "发票".
 * Text and vocabulary are both folded through it, so either form matches either.
 */
const CJK_VARIANTS = new Map(
  [..."伝传価价倉仓個个値值傳传價价別别則则務务區区協协単单啟启單单國国売卖実实實实島岛幣币広广庫库廠厂廣广從从應应戶户戸户據据數数書书會会東东條条検检業业様样標标樣样権权檢检權权決决浄净浜滨淨净済济漢汉濟济濱滨灣湾產产産产発发發发県县碼码稅税種种稱称積积簡简簽签紀纪納纳細细経经統统經经続续総总編编緯纬縣县總总續续華华處处號号術术裝装規规訂订計计託托記记許许証证話话認认語语請请證证議议讓让貨货買买費费貿贸賃赁資资賣卖購购車车載载輸输進进運运達达鄉乡鉄铁銷销錄录録录鎮镇鐵铁門门開开関关關关険险際际險险電电頁页項项額额類类顧顾験验驗验點点"
    .matchAll(/(.)(.)/gu)].map((m) => [m[1]!, m[2]!]),
);
const HAN = /\p{sc=Han}/gu;

/** Spaces between CJK characters, which forms set to spread a short header ("数 量"). */
const SPACED_CJK = new RegExp(`(?<=[${CJK}])[\\s\u3000]+(?=[${CJK}])`, "gu");

/**
 * Lower case, accents removed, ß → ss, ı → i, Chinese characters in their simplified form,
 * every run of non-letters/digits one space, and a space where CJK script meets other letters
 * or digits.
 */
export function fold(text: string): string {
  return text
    .replace(HAN, (c) => CJK_VARIANTS.get(c) ?? c)
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(/ß/g, "ss")
    .replace(/ı/g, "i")
    .toLowerCase()
    .replace(SPACED_CJK, "")
    .replace(SCRIPT_BOUNDARY, " ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A run of text cut where CJK script meets other letters, with each part's offset. */
export function scriptParts(run: string): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  let start = 0;
  for (const part of run.split(SCRIPT_BOUNDARY)) {
    out.push({ text: part, start });
    start += part.length;
  }
  return out;
}

export function foldedTokens(text: string): string[] {
  const f = fold(text);
  return f === "" ? [] : f.split(" ");
}

/** Spaces collapsed, trimmed, stray separators at the ends removed. */
export function clean(text: string): string {
  return text.replace(/\s+/g, " ").replace(/^[\s:;,#|–—-]+|[\s:;,|–—-]+$/g, "").trim();
}
