import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import {
  CONTRACTS_VERSION,
  DEFAULT_ROLLOUT_HALT,
  REMOTE_NAMES,
  isContractsCompatible,
  remotesConfigSchema,
  type ReleaseInfo,
  type RemoteName,
  type RemoteReleaseConfig,
  type RemotesConfig,
  type RolloutConfig,
  type RolloutHalt,
  type RolloutStop,
} from 'shared-contracts';
import { appendLineDurably, nodeFileOps, writeFileAtomic, type FileOps } from './atomic-write';
import { promotionStack, readHistory, type HistoryEntry } from './history';
import { inspectBuild } from './inspect-build';
import { ReleaseError } from './release-error';
import { withStoreLock } from './store-lock';
import {
  HISTORY_FILE,
  REMOTES_CONFIG_FILE,
  compareVersions,
  isVersion,
  manifestUrl,
  releaseDir,
} from './store-layout';

export interface ReleaseStoreOptions {
  dir: string;
  /** The host's shared-contracts version; promotions need the same major. */
  hostContractsVersion?: string;
  now?: () => Date;
  /** Injected in tests to simulate a crash in the middle of a write. */
  fileOps?: FileOps;
}

export interface PromotionResult {
  remote: RemoteName;
  from: string | null;
  to: string;
  /** false when the version was already live (nothing written). */
  changed: boolean;
}

export interface RemoteStatus {
  remote: RemoteName;
  /** the stable version */
  live: string | null;
  available: string[];
  rollout: RolloutConfig | null;
  /** the last rollout the automatic stop ended, until another starts */
  stopped: RolloutStop | null;
}

export interface RolloutRequest {
  /** 0–100; 100 (with nobody named) makes the version stable at once */
  percent?: number;
  /** emails of employees who get the version whatever the percentage (a preview) */
  staff?: readonly string[];
  halt?: Partial<RolloutHalt>;
  reason?: string;
}

export interface RolloutResult {
  remote: RemoteName;
  stable: string;
  version: string;
  percent: number;
  staff: number;
  /** true when the same rollout was already running and only its share or names changed */
  updated: boolean;
}

export interface RolloutEnd {
  remote: RemoteName;
  stable: string;
  version: string;
  /** false when no rollout of that version ran any more (another process ended it first) */
  changed: boolean;
}

/**
 * How a named employee is written into remotes.json (the same as shared-contracts' staffKeyOf,
 * synchronously): remotes.json is public, so it carries digests, never emails.
 */
export function staffKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

export interface StoreStatus {
  dir: string;
  remotes: RemoteStatus[];
  recent: HistoryEntry[];
}

/** Who is releasing, for the history (os.userInfo fails in some containers). */
export function currentUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
}

export function assertRemoteName(name: string): RemoteName {
  if (!REMOTE_NAMES.includes(name as RemoteName)) {
    throw new ReleaseError(
      'unknown-remote',
      `لا توجد واجهة باسم "${name}". الواجهات: ${REMOTE_NAMES.join('، ')}`,
      `Unknown remote "${name}". Remotes: ${REMOTE_NAMES.join(', ')}`,
    );
  }
  return name as RemoteName;
}

/**
 * The release store (layout in store-layout.ts). Every command validates everything first and
 * writes last, so a refused command leaves the store as it was.
 */
export class ReleaseStore {
  readonly dir: string;
  private readonly hostContractsVersion: string;
  private readonly now: () => Date;
  private readonly fileOps: FileOps;

  constructor(options: ReleaseStoreOptions) {
    this.dir = path.resolve(options.dir);
    this.hostContractsVersion = options.hostContractsVersion ?? CONTRACTS_VERSION;
    this.now = options.now ?? (() => new Date());
    this.fileOps = options.fileOps ?? nodeFileOps;
  }

  private get configFile(): string {
    return path.join(this.dir, REMOTES_CONFIG_FILE);
  }

  private get historyFile(): string {
    return path.join(this.dir, HISTORY_FILE);
  }

  /** Published versions of a remote, oldest first. */
  versionsOf(remote: RemoteName): string[] {
    let names: string[];
    try {
      names = fs.readdirSync(path.join(this.dir, remote));
    } catch {
      return [];
    }
    return names
      .filter(
        (name) => isVersion(name) && fs.statSync(releaseDir(this.dir, remote, name)).isDirectory(),
      )
      .sort(compareVersions);
  }

  /** remotes.json as the gateway serves it (an absent file: nothing promoted yet). */
  readRemotesConfig(): RemotesConfig {
    let text: string;
    try {
      text = fs.readFileSync(this.configFile, 'utf8');
    } catch {
      return { remotes: {} };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const config = remotesConfigSchema.safeParse(parsed);
    if (!config.success) {
      throw new ReleaseError(
        'corrupt-remotes-config',
        `الملف ${this.configFile} تالف: أصلحه أو استعده من النسخة الاحتياطية قبل أي ترقية`,
        `${this.configFile} is corrupt: repair or restore it before promoting anything`,
      );
    }
    return config.data;
  }

  readHistory(): HistoryEntry[] {
    return readHistory(this.historyFile);
  }

  /** Copies a build into `<store>/<remote>/<version>/`; a published version is never replaced. */
  publish(remoteName: string, fromDir: string): ReleaseInfo {
    const remote = assertRemoteName(remoteName);
    const source = path.resolve(fromDir);
    const info = inspectBuild(source, remote);
    const target = releaseDir(this.dir, remote, info.version);
    if (fs.existsSync(target)) throw alreadyPublished(remote, info.version);

    return withStoreLock(this.dir, () => {
      if (fs.existsSync(target)) throw alreadyPublished(remote, info.version);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      // Copy beside the target under a dot name (never served), check the copy, then rename:
      // the version directory appears complete or not at all.
      const staging = path.join(
        path.dirname(target),
        `.publishing-${info.version}-${randomBytes(4).toString('hex')}`,
      );
      try {
        fs.cpSync(source, staging, { recursive: true, errorOnExist: true, force: false });
        inspectBuild(staging, remote);
        fs.renameSync(staging, target);
      } catch (error) {
        fs.rmSync(staging, { recursive: true, force: true });
        throw error;
      }
      return info;
    });
  }

  /**
   * Makes `version` the live release of a remote: atomic remotes.json, then one history line.
   * While a rollout runs only its own version can be promoted (that completes it).
   */
  promote(
    remoteName: string,
    version: string,
    by: string = currentUser(),
    reason?: string,
  ): PromotionResult {
    const remote = assertRemoteName(remoteName);
    this.assertPublished(remote, version);
    this.assertNoOtherRollout(remote, version);
    return withStoreLock(this.dir, () => {
      this.assertPromotable(remote, version);
      this.assertNoOtherRollout(remote, version);
      return this.switchTo(remote, version, by, 'promote', reason);
    });
  }

  /**
   * Serves `version` beside the stable one to the named employees and to `percent` % of everyone
   * (a stable hash of each employee's id and the remote's name, decided by the host). The same
   * version again changes its share or names; another version while one runs is refused; 100 %
   * with nobody named completes the rollout (the version becomes stable).
   */
  startRollout(
    remoteName: string,
    version: string,
    request: RolloutRequest,
    by: string = currentUser(),
  ): RolloutResult | PromotionResult {
    const remote = assertRemoteName(remoteName);
    const percent = request.percent ?? 0;
    const staff = [...new Set((request.staff ?? []).map((email) => email.trim().toLowerCase()))];
    const halt: RolloutHalt = { ...DEFAULT_ROLLOUT_HALT, ...request.halt };
    this.assertRolloutShape(percent, staff, halt);
    this.assertPublished(remote, version);
    if (percent === 100 && staff.length === 0)
      return this.promote(remote, version, by, request.reason);
    return withStoreLock(this.dir, () => {
      this.assertPromotable(remote, version);
      const config = this.readRemotesConfig();
      this.readHistory();
      const current = config.remotes[remote];
      if (!current) {
        throw new ReleaseError(
          'no-stable-version',
          `لا يوجد إصدار مستقر من ${remote} بعد: رقِّ إصداراً أولاً (pnpm release promote ${remote} <version>) ثم اطرح غيره تدريجياً`,
          `${remote} has no stable version yet: promote one first, then roll another out`,
        );
      }
      if (current.version === version) {
        throw new ReleaseError(
          'rollout-of-stable',
          `الإصدار ${version} من ${remote} هو الإصدار المستقر أصلاً`,
          `${remote} ${version} is already the stable version`,
        );
      }
      this.assertNoOtherRollout(remote, version);
      const updated = current.rollout?.version === version;
      const rollout: RolloutConfig = {
        version,
        manifest: manifestUrl(remote, version),
        percent,
        staff: staff.map(staffKey),
        startedAt:
          current.rollout && updated ? current.rollout.startedAt : this.now().toISOString(),
        halt,
      };
      const { stopped: _stopped, ...rest } = current;
      this.commit(
        config,
        remote,
        { ...rest, rollout },
        {
          at: this.now().toISOString(),
          by,
          remote,
          from: current.version,
          to: version,
          action: 'rollout',
          percent,
          staff: staff.length,
          ...(request.reason ? { reason: request.reason } : {}),
        },
      );
      return { remote, stable: current.version, version, percent, staff: staff.length, updated };
    });
  }

  /** `release complete <remote>`: the running rollout's version becomes the stable one. */
  completeRollout(
    remoteName: string,
    by: string = currentUser(),
    reason?: string,
  ): PromotionResult {
    const remote = assertRemoteName(remoteName);
    const rollout = this.readRemotesConfig().remotes[remote]?.rollout;
    if (!rollout) throw noRollout(remote);
    return this.promote(remote, rollout.version, by, reason);
  }

  /**
   * Ends the running rollout of `version` because the automatic stop measured too many errors:
   * the rollout goes, the stop is kept in remotes.json (`stopped`) and in the history. Nothing
   * happens when that rollout no longer runs (a person or another gateway ended it first).
   */
  haltRollout(
    remoteName: string,
    version: string,
    reason: string,
    by = 'الإيقاف التلقائي',
  ): RolloutEnd {
    const remote = assertRemoteName(remoteName);
    return withStoreLock(this.dir, () => {
      const config = this.readRemotesConfig();
      const current = config.remotes[remote];
      if (!current?.rollout || current.rollout.version !== version) {
        return { remote, stable: current?.version ?? '', version, changed: false };
      }
      const at = this.now().toISOString();
      const { rollout: _rollout, ...rest } = current;
      this.commit(
        config,
        remote,
        { ...rest, stopped: { version, at, reason } },
        {
          at,
          by,
          remote,
          from: version,
          to: current.version,
          action: 'rollout-halt',
          reason,
        },
      );
      return { remote, stable: current.version, version, changed: true };
    });
  }

  /**
   * Ends a running rollout at once (everyone back on the stable version); with none running, goes
   * back to the version promoted before the live one (repeatable, one promotion per call).
   */
  rollback(remoteName: string, by: string = currentUser(), reason?: string): PromotionResult {
    const remote = assertRemoteName(remoteName);
    if (this.readRemotesConfig().remotes[remote]?.rollout) {
      return withStoreLock(this.dir, () => {
        const config = this.readRemotesConfig();
        this.readHistory();
        const current = config.remotes[remote];
        if (!current?.rollout) throw noRollout(remote);
        const { rollout, ...rest } = current;
        this.commit(config, remote, rest, {
          at: this.now().toISOString(),
          by,
          remote,
          from: rollout.version,
          to: current.version,
          action: 'rollout-rollback',
          ...(reason ? { reason } : {}),
        });
        return { remote, from: rollout.version, to: current.version, changed: true };
      });
    }
    this.rollbackTarget(remote); // refuse before taking the lock (which creates the store)
    return withStoreLock(this.dir, () => {
      // Re-read under the lock: another command may have moved the remote meanwhile.
      const version = this.rollbackTarget(remote);
      this.assertPromotable(remote, version);
      return this.switchTo(remote, version, by, 'rollback', reason);
    });
  }

  status(recentCount = 10): StoreStatus {
    const config = this.readRemotesConfig();
    const history = this.readHistory();
    return {
      dir: this.dir,
      remotes: REMOTE_NAMES.map((remote) => ({
        remote,
        live: config.remotes[remote]?.version ?? null,
        available: this.versionsOf(remote),
        rollout: config.remotes[remote]?.rollout ?? null,
        stopped: config.remotes[remote]?.stopped ?? null,
      })),
      recent: history.slice(-recentCount),
    };
  }

  /** Another version's rollout is running: it must be completed or rolled back first. */
  private assertNoOtherRollout(remote: RemoteName, version: string): void {
    const rollout = this.readRemotesConfig().remotes[remote]?.rollout;
    if (rollout && rollout.version !== version) {
      throw new ReleaseError(
        'rollout-running',
        `يجري طرح الإصدار ${rollout.version} من ${remote} تدريجياً: أكمله (pnpm release complete ${remote}) أو أوقفه (pnpm release rollback ${remote}) قبل إصدار آخر`,
        `${remote} ${rollout.version} is being rolled out: complete it (release complete ${remote}) or roll it back (release rollback ${remote}) before another version`,
      );
    }
  }

  private assertRolloutShape(percent: number, staff: readonly string[], halt: RolloutHalt): void {
    if (
      !Number.isFinite(percent) ||
      percent < 0 ||
      percent > 100 ||
      Math.round(percent * 100) !== percent * 100
    ) {
      throw new ReleaseError(
        'usage',
        `النسبة ${percent} غير صالحة: عدد من 0 إلى 100 بمنزلتين عشريتين على الأكثر`,
        `--percent ${percent} is not a number from 0 to 100 (two decimals at most)`,
      );
    }
    const invalid = staff.filter((email) => !EMAIL.test(email));
    if (invalid.length > 0) {
      throw new ReleaseError(
        'usage',
        `ليست عناوين بريد صالحة: ${invalid.join('، ')}`,
        `Not email addresses: ${invalid.join(', ')}`,
      );
    }
    if (percent === 0 && staff.length === 0) {
      throw new ReleaseError(
        'usage',
        'حدد نسبة (--percent) أو موظفين بأسمائهم (--staff) يُقدَّم لهم الإصدار',
        'Give a share (--percent) or named employees (--staff) to serve the version to',
      );
    }
    if (
      !(halt.errorsPer100 > 0 && halt.errorsPer100 <= 100) ||
      !(Number.isInteger(halt.minLoads) && halt.minLoads > 0)
    ) {
      throw new ReleaseError(
        'usage',
        'حد الإيقاف التلقائي غير صالح: نسبة أخطاء بين 0 و100 لكل 100 تحميل، وعدد تحميلات صحيح موجب',
        '--halt-at needs errors per 100 loads in (0, 100] and --halt-min-loads a positive whole number',
      );
    }
  }

  private rollbackTarget(remote: RemoteName): string {
    const stack = promotionStack(this.readHistory(), remote);
    const previous = stack[stack.length - 2];
    if (previous === undefined) {
      throw new ReleaseError(
        'nothing-to-roll-back',
        `لا يوجد إصدار سابق مُرقّى للواجهة ${remote} للرجوع إليه`,
        `${remote} has no earlier promoted version to roll back to`,
      );
    }
    this.assertPublished(remote, previous);
    return previous;
  }

  private assertPublished(remote: RemoteName, version: string): void {
    if (!isVersion(version)) {
      throw new ReleaseError(
        'invalid-version',
        `"${version}" ليس رقم إصدار صالحاً (مثل 1.2.0)`,
        `"${version}" is not a version number (like 1.2.0)`,
      );
    }
    if (!this.versionsOf(remote).includes(version)) {
      const available = this.versionsOf(remote);
      const list = available.length > 0 ? available.join(', ') : '—';
      throw new ReleaseError(
        'unknown-version',
        `الإصدار ${version} من ${remote} غير منشور في مخزن الإصدارات (المتاح: ${list})`,
        `Version ${version} of ${remote} is not published in the release store (available: ${list})`,
      );
    }
  }

  /** The stored copy is intact and built against contracts the host can run. */
  private assertPromotable(remote: RemoteName, version: string): void {
    this.assertPublished(remote, version);
    const info = inspectBuild(releaseDir(this.dir, remote, version), remote);
    if (info.version !== version) {
      throw new ReleaseError(
        'corrupt-release',
        `الدليل ${version} يحوي الإصدار ${info.version}: المخزن تالف`,
        `Directory ${version} holds version ${info.version}: the store is corrupt`,
      );
    }
    if (!isContractsCompatible(info.contractsVersion, this.hostContractsVersion)) {
      throw new ReleaseError(
        'incompatible-contracts',
        `الإصدار ${version} من ${remote} مبني على العقود ${info.contractsVersion} والواجهة الرئيسية على ${this.hostContractsVersion}: الإصدار الرئيسي مختلف فلا يمكن ترقيته`,
        `${remote} ${version} was built against shared-contracts ${info.contractsVersion}, the host runs ${this.hostContractsVersion}: a different major cannot be promoted`,
      );
    }
  }

  private switchTo(
    remote: RemoteName,
    version: string,
    by: string,
    action: HistoryEntry['action'],
    reason?: string,
  ): PromotionResult {
    const config = this.readRemotesConfig();
    this.readHistory(); // a corrupt history refuses here, before anything is written
    const current = config.remotes[remote];
    const from = current?.version ?? null;
    if (from === version) return { remote, from, to: version, changed: false };
    // Promoting the rollout's version completes it: nobody is on a rollout any more.
    const { rollout: _rollout, ...kept } = current ?? {};
    this.commit(
      config,
      remote,
      { ...kept, version, manifest: manifestUrl(remote, version) },
      {
        at: this.now().toISOString(),
        by,
        remote,
        from,
        to: version,
        action,
        ...(reason ? { reason } : {}),
      },
    );
    return { remote, from, to: version, changed: true };
  }

  /**
   * Writes remotes.json with `entry` for `remote` (atomic), then the history line; without its
   * history line a change would be unexplained (and unrollbackable), so a failed append undoes it.
   */
  private commit(
    config: RemotesConfig,
    remote: RemoteName,
    entry: RemoteReleaseConfig,
    history: HistoryEntry,
  ): void {
    const next: RemotesConfig = { remotes: {} };
    for (const name of REMOTE_NAMES) {
      const value = name === remote ? entry : config.remotes[name];
      if (value) next.remotes[name] = value;
    }
    const previousText = fs.existsSync(this.configFile)
      ? fs.readFileSync(this.configFile, 'utf8')
      : null;
    writeFileAtomic(
      this.configFile,
      `${JSON.stringify(remotesConfigSchema.parse(next), null, 2)}\n`,
      this.fileOps,
    );
    try {
      appendLineDurably(this.historyFile, JSON.stringify(history), this.fileOps);
    } catch (error) {
      if (previousText === null) fs.rmSync(this.configFile, { force: true });
      else writeFileAtomic(this.configFile, previousText);
      throw error;
    }
  }
}

function noRollout(remote: RemoteName): ReleaseError {
  return new ReleaseError(
    'no-rollout',
    `لا يجري طرح تدريجي لأي إصدار من ${remote}`,
    `No rollout of ${remote} is running`,
  );
}

function alreadyPublished(remote: RemoteName, version: string): ReleaseError {
  return new ReleaseError(
    'already-published',
    `الإصدار ${version} من ${remote} منشور مسبقاً والإصدارات المنشورة لا تتغير: ارفع رقم الإصدار في ${remote}/package.json وأعد البناء`,
    `${remote} ${version} is already published and releases are immutable: bump the version in ${remote}/package.json and rebuild`,
  );
}
