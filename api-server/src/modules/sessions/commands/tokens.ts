import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits) → 43 base64url characters. */
const TOKEN_BYTES = 32;

export function generateToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What the database stores and looks tokens up by: the SHA-256 of the token, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens we issue are base64url; anything else cannot be one, so skip the database. */
export function looksLikeToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43,128}$/.test(token);
}
