// The sessions' SQL: tokens (stored as their SHA-256), the in-process session cache over them and
// the revocation channel (LISTEN/NOTIFY) that keeps every process's cache honest.
export * from './revocation-channel';
export * from './session-cache';
export * from './tokens';
