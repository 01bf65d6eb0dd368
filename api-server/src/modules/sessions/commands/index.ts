// Credentials as pure helpers (no SQL): argon2id password hashing and opaque session tokens.
export { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
export { generateToken, hashToken, looksLikeToken } from './tokens';
