import path from 'node:path';
import { DEFAULT_STORE_DIR, remoteDistDir } from '../paths';
import { ensureLocalReleases } from './ensure-local-releases';
import { ReleaseError } from './release-error';
import { ReleaseStore, assertRemoteName, currentUser, type StoreStatus } from './release-store';

export interface CliIo {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** Where relative paths given on the command line are resolved (pnpm's INIT_CWD when run through pnpm). */
  cwd: string;
  /** Tests pin the clock and the host's contracts version. */
  now?: () => Date;
  hostContractsVersion?: string;
}

export const USAGE = `Usage: pnpm release <command> [options]

  publish <remote> [--from <dir>]        copy a build (default <remote>/dist) into the store, immutably
  promote <remote> <version> [--by <n>]  make a published version live (contracts major must match the host's)
  rollback <remote> [--by <n>]           go back to the version promoted before the live one
  status [--json]                        live version, published versions and recent changes per remote
  ensure-local                           publish + promote local builds missing from the store (pnpm start)

Options:
  --store <dir>   the release store (default: $RELEASE_STORE, else <repo>/.release-store)
  --by <name>     who is releasing, for the history (default: the OS user)`;

interface ParsedArgs {
  positional: string[];
  options: Map<string, string | true>;
}

const VALUE_OPTIONS = new Set(['store', 'from', 'by']);
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

/** Runs one release command; returns the process exit code (0 done, 1 refused, 2 bad usage). */
export function runReleaseCli(argv: readonly string[], io: CliIo): number {
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
        expectArgs(positional, 2, 'promote <remote> <version> [--by <name>]');
        const result = store.promote(positional[1]!, positional[2]!, by);
        io.stdout(
          result.changed
            ? `رُقّي ${result.remote}: ${result.from ?? '—'} → ${result.to} / Promoted ${result.remote}: ${result.from ?? '(none)'} → ${result.to}`
            : `${result.remote} ${result.to} هو الإصدار الحالي أصلاً / ${result.remote} ${result.to} is already live (nothing changed)`,
        );
        return 0;
      }
      case 'rollback': {
        expectArgs(positional, 1, 'rollback <remote> [--by <name>]');
        const result = store.rollback(positional[1]!, by);
        io.stdout(
          `أُعيد ${result.remote}: ${result.from ?? '—'} → ${result.to} / Rolled back ${result.remote}: ${result.from ?? '(none)'} → ${result.to}`,
        );
        return 0;
      }
      case 'status': {
        expectArgs(positional, 0, 'status [--json]');
        const status = store.status();
        if (options.has('json')) io.stdout(JSON.stringify(status, null, 2));
        else printStatus(status, io.stdout);
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

function printStatus(status: StoreStatus, out: (line: string) => void): void {
  out(`Release store: ${status.dir}`);
  out('');
  const width = Math.max(...status.remotes.map((r) => r.remote.length));
  out(`${'remote'.padEnd(width)}  ${'live'.padEnd(10)}  published`);
  for (const { remote, live, available } of status.remotes) {
    out(
      `${remote.padEnd(width)}  ${(live ?? '—').padEnd(10)}  ${available.length > 0 ? available.join(', ') : '—'}`,
    );
  }
  out('');
  if (status.recent.length === 0) {
    out('No promotions yet.');
    return;
  }
  out('Recent changes:');
  for (const entry of status.recent) {
    out(
      `  ${entry.at}  ${entry.action.padEnd(8)}  ${entry.remote.padEnd(width)}  ${entry.from ?? '—'} → ${entry.to}  by ${entry.by}`,
    );
  }
}
