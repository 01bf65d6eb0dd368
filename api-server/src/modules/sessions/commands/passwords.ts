import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are hashed with argon2id (the library's default algorithm) at OWASP's recommended
 * cost: 19 MiB of memory, 2 passes, 1 lane. The parameters are encoded in each hash, so raising
 * them later keeps old hashes verifiable.
 */
const HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A corrupt hash in the table must read as "wrong password", not as a 500.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password, verified when the email is unknown, so an unknown email costs
 * the same argon2 work as a known one and response time does not reveal which emails exist.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummyHash;
}
