import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the reporter is CommonJS, as jest loads it
const SummaryReporter = require('../jest/summary-reporter.js') as new (
  globalConfig: { rootDir: string },
  options: { label: string },
) => { onRunStart(): void; onRunComplete(contexts: unknown, results: unknown): void };

const file = (project: string, name: string, start: number, seconds: number) => ({
  displayName: { name: project, color: 'white' },
  testFilePath: `/repo/${project}/test/${name}`,
  perfStats: { start, end: start + seconds * 1000 },
});

const results = {
  numPassedTests: 12,
  numFailedTests: 1,
  numRuntimeErrorTestSuites: 1,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [
    file('mf-services', 'list.test.tsx', 1000, 4),
    file('api-server', 'families.test.ts', 1000, 20.2),
    file('api-server', 'seasons.test.ts', 2000, 10),
    file('shared-ui', 'dialog.test.tsx', 1000, 1),
    // A file that failed to run has no times, nor its project's name.
    {
      testFilePath: '/repo/shared-ui/test/broken.test.tsx',
      perfStats: { start: 0, end: 0 },
    },
  ],
};

describe('the summary CI prints', () => {
  const env = { summary: process.env.ATAA_TEST_SUMMARY, timings: process.env.ATAA_TEST_TIMINGS };
  let dir = '';
  let printed = '';

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'summary-reporter-'));
    process.env.ATAA_TEST_SUMMARY = path.join(dir, 'summary');
    process.env.ATAA_TEST_TIMINGS = path.join(dir, 'timings');
    printed = '';
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      printed += String(chunk);
      return true;
    });
  });

  afterEach(() => {
    jest.restoreAllMocks();
    fs.rmSync(dir, { recursive: true, force: true });
    for (const [name, value] of [
      ['ATAA_TEST_SUMMARY', env.summary],
      ['ATAA_TEST_TIMINGS', env.timings],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  test('the closing line CI reads, and the counts for its total', () => {
    const reporter = new SummaryReporter({ rootDir: '/repo' }, { label: 'unit' });
    reporter.onRunStart();
    reporter.onRunComplete([], results);
    expect(printed.trimEnd().split('\n').at(-1)).toBe('unit: 12 passed, 2 failed');
    expect(fs.readFileSync(path.join(dir, 'summary'), 'utf8')).toBe('12 2 0\n');
  });

  test('each project’s time (its files added up, slowest first) and the run’s wall time, printed and kept for CI', () => {
    const reporter = new SummaryReporter({ rootDir: '/repo' }, { label: 'unit' });
    reporter.onRunStart();
    reporter.onRunComplete([], results);
    const timings = fs.readFileSync(path.join(dir, 'timings'), 'utf8').trimEnd().split('\n');
    expect(timings[0]).toMatch(/^unit \(wall time of the run\) +\d+\.\d s$/);
    expect(timings.slice(1).map((line) => line.replace(/ +/g, ' '))).toEqual([
      'unit api-server 30.2 s (2 files)',
      'unit mf-services 4.0 s (1 file)',
      'unit shared-ui 1.0 s (2 files)',
    ]);
    for (const line of timings) expect(printed).toContain(line);
    expect(printed).toMatch(
      /unit slowest files:\n +20\.2 s {2}api-server\/test\/families\.test\.ts\n +10\.0 s {2}api-server\/test\/seasons\.test\.ts/,
    );
  });
});
