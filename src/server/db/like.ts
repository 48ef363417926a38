/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything: `%<q>%` for ILIKE. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
