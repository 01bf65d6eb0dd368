import fs from 'node:fs';
import { z } from 'zod';
import { REMOTE_NAMES, type RemoteName } from 'shared-contracts';
import { ReleaseError } from './release-error';

export const historyEntrySchema = z.object({
  at: z.string(),
  by: z.string(),
  remote: z.enum(REMOTE_NAMES as [RemoteName, ...RemoteName[]]),
  /** null for a remote's first promotion. */
  from: z.string().nullable(),
  to: z.string(),
  /**
   * promote / rollback move the stable version (a completed rollout is a promote); rollout starts
   * or changes a staged rollout of `to` beside the stable `from`; rollout-rollback ends one by
   * hand, rollout-halt automatically (the gateway's check, docs/decisions/0014).
   */
  action: z.enum(['promote', 'rollback', 'rollout', 'rollout-rollback', 'rollout-halt']),
  /** why, as the release manager said it (`--reason`) or as the automatic stop measured it */
  reason: z.string().optional(),
  /** a rollout's share of employees and how many are named */
  percent: z.number().optional(),
  staff: z.number().int().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Every entry of release-history.jsonl, oldest first (an absent file is an empty history). */
export function readHistory(file: string): HistoryEntry[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, number }) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        parsed = undefined;
      }
      const entry = historyEntrySchema.safeParse(parsed);
      if (!entry.success) {
        throw new ReleaseError(
          'corrupt-history',
          `السطر ${number} من سجل الإصدارات ${file} تالف`,
          `Line ${number} of the release history ${file} is corrupt`,
        );
      }
      return entry.data;
    });
}

/**
 * The promoted versions of a remote still "on the stack": a promotion pushes, a rollback pops.
 * The last is live; the one before it is where a rollback goes. Rolling back twice therefore
 * walks back two promotions instead of toggling between the last two versions.
 */
export function promotionStack(history: readonly HistoryEntry[], remote: RemoteName): string[] {
  const stack: string[] = [];
  for (const entry of history) {
    if (entry.remote !== remote) continue;
    // Rollout steps never move the stable version: only its completion (a promote) does.
    if (entry.action !== 'promote' && entry.action !== 'rollback') continue;
    if (entry.action === 'promote') stack.push(entry.to);
    else {
      stack.pop();
      // A rollback lands on the entry below; if the history was trimmed, record where it went.
      if (stack[stack.length - 1] !== entry.to) stack.push(entry.to);
    }
  }
  return stack;
}
