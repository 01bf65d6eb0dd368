/**
 * Per-operation figures of one run, kept lean: each latency pushed to an array (percentiles are
 * computed once at the end), errors counted with a few distinct examples for the report.
 */

export interface OpStats {
  name: string;
  read: boolean;
  latencies: number[];
  errors: number;
  /** A short description of each distinct failure → how often (at most 10 kinds kept). */
  errorKinds: Map<string, number>;
}

export class Recorder {
  readonly ops = new Map<string, OpStats>();

  /** Declares the operations in the order they are printed. */
  constructor(ops: readonly { name: string; read: boolean }[]) {
    for (const op of ops)
      this.ops.set(op.name, {
        name: op.name,
        read: op.read,
        latencies: [],
        errors: 0,
        errorKinds: new Map(),
      });
  }

  private of(name: string): OpStats {
    const stats = this.ops.get(name);
    if (!stats) throw new Error(`unknown operation ${name}`);
    return stats;
  }

  ok(name: string, ms: number): void {
    this.of(name).latencies.push(ms);
  }

  /**
   * A non-2xx answer or a network error: counted as a request (its latency too) and an error.
   * `ms` null: an error found after the request was already counted (an answer of the wrong shape).
   */
  error(name: string, ms: number | null, kind: string): void {
    const stats = this.of(name);
    if (ms !== null) stats.latencies.push(ms);
    stats.errors += 1;
    const key = kind.slice(0, 160);
    if (stats.errorKinds.has(key) || stats.errorKinds.size < 10)
      stats.errorKinds.set(key, (stats.errorKinds.get(key) ?? 0) + 1);
  }
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
    Number.NaN
  );
}

export interface Summary {
  seconds: number;
  /** The API's event-loop delay over the window (its bench route; one worker's with several). */
  eventLoopMs?: { p99: number; max: number };
  requests: number;
  readRequests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rows: {
    name: string;
    read: boolean;
    count: number;
    perSecond: number;
    p50: number;
    p95: number;
    p99: number;
    max: number;
    errors: number;
  }[];
}

export function summarise(recorder: Recorder, seconds: number): Summary {
  const all: number[] = [];
  const rows: Summary['rows'] = [];
  let readRequests = 0;
  let errors = 0;
  for (const stats of recorder.ops.values()) {
    const sorted = Float64Array.from(stats.latencies).sort();
    for (const value of sorted) all.push(value);
    if (stats.read) readRequests += sorted.length;
    errors += stats.errors;
    const values = Array.from(sorted);
    rows.push({
      name: stats.name,
      read: stats.read,
      count: values.length,
      perSecond: values.length / seconds,
      p50: percentile(values, 50),
      p95: percentile(values, 95),
      p99: percentile(values, 99),
      max: values[values.length - 1] ?? Number.NaN,
      errors: stats.errors,
    });
  }
  all.sort((a, b) => a - b);
  return {
    seconds,
    requests: all.length,
    readRequests,
    errors,
    p50: percentile(all, 50),
    p95: percentile(all, 95),
    p99: percentile(all, 99),
    rows,
  };
}

/** A Markdown table, columns padded (numbers right-aligned). */
export function table(header: string[], body: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  return [
    line(header),
    `|${widths.map((width, column) => (column === 0 ? '-'.repeat(width + 2) : `${'-'.repeat(width + 1)}:`)).join('|')}|`,
    ...body.map(line),
  ].join('\n');
}

export const fixed = (value: number, digits = 1) =>
  Number.isFinite(value) ? value.toFixed(digits) : '–';
