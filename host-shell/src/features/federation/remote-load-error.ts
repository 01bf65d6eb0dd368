import { REMOTES, majorOf, type RemoteName } from 'shared-contracts';

export type RemoteLoadFailure =
  /** remotes.json does not list the remote */
  | { kind: 'missing' }
  /** its release.json names a contracts major other than the host's */
  | { kind: 'incompatible'; remoteContracts: string; hostContracts: string }
  /** network, script, module-shape or render failure */
  | { kind: 'failed'; cause: unknown };

export class RemoteLoadError extends Error {
  override readonly name = 'RemoteLoadError';

  constructor(
    readonly remote: RemoteName,
    readonly failure: RemoteLoadFailure,
  ) {
    super(
      `${remote}: ${failure.kind}`,
      failure.kind === 'failed' ? { cause: failure.cause } : undefined,
    );
  }

  /** Only a failure that might go away by itself is worth retrying with back-off. */
  get transient(): boolean {
    return this.failure.kind === 'failed';
  }
}

export function toRemoteLoadError(remote: RemoteName, error: unknown): RemoteLoadError {
  return error instanceof RemoteLoadError
    ? error
    : new RemoteLoadError(remote, { kind: 'failed', cause: error });
}

/** The section's name as every host message uses it, after «قسم» (so in the genitive). */
export function remoteLabel(remote: RemoteName): string {
  return REMOTES[remote].afterSection;
}

/** The version the host needs, as a range: only the major has to match. */
export function requiredContractsRange(hostContracts: string): string {
  return `${majorOf(hostContracts)}.x`;
}
