/**
 * What the engine's pages and a flattened page's hash stamp share: the stamp sits below the
 * engine's footer and should look like part of it.
 */

/** The side and bottom margin of the engine's A4 pages, in points (15 mm). */
export const MARGIN = 42.52;
/** The grey of the footer's labels and of the hash stamp. */
export const FOOTER_GRAY = 0.3;
