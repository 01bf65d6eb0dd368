/**
 * Linux /proc readings about the API's processes: CPU seconds of each (to show where the 2 cores
 * went during a run), and which cluster worker holds how many of the load generator's keep-alive
 * connections (a connection stays with the worker that accepted it, so one opened while the
 * other worker was still starting would tie that user to one process for the whole run).
 * Elsewhere they return nothing and the report leaves the lines out.
 */
import fs from 'node:fs';

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  cpuSeconds: number;
}

// Kernel clock ticks per second: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK)).
const TICKS = 100;

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state ppid … utime stime …`: comm may contain spaces, so split after its ')'.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    return {
      pid,
      ppid: Number(fields[1]),
      comm,
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS,
    };
  } catch {
    return undefined;
  }
}

/** The process and its descendants (tsx's esbuild helpers left out), with their CPU seconds so far. */
export function processTreeCpu(rootPid: number): { pid: number; cpuSeconds: number }[] {
  return processTree(rootPid).map(({ pid, cpuSeconds }) => ({ pid, cpuSeconds }));
}

function processTree(rootPid: number): ProcStat[] {
  let pids: number[];
  try {
    pids = fs
      .readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
  const stats = pids.map(readStat).filter((stat): stat is ProcStat => stat !== undefined);
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const root = stats.find((stat) => stat.pid === rootPid);
  if (!root) return [];
  const result: ProcStat[] = [];
  const walk = (stat: ProcStat) => {
    if (!stat.comm.includes('esbuild')) result.push(stat);
    for (const child of children.get(stat.pid) ?? []) walk(child);
  };
  walk(root);
  return result;
}

/** Socket inodes of a process's open file descriptors. */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  try {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match?.[1]) inodes.add(match[1]);
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    // process gone
  }
  return inodes;
}

/**
 * For each worker (the descendants of `primaryPid`, itself left out): how many established TCP
 * connections to `port` it holds. Empty when /proc cannot tell.
 */
export function connectionsPerWorker(
  primaryPid: number,
  port: number,
): { pid: number; connections: number }[] {
  let table: string;
  try {
    table = fs.readFileSync('/proc/net/tcp', 'utf8');
  } catch {
    return [];
  }
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  const served = new Set<string>();
  for (const line of table.split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    // local_address ends with :PORT; st 01 = ESTABLISHED; inode is the 10th field.
    if (fields[1]?.endsWith(`:${portHex}`) && fields[3] === '01' && fields[9])
      served.add(fields[9]);
  }
  return processTree(primaryPid)
    .filter((stat) => stat.pid !== primaryPid)
    .map((stat) => ({
      pid: stat.pid,
      connections: [...socketInodes(stat.pid)].filter((inode) => served.has(inode)).length,
    }));
}
