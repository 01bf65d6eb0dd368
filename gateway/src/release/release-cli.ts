import path from 'node:path';
import { countOf, errorRatePer100, type ClientEventSummaryRow } from 'shared-contracts';
import { DEFAULT_STORE_DIR, remoteDistDir } from '../paths';
import { ensureLocalReleases } from './ensure-local-releases';
import { ReleaseError } from './release-error';
import {
  ReleaseStore,
  assertRemoteName,
  currentUser,
  type RemoteStatus,
  type RolloutRequest,
  type StoreStatus,
} from './release-store';
import { apiFigures, readMonitorToken, type FiguresSince } from './rollout-monitor';

export interface CliIo {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** Where relative paths given on the command line are resolved (pnpm's INIT_CWD when run through pnpm). */
  cwd: string;
  /** Tests pin the clock and the host's contracts version. */
  now?: () => Date;
  hostContractsVersion?: string;
  /**
   * The browsers' figures for `status` (default: the API at $API_URL, read with the monitor
   * token); tests give their own.
   */
  figuresSince?: FiguresSince;
}

export const USAGE = `Usage: pnpm release <command> [options]

  publish <remote> [--from <dir>]        copy a build (default <remote>/dist) into the store, immutably
  promote <remote> <version>             make a published version the stable one (contracts major must match the host's)
  promote <remote> <version> --percent N [--staff a@x,b@y] [--halt-at R] [--halt-min-loads L]
                                         staged rollout: serve it beside the stable version to the named
                                         employees and N % of everyone; --percent 100 makes it stable
  complete <remote>                      the running rollout's version becomes the stable one
  rollback <remote>                      end a running rollout at once; with none, go back to the
                                         version promoted before the stable one
  status [--json]                        stable and rollout versions, what browsers report, recent changes
  ensure-local                           publish + promote local builds missing from the store (pnpm start)

Options:
  --store <dir>   the release store (default: $RELEASE_STORE, else <repo>/.release-store)
  --by <name>     who is releasing, for the history (default: the OS user)
  --reason <text> why, for the history
  --halt-at <R>   stop the rollout by itself at R errors per 100 loads (default 5)
  --halt-min-loads <L>  ... once it has at least L loads (default 20)`;

interface ParsedArgs {
  positional: string[];
  options: Map<string, string | true>;
}

const VALUE_OPTIONS = new Set([
  'store',
  'from',
  'by',
  'reason',
  'percent',
  'staff',
  'halt-at',
  'halt-min-loads',
]);
const FLAG_OPTIONS = new Set(['json', 'help']);

function usageError(arabic: string, english: string): ReleaseError {
  return new ReleaseError('usage', arabic, english);
}

function parseArgs(argv: readonly string[]): ParsedArgs {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--') continue; // `pnpm release -- status` passes the separator through
    if (arg === '-h') {
      options.set('help', true);
      continue;
    }
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name = '', inline] = arg.slice(2).split(/=(.*)/s);
    if (FLAG_OPTIONS.has(name)) options.set(name, true);
    else if (VALUE_OPTIONS.has(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '')
        throw usageError(`الخيار --${name} يحتاج قيمة`, `--${name} needs a value`);
      options.set(name, value);
    } else throw usageError(`خيار غير معروف: ${arg}`, `Unknown option: ${arg}`);
  }
  return { positional, options };
}

function expectArgs(positional: string[], count: number, shape: string): void {
  if (positional.length !== count + 1) {
    throw usageError(`الاستخدام: pnpm release ${shape}`, `Usage: pnpm release ${shape}`);
  }
}

function numberOption(options: ParsedArgs['options'], name: string): number | undefined {
  const value = options.get(name);
  if (value === undefined) return undefined;
  const number = typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) {
    throw usageError(`الخيار --${name} يحتاج عدداً`, `--${name} needs a number`);
  }
  return number;
}

/** The rollout options of `promote`, or null for a plain promotion. */
function rolloutRequest(options: ParsedArgs['options']): RolloutRequest | null {
  const percent = numberOption(options, 'percent');
  const staffOption = options.get('staff');
  const errorsPer100 = numberOption(options, 'halt-at');
  const minLoads = numberOption(options, 'halt-min-loads');
  if (percent === undefined && staffOption === undefined) {
    if (errorsPer100 !== undefined || minLoads !== undefined) {
      throw usageError(
        '--halt-at و--halt-min-loads للطرح التدريجي فقط (مع --percent أو --staff)',
        '--halt-at and --halt-min-loads only go with a rollout (--percent or --staff)',
      );
    }
    return null;
  }
  const staff =
    typeof staffOption === 'string'
      ? staffOption
          .split(',')
          .map((email) => email.trim())
          .filter(Boolean)
      : [];
  return {
    percent,
    staff,
    halt: {
      ...(errorsPer100 !== undefined ? { errorsPer100 } : {}),
      ...(minLoads !== undefined ? { minLoads } : {}),
    },
  };
}

/** Runs one release command; resolves to the process exit code (0 done, 1 refused, 2 bad usage). */
export async function runReleaseCli(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { positional, options } = parseArgs(argv);
    const command = positional[0];
    if (!command || options.has('help') || command === 'help') {
      io.stdout(USAGE);
      return command || options.has('help') ? 0 : 2;
    }
    const resolvePath = (p: string) => path.resolve(io.cwd, p);
    const storeOption = options.get('store');
    const storeDir =
      typeof storeOption === 'string'
        ? resolvePath(storeOption)
        : io.env.RELEASE_STORE
          ? resolvePath(io.env.RELEASE_STORE)
          : DEFAULT_STORE_DIR;
    const store = new ReleaseStore({
      dir: storeDir,
      now: io.now,
      hostContractsVersion: io.hostContractsVersion,
    });
    const byOption = options.get('by');
    const by = typeof byOption === 'string' ? byOption : currentUser();
    const reasonOption = options.get('reason');
    const reason = typeof reasonOption === 'string' ? reasonOption : undefined;

    switch (command) {
      case 'publish': {
        expectArgs(positional, 1, 'publish <remote> [--from <dir>]');
        const remote = assertRemoteName(positional[1]!);
        const from = options.get('from');
        const info = store.publish(
          remote,
          typeof from === 'string' ? resolvePath(from) : remoteDistDir(remote),
        );
        io.stdout(
          `نُشر ${remote} ${info.version} / Published ${remote} ${info.version} (contracts ${info.contractsVersion}, built ${info.builtAt})`,
        );
        io.stdout(`  → ${path.join(store.dir, remote, info.version)}`);
        io.stdout(`  pnpm release promote ${remote} ${info.version}`);
        return 0;
      }
      case 'promote': {
        expectArgs(positional, 2, 'promote <remote> <version> [--percent N] [--staff a@x,b@y]');
        const rollout = rolloutRequest(options);
        const result = rollout
          ? store.startRollout(positional[1]!, positional[2]!, { ...rollout, reason }, by)
          : store.promote(positional[1]!, positional[2]!, by, reason);
        if ('percent' in result) {
          const who = [
            ...(result.staff > 0 ? [`${result.staff} named`] : []),
            `${result.percent}% of employees`,
          ].join(' + ');
          io.stdout(
            `${result.updated ? 'عُدّل' : 'بدأ'} طرح ${result.remote} ${result.version} تدريجياً (النسبة ${result.percent}٪، ${countOf(result.staff, 'employee', { zero: 'بلا موظفين بأسمائهم' })}) والإصدار المستقر ${result.stable} / ${result.updated ? 'Changed' : 'Started'} the rollout of ${result.remote} ${result.version} to ${who}; stable stays ${result.stable}`,
          );
          return 0;
        }
        io.stdout(
          result.changed
            ? `رُقّي ${result.remote}: ${result.from ?? '—'} → ${result.to} / Promoted ${result.remote}: ${result.from ?? '(none)'} → ${result.to}`
            : `${result.remote} ${result.to} هو الإصدار الحالي أصلاً / ${result.remote} ${result.to} is already live (nothing changed)`,
        );
        return 0;
      }
      case 'complete': {
        expectArgs(positional, 1, 'complete <remote> [--by <name>] [--reason <text>]');
        const result = store.completeRollout(positional[1]!, by, reason);
        io.stdout(
          `اكتمل طرح ${result.remote}: ${result.to} هو الإصدار المستقر / Completed the rollout of ${result.remote}: ${result.from ?? '(none)'} → ${result.to}`,
        );
        return 0;
      }
      case 'rollback': {
        expectArgs(positional, 1, 'rollback <remote> [--by <name>] [--reason <text>]');
        const result = store.rollback(positional[1]!, by, reason);
        io.stdout(
          `أُعيد ${result.remote}: ${result.from ?? '—'} → ${result.to} / Rolled back ${result.remote}: ${result.from ?? '(none)'} → ${result.to}`,
        );
        return 0;
      }
      case 'status': {
        expectArgs(positional, 0, 'status [--json]');
        const status = store.status();
        const figures = await figuresFor(status, store.dir, io);
        if (options.has('json')) io.stdout(JSON.stringify({ ...status, figures }, null, 2));
        else printStatus(status, figures, io.stdout);
        return 0;
      }
      case 'ensure-local': {
        expectArgs(positional, 0, 'ensure-local');
        ensureLocalReleases(store, io.stdout);
        return 0;
      }
      default:
        throw usageError(`أمر غير معروف: ${command}`, `Unknown command: ${command}\n\n${USAGE}`);
    }
  } catch (error) {
    if (error instanceof ReleaseError) {
      io.stderr(`خطأ: ${error.arabic}`);
      io.stderr(`Error: ${error.english}`);
      return error.code === 'usage' ? 2 : 1;
    }
    io.stderr(`Error: ${(error as Error).stack ?? String(error)}`);
    return 1;
  }
}

/** What browsers reported in the last 24 hours, or why it could not be read. */
type StatusFigures = { since: string; rows: ClientEventSummaryRow[] } | { unavailable: string };

async function figuresFor(
  status: StoreStatus,
  storeDir: string,
  io: CliIo,
): Promise<StatusFigures> {
  const since = new Date((io.now?.() ?? new Date()).getTime() - 24 * 60 * 60_000).toISOString();
  // The figures since the oldest running rollout began, when that is earlier.
  const starts = status.remotes.flatMap((remote) =>
    remote.rollout ? [remote.rollout.startedAt] : [],
  );
  const from = [since, ...starts].sort()[0]!;
  let figuresSince = io.figuresSince;
  if (!figuresSince) {
    const token = readMonitorToken(storeDir, io.env);
    if (!token)
      return { unavailable: 'no monitor token (RELEASE_MONITOR_TOKEN or <store>/.monitor-token)' };
    figuresSince = apiFigures(io.env.API_URL ?? 'http://127.0.0.1:3000', token);
  }
  try {
    return { since: from, rows: await figuresSince(from) };
  } catch (error) {
    return { unavailable: (error as Error).message };
  }
}

function figureText(rows: ClientEventSummaryRow[], remote: string, version: string): string {
  const row = rows.find(
    (candidate) => candidate.remote === remote && candidate.version === version,
  );
  if (!row) return `${version}: no reports`;
  const rate = errorRatePer100(row);
  return `${version}: ${row.sessions} sessions, ${row.loads} loads, ${row.load_failures} load failures, ${row.render_errors} render errors${rate === null ? '' : ` (${Number(rate.toFixed(1))} errors per 100 loads)`}`;
}

function rolloutText(remote: RemoteStatus): string {
  if (!remote.rollout) return '—';
  const { version, percent, staff, halt } = remote.rollout;
  return `${version} to ${percent}%${staff.length > 0 ? ` + ${staff.length} named` : ''} (stops at ${halt.errorsPer100}/100 over ${halt.minLoads}+ loads)`;
}

function printStatus(
  status: StoreStatus,
  figures: StatusFigures,
  out: (line: string) => void,
): void {
  out(`Release store: ${status.dir}`);
  out('');
  const width = Math.max(...status.remotes.map((r) => r.remote.length));
  out(`${'remote'.padEnd(width)}  ${'stable'.padEnd(10)}  ${'rollout'.padEnd(24)}  published`);
  for (const remote of status.remotes) {
    out(
      `${remote.remote.padEnd(width)}  ${(remote.live ?? '—').padEnd(10)}  ${rolloutText(remote).padEnd(24)}  ${remote.available.length > 0 ? remote.available.join(', ') : '—'}`,
    );
    if (remote.stopped) {
      out(
        `${' '.repeat(width)}  rollout of ${remote.stopped.version} stopped automatically at ${remote.stopped.at}: ${remote.stopped.reason}`,
      );
    }
    if ('rows' in figures) {
      for (const version of [remote.live, remote.rollout?.version]) {
        if (version)
          out(`${' '.repeat(width)}  ${figureText(figures.rows, remote.remote, version)}`);
      }
    }
  }
  out('');
  out(
    'rows' in figures
      ? `Browser reports since ${figures.since} (الأرقام من تقارير المتصفحات).`
      : `Browser reports unavailable: ${figures.unavailable}`,
  );
  out('');
  if (status.recent.length === 0) {
    out('No promotions yet.');
    return;
  }
  out('Recent changes:');
  for (const entry of status.recent) {
    const share =
      entry.percent !== undefined
        ? ` (${entry.percent}%${entry.staff ? ` + ${entry.staff} named` : ''})`
        : '';
    out(
      `  ${entry.at}  ${entry.action.padEnd(16)}  ${entry.remote.padEnd(width)}  ${entry.from ?? '—'} → ${entry.to}${share}  by ${entry.by}${entry.reason ? `: ${entry.reason}` : ''}`,
    );
  }
}
