import type { ComponentType } from 'react';
import { z } from 'zod';
import {
  CONTRACTS_VERSION,
  REMOTES,
  REMOTE_NAMES,
  REMOTE_PAGES_EXPOSE,
  countOf,
  getsRollout,
  isContractsCompatible,
  releaseInfoSchema,
  remotesConfigSchema,
  type ClientEventKind,
  type ReleaseInfo,
  type RemoteName,
  type RemotesConfig,
  type RolloutSubject,
} from 'shared-contracts';
import { RemoteLoadError, toRemoteLoadError } from './remote-load-error';
import type { RemoteOverrides } from './remote-overrides';

/** The two calls of `@module-federation/enhanced/runtime` the host makes (mocked in tests). */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote(id: string): Promise<unknown>;
}

/** A remote's `./pages` default export: page id → lazily loaded page component. */
export type RemotePagesMap = Readonly<Record<string, ComponentType>>;

export interface RemoteUpdate {
  remote: RemoteName;
  version: string;
}

/** Which release of a remote this page is running (shown under its pages). */
export interface RunningRemote {
  /** remotes.json's version, or 'dev' for a developer override */
  version: string;
  /** the release.json read from the loaded files' directory (absent on a dev server without one) */
  release: ReleaseInfo | null;
  override: boolean;
  /** 'rollout' when this employee was given a staged rollout's version, not the stable one */
  channel: RemoteChannel;
}

export type RemoteChannel = 'stable' | 'rollout' | 'dev';

/** A browser's report about a remote (client events): a load, a failed load, a render error. */
export interface RemoteReport {
  remote: RemoteName;
  version: string;
  kind: ClientEventKind;
  message?: string;
}

export interface RemoteRegistryOptions {
  runtime: FederationRuntime;
  /** GET without the HTTP cache; rejects on a non-2xx answer. */
  fetchJson(url: string): Promise<unknown>;
  /** What relative manifest URLs resolve against (the page's address). */
  baseUrl(): string;
  overrides?: RemoteOverrides;
  /** Pauses between attempts after a transient failure: 3 retries by default. */
  retryDelaysMs?: readonly number[];
  sleep?(ms: number): Promise<void>;
  configUrl?: string;
  hostContractsVersion?: string;
  log?(message: string, detail?: unknown): void;
  /**
   * The signed-in employee, for a staged rollout's choice (docs/decisions/0014); without one
   * (or before sign-in) every remote runs its stable version.
   */
  subject?(): Promise<RolloutSubject | null>;
  /** Where loads, failed loads and render errors are reported (nothing by default). */
  report?(report: RemoteReport): void;
}

export const REMOTES_CONFIG_URL = '/remotes.json';
export const REMOTE_RETRY_DELAYS_MS = [500, 1000, 2000] as const;

interface RemoteTarget {
  entry: string;
  version: string;
  override: boolean;
  channel: RemoteChannel;
}

// A lazy component is an object ($$typeof), a plain one a function: either renders as a page.
const pageComponentSchema = z.custom<ComponentType>(
  (value) =>
    typeof value === 'function' ||
    (typeof value === 'object' && value !== null && '$$typeof' in value),
  'not a React component',
);
const pagesModuleSchema = z.object({ default: z.record(z.string(), pageComponentSchema) });

const exposedKey = (remote: RemoteName, expose: string) => `${remote}\u0000${expose}`;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runtime federation for the host (docs/architecture.md#federation): remotes.json decides which
 * version of each remote runs; a remote is fetched only when one of its pages is visited, after its
 * release.json has shown a compatible contracts version; transient failures are retried with
 * back-off; and remotes.json is polled so a newer release of an already-running remote can be
 * announced.
 */
export class RemoteRegistry {
  private readonly options: Required<
    Omit<RemoteRegistryOptions, 'overrides' | 'subject' | 'report'>
  > & {
    overrides: RemoteOverrides;
    subject: () => Promise<RolloutSubject | null>;
    report: (report: RemoteReport) => void;
  };
  /** the target of each remote's last load attempt (what a failure is reported against) */
  private readonly attempted = new Map<RemoteName, RemoteTarget>();
  private config: RemotesConfig | null = null;
  private configPromise: Promise<RemotesConfig | null> | null = null;
  /** entry URL each remote is registered with in the federation runtime */
  private readonly registered = new Map<RemoteName, string>();
  /** remotes whose runtime state must be dropped (`force`) before the next load */
  private readonly stale = new Set<RemoteName>();
  private readonly loaded = new Map<RemoteName, { pages: RemotePagesMap } & RunningRemote>();
  private readonly inflight = new Map<RemoteName, Promise<RemotePagesMap>>();
  /** other exposed modules (`./panels`), by `remote + expose`: loaded, and loading */
  private readonly exposed = new Map<string, unknown>();
  private readonly exposedInflight = new Map<string, Promise<unknown>>();
  /** remotes.json's version of each remote whose other exposed modules run in this page */
  private readonly exposedVersions = new Map<RemoteName, string>();
  private readonly announced = new Map<RemoteName, string>();
  /** an update check in flight (see checkForUpdates) */
  private refreshing: Promise<void> | null = null;

  constructor(options: RemoteRegistryOptions) {
    this.options = {
      retryDelaysMs: REMOTE_RETRY_DELAYS_MS,
      sleep: defaultSleep,
      configUrl: REMOTES_CONFIG_URL,
      hostContractsVersion: CONTRACTS_VERSION,
      log: (message, detail) => console.error(message, detail),
      overrides: {},
      subject: () => Promise.resolve(null),
      report: () => undefined,
      ...options,
    };
  }

  /** Reads remotes.json at start-up (release flow: every start picks up the promoted versions). */
  start(): Promise<void> {
    return this.currentConfig().then(() => undefined);
  }

  /** Developer overrides in force (never in production: they are empty there). */
  get overrides(): RemoteOverrides {
    return this.options.overrides;
  }

  /** The pages of a remote that has already loaded, for a render without a loading flash. */
  peek(remote: RemoteName): RemotePagesMap | undefined {
    return this.loaded.get(remote)?.pages;
  }

  /**
   * The release of a loaded remote, from the release.json fetched beside the manifest it was
   * loaded from: what this page really runs, even after remotes.json has moved on.
   */
  running(remote: RemoteName): RunningRemote | undefined {
    const loaded = this.loaded.get(remote);
    return loaded
      ? {
          version: loaded.version,
          release: loaded.release,
          override: loaded.override,
          channel: loaded.channel,
        }
      : undefined;
  }

  /** The remote's page map, loading it (once, however many callers) when needed. */
  load(remote: RemoteName): Promise<RemotePagesMap> {
    const loaded = this.loaded.get(remote);
    if (loaded) return Promise.resolve(loaded.pages);
    const running = this.inflight.get(remote);
    if (running) return running;
    const promise = this.loadWithRetry(remote).finally(() => this.inflight.delete(remote));
    this.inflight.set(remote, promise);
    return promise;
  }

  /**
   * Another module the remote exposes (`./panels` for the slots), loaded once however many
   * callers, exactly as its pages are: remotes.json's version, the release.json contracts check,
   * the same retries with back-off. Resolves to the module itself; its shape is the caller's.
   */
  loadExposed(remote: RemoteName, expose: string): Promise<unknown> {
    const key = exposedKey(remote, expose);
    if (this.exposed.has(key)) return Promise.resolve(this.exposed.get(key));
    const running = this.exposedInflight.get(key);
    if (running) return running;
    const promise = this.withRetry(remote, () => this.attemptModule(remote, expose))
      .then(({ module, target }) => {
        this.exposed.set(key, module);
        if (!target.override) this.exposedVersions.set(remote, target.version);
        return module;
      })
      .finally(() => this.exposedInflight.delete(key));
    this.exposedInflight.set(key, promise);
    return promise;
  }

  /**
   * A retry of an exposed module: forget it and read remotes.json again. The remote's runtime
   * entry is dropped too (so a broken lazy chunk is fetched afresh) only when none of its pages
   * runs in this page: dropping it would load a second copy of a remote already in use.
   */
  invalidateExposed(remote: RemoteName, expose: string): void {
    this.exposed.delete(exposedKey(remote, expose));
    if (!this.loaded.has(remote)) this.stale.add(remote);
    this.configPromise = null;
  }

  /**
   * The retry button: forget what was loaded (or half-loaded) for this remote and read
   * remotes.json again, so the next load starts from scratch, possibly with a newer release.
   */
  invalidate(remote: RemoteName): void {
    this.loaded.delete(remote);
    this.stale.add(remote);
    this.configPromise = null;
  }

  /**
   * Re-reads remotes.json. A remote that is running in this page and now has another version is
   * returned (once per version) so the shell can suggest a reload; swapping a mounted remote in
   * place is unreliable (the federation runtime does not fetch again the chunks it already loaded).
   * A remote not loaded yet simply gets the new version on its first visit.
   */
  async checkForUpdates(): Promise<RemoteUpdate[]> {
    const refresh = this.fetchConfig().then(
      (config): RemotesConfig | null => {
        this.useConfig(config);
        return config;
      },
      (error: unknown): RemotesConfig | null => {
        this.options.log('تعذر التحقق من وجود إصدارات أحدث (remotes.json)', error);
        return null;
      },
    );
    // A page visit that starts while this is in flight waits for it and gets the newest version.
    const settled = refresh.then(() => undefined);
    this.refreshing = settled;
    const latest = await refresh;
    if (this.refreshing === settled) this.refreshing = null;
    if (!latest) return [];
    const updates: RemoteUpdate[] = [];
    for (const remote of REMOTE_NAMES) {
      if (this.options.overrides[remote]) continue;
      const running = this.loaded.get(remote)?.version ?? this.exposedVersions.get(remote);
      // The version this employee would get now: a rollout that started, grew or stopped counts.
      const next =
        running === undefined ? undefined : (await this.chooseTarget(remote, latest))?.version;
      if (running === undefined || next === undefined || next === running) continue;
      if (this.announced.get(remote) === next) continue;
      this.announced.set(remote, next);
      updates.push({ remote, version: next });
    }
    return updates;
  }

  private async fetchConfig(): Promise<RemotesConfig> {
    return remotesConfigSchema.parse(await this.options.fetchJson(this.options.configUrl));
  }

  private currentConfig(): Promise<RemotesConfig | null> {
    this.configPromise ??= this.fetchConfig().then(
      (config) => {
        this.useConfig(config);
        return config;
      },
      (error: unknown) => {
        this.options.log('تعذر قراءة remotes.json', error);
        // Not cached: the next load (or retry) asks again.
        this.configPromise = null;
        return null;
      },
    );
    return this.configPromise;
  }

  private useConfig(config: RemotesConfig): void {
    this.config = config;
    this.configPromise = Promise.resolve(config);
    // Registering only records the entry; nothing is fetched until loadRemote. A remote with a
    // rollout is registered on its first load, once the employee's version is known.
    const fresh = REMOTE_NAMES.flatMap((remote) => {
      const target = config.remotes[remote]?.rollout ? null : this.stableTargetOf(remote, config);
      return target && !this.registered.has(remote) ? [{ remote, target }] : [];
    });
    if (fresh.length === 0) return;
    this.options.runtime.registerRemotes(
      fresh.map(({ remote, target }) => ({ name: REMOTES[remote].container, entry: target.entry })),
    );
    for (const { remote, target } of fresh) this.registered.set(remote, target.entry);
  }

  /** The override, else the stable version (no rollout considered). */
  private stableTargetOf(remote: RemoteName, config: RemotesConfig | null): RemoteTarget | null {
    const override = this.options.overrides[remote];
    if (override)
      return { entry: this.resolve(override), version: 'dev', override: true, channel: 'dev' };
    const entry = config?.remotes[remote];
    return entry
      ? {
          entry: this.resolve(entry.manifest),
          version: entry.version,
          override: false,
          channel: 'stable',
        }
      : null;
  }

  /**
   * The version this employee runs: the rollout's when they are named in it or their stable
   * hash falls inside its percentage (the same answer on every reload and in every tab), else the
   * stable one. Before sign-in, or if the employee cannot be read, the stable one.
   */
  private async chooseTarget(
    remote: RemoteName,
    config: RemotesConfig | null = this.config,
  ): Promise<RemoteTarget | null> {
    const stable = this.stableTargetOf(remote, config);
    const rollout = config?.remotes[remote]?.rollout;
    if (!stable || stable.override || !rollout) return stable;
    let chosen = false;
    try {
      const subject = await this.options.subject();
      // A named employee's digest needs WebCrypto (missing on a plain-http address other than
      // localhost): whatever fails here, the stable version is the safe answer.
      chosen = subject !== null && (await getsRollout(subject, remote, rollout));
    } catch (error) {
      this.options.log('تعذر تحديد الموظف لاختيار إصدار القسم', error);
    }
    if (!chosen) return stable;
    return {
      entry: this.resolve(rollout.manifest),
      version: rollout.version,
      override: false,
      channel: 'rollout',
    };
  }

  private resolve(url: string): string {
    return new URL(url, this.options.baseUrl()).href;
  }

  private async loadWithRetry(remote: RemoteName): Promise<RemotePagesMap> {
    let running;
    try {
      running = await this.withRetry(remote, () => this.attempt(remote));
    } catch (error) {
      this.reportFailure(remote, error);
      throw error;
    }
    this.loaded.set(remote, running);
    if (!running.override)
      this.options.report({ remote, version: running.version, kind: 'loaded' });
    return running.pages;
  }

  /** A load that failed for good (after its retries) of a known version, as a client event. */
  private reportFailure(remote: RemoteName, error: unknown): void {
    const target = this.attempted.get(remote);
    if (!target || target.override) return;
    const failure = toRemoteLoadError(remote, error).failure;
    const cause = failure.kind === 'failed' ? failure.cause : null;
    const detail =
      failure.kind === 'incompatible'
        ? `contracts ${failure.remoteContracts}, host ${failure.hostContracts}`
        : cause instanceof Error
          ? `${cause.name}: ${cause.message}`
          : String(cause);
    const reason = `${failure.kind}: ${detail}`;
    this.options.report({ remote, version: target.version, kind: 'load_failed', message: reason });
  }

  /** An error a remote's page threw while rendering (its error boundary caught it). */
  reportRenderError(remote: RemoteName, error: unknown): void {
    const running = this.loaded.get(remote);
    if (!running || running.override) return;
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    this.options.report({ remote, version: running.version, kind: 'render_error', message });
  }

  /** Runs one load of a remote's module, retrying transient failures with back-off. */
  private async withRetry<T>(remote: RemoteName, once: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await once();
      } catch (caught) {
        const error = toRemoteLoadError(remote, caught);
        if (!error.transient) throw error;
        // Whatever the runtime kept of a failed entry (a rejected script load) must go first.
        this.stale.add(remote);
        const delay = this.options.retryDelaysMs[attempt];
        if (delay === undefined) {
          this.options.log(
            `تعذر تحميل ${remote} بعد ${countOf(attempt + 1, 'attempt', { case: 'oblique' })}`,
            error.cause,
          );
          throw error;
        }
        await this.options.sleep(delay);
      }
    }
  }

  private async attempt(remote: RemoteName): Promise<{ pages: RemotePagesMap } & RunningRemote> {
    const { module, target, release } = await this.attemptModule(remote, REMOTE_PAGES_EXPOSE);
    const parsed = pagesModuleSchema.safeParse(module);
    if (!parsed.success) {
      throw new RemoteLoadError(remote, {
        kind: 'failed',
        cause: new Error(`${remote}: ./pages is not a page map`),
      });
    }
    return {
      pages: parsed.data.default,
      version: target.version,
      release,
      override: target.override,
      channel: target.channel,
    };
  }

  /** One try at one exposed module: remotes.json's target, its release check, then the runtime. */
  private async attemptModule(
    remote: RemoteName,
    expose: string,
  ): Promise<{ module: unknown; target: RemoteTarget; release: ReleaseInfo | null }> {
    const config = await this.currentConfig();
    if (this.refreshing) await this.refreshing;
    const target = await this.chooseTarget(remote);
    if (target) this.attempted.set(remote, target);
    if (!target) {
      if (!config)
        throw new RemoteLoadError(remote, {
          kind: 'failed',
          cause: new Error('remotes.json unavailable'),
        });
      throw new RemoteLoadError(remote, { kind: 'missing' });
    }
    const release = await this.checkRelease(remote, target);
    this.register(remote, target);
    const module = await this.options.runtime.loadRemote(
      `${REMOTES[remote].container}/${expose.replace(/^\.\//, '')}`,
    );
    return { module, target, release };
  }

  /** Release flow (c): a remote built against another contracts major is never executed. */
  private async checkRelease(
    remote: RemoteName,
    target: RemoteTarget,
  ): Promise<ReleaseInfo | null> {
    const url = new URL('release.json', target.entry).href;
    let info;
    try {
      info = releaseInfoSchema.parse(await this.options.fetchJson(url));
    } catch (error) {
      // A dev server may not write release.json; an override is the developer's own risk.
      if (target.override) {
        this.options.log(`${remote}: لا يوجد release.json صالح في ${url}`, error);
        return null;
      }
      throw new RemoteLoadError(remote, { kind: 'failed', cause: error });
    }
    const hostContracts = this.options.hostContractsVersion;
    if (!isContractsCompatible(info.contractsVersion, hostContracts)) {
      throw new RemoteLoadError(remote, {
        kind: 'incompatible',
        remoteContracts: info.contractsVersion,
        hostContracts,
      });
    }
    return info;
  }

  private register(remote: RemoteName, target: RemoteTarget): void {
    const current = this.registered.get(remote);
    const force = this.stale.has(remote) || (current !== undefined && current !== target.entry);
    if (current !== undefined && !force) return;
    this.options.runtime.registerRemotes(
      [{ name: REMOTES[remote].container, entry: target.entry }],
      force ? { force: true } : undefined,
    );
    this.registered.set(remote, target.entry);
    this.stale.delete(remote);
  }
}
