import { z } from 'zod';
import { REMOTES, type RemoteName } from './remotes';
import contractsPackage from '../package.json';

/** The contracts version every build records; a different major is incompatible. */
export const CONTRACTS_VERSION: string = contractsPackage.version;

export function majorOf(version: string): number {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isFinite(major) ? major : Number.NaN;
}

export function isContractsCompatible(remoteContracts: string, hostContracts = CONTRACTS_VERSION): boolean {
  return majorOf(remoteContracts) === majorOf(hostContracts);
}

const remoteNameSchema = z.enum(Object.keys(REMOTES) as [RemoteName, ...RemoteName[]]);
const semverSchema = z.string().regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.-]+)?$/, 'رقم إصدار غير صالح');

export const remoteEntryConfigSchema = z.object({
  version: semverSchema,
  /** URL of the remote's mf-manifest.json, absolute or relative to the site. */
  manifest: z.string().min(1),
});

/** `remotes.json`: which version of each remote the site runs. A missing remote shows its error panel. */
export const remotesConfigSchema = z.object({
  remotes: z.partialRecord(remoteNameSchema, remoteEntryConfigSchema),
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
