/**
 * The state of goods the query leaves unsaid. The tariff sorts meat, fish, dairy, vegetables and
 * fruit by their state (chapters 2-4, 7-8, and their preparations in 16 and 20): "Grapes; fresh",
 * "Grapes; dried", "Fish fillets; frozen", "Mushrooms …, prepared or preserved". A trader names
 * a state other than fresh when the goods are in it ("dried figs", "frozen peas", "canned
 * mushrooms"); unsaid, the goods are fresh. So in those chapters a code whose text states a
 * preparation the query does not name (and not "fresh" beside it: "fresh or dried") ranks below
 * those that state none: "red seedless table grapes" are 0806.10 (fresh), though the raisins'
 * line "Made from seedless grapes" names one word more.
 */

/**
 * The states of preparation these chapters name in their texts, as the texts write them; the
 * database reads them out of each code's text when it is stored (hs_state_words(), migration
 * 20261201002000), and a test keeps the two lists alike.
 */
export const STATES = [
  "dried",
  "frozen",
  "smoked",
  "salted",
  "brine",
  "preserved",
  "prepared",
  "cooked",
] as const;

/** Words typed that name a state in other words than the tariff's. */
const NAMES: Record<string, readonly string[]> = {
  dry: ["dried"],
  dehydrated: ["dried"],
  canned: ["preserved", "prepared"],
  tinned: ["preserved", "prepared"],
  jarred: ["preserved", "prepared"],
  pickled: ["preserved", "prepared", "brine"],
  cured: ["salted", "smoked", "dried"],
  boiled: ["cooked"],
  sweetened: ["preserved", "prepared"],
};

/** The chapters whose codes are sorted by their state. */
export const STATE_CHAPTERS = ["02", "03", "04", "07", "08", "16", "20"];

/**
 * The states of preparation the words typed name, as the texts write them (STATES), in their
 * order. A code whose text states one of them is the query's, though it state others too
 * ("potatoes, prepared or preserved …, frozen" for "frozen french fries"); with none named, one
 * that states any is not.
 */
export function statesNamed(typed: readonly string[]): string[] {
  const said = new Set(typed.flatMap((w) => [w, ...(NAMES[w] ?? [])]));
  return STATES.filter((s) => said.has(s));
}
