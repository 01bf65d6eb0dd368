/** PostgreSQL's SQLSTATE of a failed statement, when the error carries one. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error as { code: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique index refused the row (SQLSTATE 23505): usually a race the API checked for first. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}
