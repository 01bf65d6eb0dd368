/**
 * Which version of a remote an employee runs during a staged rollout (docs/decisions/0014).
 *
 * The percentage is decided by a bucket in 0…9999 computed from the employee's id and the remote's
 * name: the same employee always lands in the same bucket for a remote (every reload, every tab,
 * every machine), a larger percentage only adds buckets (nobody who had the new version loses it
 * when the rollout grows), and two remotes rolled out at once do not pick the same employees.
 * The hash is plain integer arithmetic, identical in the browser, the API and the release CLI.
 */

/** Buckets per remote: a percentage of 12.34 is 1234 of them. */
export const ROLLOUT_BUCKETS = 10_000;

/** FNV-1a over the UTF-16 code units, then murmur3's finaliser so close ids spread apart. */
export function rolloutHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** The employee's bucket for one remote, 0…9999. */
export function rolloutBucket(employeeId: number | string, remote: string): number {
  return rolloutHash(`${remote}\u0000${employeeId}`) % ROLLOUT_BUCKETS;
}

/** True when the bucket falls inside `percent` (0–100, up to two decimals). */
export function inRolloutPercent(
  employeeId: number | string,
  remote: string,
  percent: number,
): boolean {
  return rolloutBucket(employeeId, remote) < Math.round(percent * (ROLLOUT_BUCKETS / 100));
}

/**
 * How a named employee is written into remotes.json: the SHA-256 of the lower-cased, trimmed
 * email in hex. remotes.json is served to anyone (before sign-in), so it never carries an email.
 */
export async function staffKeyOf(email: string): Promise<string> {
  const bytes = new TextEncoder().encode(email.trim().toLowerCase());
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface RolloutSubject {
  id: number;
  email: string;
}

export interface RolloutRule {
  percent: number;
  /** staffKeyOf of each named employee */
  staff: readonly string[];
}

/** Whether this employee gets the rollout version: named, or inside the percentage. */
export async function getsRollout(
  subject: RolloutSubject,
  remote: string,
  rule: RolloutRule,
): Promise<boolean> {
  if (inRolloutPercent(subject.id, remote, rule.percent)) return true;
  if (rule.staff.length === 0) return false;
  return rule.staff.includes(await staffKeyOf(subject.email));
}
