/** PostgreSQL's unique_violation, as raised by pg (code) or wrapped by drizzle (cause.code). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
