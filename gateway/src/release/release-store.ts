import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  CONTRACTS_VERSION,
  REMOTE_NAMES,
  isContractsCompatible,
  remotesConfigSchema,
  type ReleaseInfo,
  type RemoteName,
  type RemotesConfig,
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
  live: string | null;
  available: string[];
}

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

  /** Makes `version` the live release of a remote: atomic remotes.json, then one history line. */
  promote(remoteName: string, version: string, by: string = currentUser()): PromotionResult {
    const remote = assertRemoteName(remoteName);
    this.assertPublished(remote, version);
    return withStoreLock(this.dir, () => {
      this.assertPromotable(remote, version);
      return this.switchTo(remote, version, by, 'promote');
    });
  }

  /** Goes back to the version promoted before the live one (repeatable, one promotion per call). */
  rollback(remoteName: string, by: string = currentUser()): PromotionResult {
    const remote = assertRemoteName(remoteName);
    this.rollbackTarget(remote); // refuse before taking the lock (which creates the store)
    return withStoreLock(this.dir, () => {
      // Re-read under the lock: another command may have moved the remote meanwhile.
      const version = this.rollbackTarget(remote);
      this.assertPromotable(remote, version);
      return this.switchTo(remote, version, by, 'rollback');
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
      })),
      recent: history.slice(-recentCount),
    };
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
  ): PromotionResult {
    const config = this.readRemotesConfig();
    this.readHistory(); // a corrupt history refuses here, before anything is written
    const from = config.remotes[remote]?.version ?? null;
    if (from === version) return { remote, from, to: version, changed: false };

    const next: RemotesConfig = { remotes: {} };
    for (const name of REMOTE_NAMES) {
      const entry =
        name === remote
          ? { version, manifest: manifestUrl(remote, version) }
          : config.remotes[name];
      if (entry) next.remotes[name] = entry;
    }
    const previousText = fs.existsSync(this.configFile)
      ? fs.readFileSync(this.configFile, 'utf8')
      : null;
    writeFileAtomic(
      this.configFile,
      `${JSON.stringify(remotesConfigSchema.parse(next), null, 2)}\n`,
      this.fileOps,
    );

    const entry: HistoryEntry = {
      at: this.now().toISOString(),
      by,
      remote,
      from,
      to: version,
      action,
    };
    try {
      appendLineDurably(this.historyFile, JSON.stringify(entry), this.fileOps);
    } catch (error) {
      // Without its history line the switch would be unexplained (and unrollbackable): undo it.
      if (previousText === null) fs.rmSync(this.configFile, { force: true });
      else writeFileAtomic(this.configFile, previousText);
      throw error;
    }
    return { remote, from, to: version, changed: true };
  }
}

function alreadyPublished(remote: RemoteName, version: string): ReleaseError {
  return new ReleaseError(
    'already-published',
    `الإصدار ${version} من ${remote} منشور مسبقاً والإصدارات المنشورة لا تتغير: ارفع رقم الإصدار في ${remote}/package.json وأعد البناء`,
    `${remote} ${version} is already published and releases are immutable: bump the version in ${remote}/package.json and rebuild`,
  );
}
