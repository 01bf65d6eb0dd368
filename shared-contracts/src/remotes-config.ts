import { z } from 'zod';
import { REMOTES, type RemoteName } from './remotes';
import contractsPackage from '../package.json';

/** The contracts version every build records; a different major is incompatible. */
export const CONTRACTS_VERSION: string = contractsPackage.version;

export function majorOf(version: string): number {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isFinite(major) ? major : Number.NaN;
}

export function isContractsCompatible(
  remoteContracts: string,
  hostContracts = CONTRACTS_VERSION,
): boolean {
  return majorOf(remoteContracts) === majorOf(hostContracts);
}

const remoteNameSchema = z.enum(Object.keys(REMOTES) as [RemoteName, ...RemoteName[]]);
const semverSchema = z.string().regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/, 'رقم إصدار غير صالح');

export const remoteEntryConfigSchema = z.object({
  version: semverSchema,
  /** URL of the remote's mf-manifest.json, absolute or relative to the site. */
  manifest: z.string().min(1),
});

/** A staged rollout's automatic stop: the error rate (per 100 loads) and the loads it needs first. */
export const rolloutHaltSchema = z.object({
  /** load failures + render errors per 100 loads of the rollout version */
  errorsPer100: z.number().positive().max(100),
  /** no stop is decided on fewer loads than this (a rate over 3 loads means nothing) */
  minLoads: z.number().int().positive(),
});
export type RolloutHalt = z.infer<typeof rolloutHaltSchema>;

/** The defaults of `--halt-at`: 5 errors per 100 loads, over at least 20 loads. */
export const DEFAULT_ROLLOUT_HALT: RolloutHalt = { errorsPer100: 5, minLoads: 20 };

/**
 * A version served to some employees beside the stable one (docs/decisions/0014): named employees
 * (`staff`, as `staffKeyOf` hashes, never emails) and a stable share of everyone (`percent`).
 */
export const rolloutConfigSchema = z.object({
  version: semverSchema,
  manifest: z.string().min(1),
  /** 0–100; 0 with staff is a preview for the named employees only */
  percent: z.number().min(0).max(100),
  staff: z.array(z.string().regex(/^[0-9a-f]{64}$/)).max(200),
  /** when the rollout began: the automatic stop counts the reports since then */
  startedAt: z.string(),
  halt: rolloutHaltSchema,
});
export type RolloutConfig = z.infer<typeof rolloutConfigSchema>;

/** The last rollout of a remote stopped automatically, shown until the next rollout starts. */
export const rolloutStopSchema = z.object({
  version: semverSchema,
  at: z.string(),
  /** the reason in Arabic, with the figures that decided it */
  reason: z.string(),
});
export type RolloutStop = z.infer<typeof rolloutStopSchema>;

export const remoteReleaseConfigSchema = remoteEntryConfigSchema.extend({
  rollout: rolloutConfigSchema.optional(),
  stopped: rolloutStopSchema.optional(),
});
export type RemoteReleaseConfig = z.infer<typeof remoteReleaseConfigSchema>;

/**
 * `remotes.json`: which version of each remote the site runs (`version`, the stable one) and at
 * most one rollout per remote. A missing remote shows its error panel.
 */
export const remotesConfigSchema = z.object({
  remotes: z.partialRecord(remoteNameSchema, remoteReleaseConfigSchema),
});
export type RemotesConfig = z.infer<typeof remotesConfigSchema>;

/** `release.json`, written beside each remote build: who it is and what it was built against. */
export const releaseInfoSchema = z.object({
  name: remoteNameSchema,
  version: semverSchema,
  builtAt: z.string(),
  contractsVersion: semverSchema,
});
export type ReleaseInfo = z.infer<typeof releaseInfoSchema>;
