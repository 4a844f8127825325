/**
 * The search key of a party name: ASCII upper case and the accented Latin letters of Latin-1
 * and Latin Extended-A folded to plain lower-case letters (ß → ss, æ → ae, œ → oe, þ → th,
 * ĳ → ij). Other characters are kept as they are.
 *
 * The migration's SQL function `party_name_key` applies the same table (FROM, TO and MULTI are
 * copied there, and a test keeps the two equal), so the service folds a query exactly as the
 * database folded the names, on PostgreSQL and PGlite alike, whatever the database's locale.
 */
export const FOLD_FROM =
  "ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïðñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģ" +
  "ĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĸĹĺĻļĽľĿŀŁłŃńŅņŇňŉŊŋŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſ" +
  "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
export const FOLD_TO =
  "aaaaaaceeeeiiiidnoooooouuuuyaaaaaaceeeeiiiidnoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggg" +
  "hhhhiiiiiiiiiijjkkkllllllllllnnnnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs" +
  "abcdefghijklmnopqrstuvwxyz";
export const FOLD_MULTI: readonly (readonly [string, string])[] = [
  ["Æ", "ae"],
  ["Þ", "th"],
  ["ß", "ss"],
  ["æ", "ae"],
  ["þ", "th"],
  ["Ĳ", "ij"],
  ["ĳ", "ij"],
  ["Œ", "oe"],
  ["œ", "oe"],
];

const TABLE = new Map<string, string>();
for (const [from, to] of FOLD_MULTI) TABLE.set(from, to);
{
  const from = [...FOLD_FROM];
  const to = [...FOLD_TO];
  if (from.length !== to.length) throw new Error("fold table: FROM and TO differ in length");
  from.forEach((ch, i) => TABLE.set(ch, to[i]!));
}

/** The folded form of a name or query, as `party_name_key` computes it in SQL. */
export function foldName(text: string): string {
  let out = "";
  for (const ch of text) out += TABLE.get(ch) ?? ch;
  return out;
}
