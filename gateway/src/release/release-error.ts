/** Why a release command refused; the CLI prints the message and exits non-zero. */
export type ReleaseErrorCode =
  | 'usage'
  | 'unknown-remote'
  | 'invalid-version'
  | 'unknown-version'
  | 'build-missing'
  | 'corrupt-release'
  | 'corrupt-manifest'
  | 'wrong-remote'
  | 'already-published'
  | 'incompatible-contracts'
  | 'nothing-to-roll-back'
  | 'corrupt-remotes-config'
  | 'corrupt-history'
  | 'store-locked'
  | 'no-stable-version'
  | 'rollout-of-stable'
  | 'rollout-running'
  | 'no-rollout';

/**
 * A refusal with an Arabic and an English sentence (release managers and domain teams read
 * either). Nothing in the store has changed when one is thrown.
 */
export class ReleaseError extends Error {
  readonly code: ReleaseErrorCode;
  readonly arabic: string;
  readonly english: string;

  constructor(code: ReleaseErrorCode, arabic: string, english: string) {
    super(`${arabic}\n${english}`);
    this.name = 'ReleaseError';
    this.code = code;
    this.arabic = arabic;
    this.english = english;
  }
}
