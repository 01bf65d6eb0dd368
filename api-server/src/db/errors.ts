/** PostgreSQL's SQLSTATE of a failed statement, when the error carries one. */
export function sqlState(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique index refused the row (SQLSTATE 23505): usually a race the API checked for first. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** The `code` a Node.js or driver error carries (`EEXIST`, `EPERM`, a SQLSTATE), if any. */
export function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}
