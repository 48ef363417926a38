import { type SQL, sql } from 'drizzle-orm';

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything: `%<q>%` for ILIKE. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** How many of a search's last characters the trigram index is read for (containsText). */
const TAIL = 6;

/**
 * `text` contains `q`, case aside, read off a trigram index on `text` for the last TAIL characters of `q` only, the
 * rows found then checked for the whole of it. A trigram found in most rows (a carrier's prefix, zero padding: "1Z9",
 * "000") makes the index read its whole list, ~30 ms at a million parcels; the end of a tracking number is rare.
 * `text` must be spelled as the index's expression.
 */
export function containsText(text: SQL, q: string): SQL {
  if (q.length <= TAIL) return sql`${text} ILIKE ${likePattern(q)}`;
  return sql`(${text} ILIKE ${likePattern(q.slice(-TAIL))} AND strpos(lower(${text}), lower(${q})) > 0)`;
}
