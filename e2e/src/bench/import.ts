/**
 * `BENCH_ONLY=import pnpm bench`: a large family import through the API (docs/family-import.md).
 * An XLSX of N families with 4 members each (BENCH_IMPORT_FAMILIES, BENCH_IMPORT_MEMBERS) is
 * written with ExcelJS's streaming writer, uploaded to an API process of its own, validated, and
 * committed. Timed: the upload request (read and stored, 202), validation (202 → `ready`),
 * upload → `ready`, and the commit (commit → `done`); the API process's resident memory (RSS,
 * /proc/<pid>/status) is sampled every 100 ms through each stage, and another employee's requests
 * (a search, the list, their account; one every 200 ms) are timed through each stage (p95 ≤
 * 300 ms is the target). Figures, not a test.
 *
 * Databases: BENCH_IMPORT_DATABASES=pglite,postgres (both by default; PostgreSQL at
 * BENCH_DATABASE_URL, else the local test server, in a schema of its own dropped at the end).
 * Sizes: 10,000 families on PGlite and 50,000 on PostgreSQL by default, the sizes of the targets;
 * BENCH_IMPORT_FAMILIES sets both (run it small first: BENCH_IMPORT_FAMILIES=500).
 *
 * The API's file limits (IMPORT_MAX_BYTES 20 MB, IMPORT_MAX_ROWS 100,000) refuse a file of
 * 50,000 families with 200,000 members (250,000 rows): when the file is over them, the bench
 * raises them for its own API process and says so.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from 'api-server/src/config';
import { dropPostgresSchema, isPostgresReachable } from 'api-server/test/support/postgres-probe';
import { computeSaudiIdCheckDigit } from 'shared-contracts';
import {
  IMPORT_LIMITS,
  IMPORT_SHEET_NAMES,
  type FamilyImport,
} from 'shared-contracts/beneficiaries';
import { startBenchApi, stopBenchProcess } from './api-process';
import { section, table } from './format';
import { portInUse } from './site';

const MEMBERS = Math.max(0, Number(process.env.BENCH_IMPORT_MEMBERS ?? 4));
const SIZE_OVERRIDE = Number(process.env.BENCH_IMPORT_FAMILIES ?? 0);
const DATABASES = (process.env.BENCH_IMPORT_DATABASES ?? 'pglite,postgres')
  .split(',')
  .map((name) => name.trim());
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PORT = Number(process.env.BENCH_PORT_BASE ?? 3940) + 45;
const POLL_MS = 250;
const RSS_EVERY_MS = 100;
/** A stage whose progress does not move for this long is given up. */
const STALL_MS = 10 * 60_000;
const MB = 1024 * 1024;

interface Target {
  readonly label: 'PGlite' | 'PostgreSQL';
  readonly families: number;
  readonly validationS: number;
  readonly commitS: number;
}

/** The targets: 50,000 families on PostgreSQL, 10,000 on PGlite; RSS growth ≤ 300 MB on both. */
const TARGETS: Record<'pglite' | 'postgres', Target> = {
  pglite: { label: 'PGlite', families: 10_000, validationS: 120, commitS: 120 },
  postgres: { label: 'PostgreSQL', families: 50_000, validationS: 60, commitS: 180 },
};
const RSS_GROWTH_TARGET_MB = 300;

/** A valid Saudi citizen ID from a serial (8 digits after the leading 1). */
function nationalId(serial: number): string {
  const firstNine = `1${String(serial % 100_000_000).padStart(8, '0')}`;
  return `${firstNine}${computeSaudiIdCheckDigit(firstNine)}`;
}

const DIGIT_LETTERS = 'ابتثجحخدذر';
/** Names must be letters: a number spelled with one Arabic letter per digit (unique names). */
const letters = (n: number) => [...String(n)].map((digit) => DIGIT_LETTERS[Number(digit)]).join('');

const MEMBER_SHAPES = [
  { name: 'نورة', relationship: 'spouse', gender: 'أنثى', birth: '1984-05-05' },
  { name: 'فيصل', relationship: 'son', gender: 'ذكر', birth: '2008-02-10' },
  { name: 'ريم', relationship: 'daughter', gender: 'أنثى', birth: '2011-07-21' },
  { name: 'ماجد', relationship: 'son', gender: 'ذكر', birth: '2015-11-03' },
] as const;

/**
 * Writes the file row by row (ExcelJS's streaming writer: the bench never holds the workbook),
 * every family valid and unique (IDs, phones, head names), so every row is created.
 */
async function writeFile(file: string, families: number): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: false,
    useSharedStrings: true,
  });
  const familySheet = book.addWorksheet(IMPORT_SHEET_NAMES.families);
  familySheet
    .addRow([
      'head.full_name',
      'head.national_id',
      'head.gender',
      'head.birth_date',
      'head.marital_status',
      'primary_phone',
      'city',
      'district',
      'address',
      'housing_type',
      'housing_ownership',
      'categories',
      'consent_data_processing',
    ])
    .commit();
  const base = 10_000_000;
  for (let i = 0; i < families; i += 1) {
    familySheet
      .addRow([
        `سعد ${letters(i)} الحربي`,
        nationalId(base + i),
        'ذكر',
        '1978-03-15',
        'married',
        `05${String((base + i) % 100_000_000).padStart(8, '0')}`,
        'الرياض',
        'العليا',
        'شارع الأمير سلطان',
        'شقة',
        'ملك',
        'ذوو الدخل المحدود',
        'نعم',
      ])
      .commit();
  }
  familySheet.commit();
  const memberSheet = book.addWorksheet(IMPORT_SHEET_NAMES.members);
  memberSheet
    .addRow([
      'head_national_id',
      'full_name',
      'national_id',
      'relationship',
      'gender',
      'birth_date',
    ])
    .commit();
  for (let i = 0; i < families; i += 1) {
    const head = nationalId(base + i);
    for (let m = 0; m < MEMBERS; m += 1) {
      const shape = MEMBER_SHAPES[m % MEMBER_SHAPES.length]!;
      memberSheet
        .addRow([
          head,
          `${shape.name} ${letters(i)} الحربي`,
          nationalId(base + (m + 1) * 2_000_000 + i),
          shape.relationship,
          shape.gender,
          shape.birth,
        ])
        .commit();
    }
  }
  memberSheet.commit();
  await book.commit();
}

/** The API process's resident memory, in bytes (Linux). */
function rssOf(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples a process's RSS every 100 ms; `stage()` returns the peak since the last call. */
function rssSampler(pid: number) {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, rssOf(pid) ?? 0);
  };
  const timer = setInterval(sample, RSS_EVERY_MS);
  timer.unref();
  return {
    stage(): number {
      sample();
      const result = peak;
      peak = rssOf(pid) ?? 0;
      return result;
    },
    stop(): void {
      clearInterval(timer);
    },
  };
}

const apiUrl = (route: string) => `http://127.0.0.1:${PORT}/api${route}`;

async function login(): Promise<string> {
  const response = await fetch(apiUrl('/auth/create/sanctum/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD }),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`login failed (${response.status})`);
  return body.data.token;
}

async function call(token: string, method: 'GET' | 'POST', route: string): Promise<FamilyImport> {
  const response = await fetch(apiUrl(route), {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${route}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: FamilyImport }).data;
}

/** How often the staff probe sends a request while a stage runs. */
const STAFF_EVERY_MS = 200;
/** The staff requests of the probe, in turn: a family search, the families list, the signed-in user. */
const STAFF_ROUTES = [
  '/families?search=%D9%81%D9%8A%D8%B5%D9%84&per_page=20',
  '/families?per_page=20',
  '/user',
];
const STAFF_P95_TARGET_MS = 300;

const percentileOf = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Another employee at work while the import runs: one request every 200 ms (search, list, own
 * account), each timed; `stage()` returns the latencies since the last call, sorted.
 */
function staffProbe(token: string) {
  let latencies: number[] = [];
  let failures = 0;
  let turn = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const route = STAFF_ROUTES[turn % STAFF_ROUTES.length]!;
      turn += 1;
      const started = performance.now();
      try {
        const response = await fetch(apiUrl(route), {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        if (response.status >= 300) failures += 1;
        else latencies.push(performance.now() - started);
      } catch {
        failures += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, STAFF_EVERY_MS));
    }
  })();
  return {
    stage(): { sorted: number[]; failures: number } {
      const result = { sorted: [...latencies].sort((a, b) => a - b), failures };
      latencies = [];
      failures = 0;
      return result;
    },
    async stop(): Promise<void> {
      stopped = true;
      await loop;
    },
  };
}

interface StaffFigures {
  requests: number;
  p50: number;
  p95: number;
  failures: number;
}

function staffFigures(stage: { sorted: number[]; failures: number }): StaffFigures {
  return {
    requests: stage.sorted.length,
    p50: percentileOf(stage.sorted, 50),
    p95: percentileOf(stage.sorted, 95),
    failures: stage.failures,
  };
}

const BOUNDARY = '----ataa-import-bench';

/**
 * Sends the file as the upload form does (multipart: `kind`, then `file`). Through node:http
 * rather than fetch: the API reads and stores the whole file before it answers, which on a large
 * file could outlast fetch's five minutes of waiting for the answer's headers.
 */
function upload(token: string, file: string): Promise<FamilyImport> {
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="kind"\r\n\r\nfamilies\r\n` +
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
        'content-type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
    ),
    fs.readFileSync(file),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const request = http.request(
      apiUrl('/imports'),
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(payload.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if ((response.statusCode ?? 0) >= 300)
            reject(new Error(`POST /imports: ${response.statusCode} ${text.slice(0, 300)}`));
          else resolve((JSON.parse(text) as { data: FamilyImport }).data);
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** Asks every 250 ms until the import leaves `status`; prints its progress every 15 s. */
async function waitWhile(
  token: string,
  id: number,
  status: 'validating' | 'committing',
): Promise<FamilyImport> {
  let found = await call(token, 'GET', `/imports/${id}`);
  let lastMove = Date.now();
  let lastProcessed = found.processed_rows;
  let lastPrint = Date.now();
  while (found.status === status) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    found = await call(token, 'GET', `/imports/${id}`);
    if (found.processed_rows !== lastProcessed) {
      lastProcessed = found.processed_rows;
      lastMove = Date.now();
    } else if (Date.now() - lastMove > STALL_MS) {
      throw new Error(`${status}: no progress for ${STALL_MS / 60_000} min at ${lastProcessed}`);
    }
    if (Date.now() - lastPrint > 15_000) {
      lastPrint = Date.now();
      console.log(`    ${status}: ${found.processed_rows} / ${found.total_rows} rows`);
    }
  }
  return found;
}

interface Figures {
  database: string;
  families: number;
  members: number;
  fileMb: number;
  uploadS: number;
  validationS: number;
  readyS: number;
  commitS: number;
  created: number;
  otherStates: string;
  rssBaseMb: number;
  rssValidationMb: number;
  rssCommitMb: number;
  staffValidation: StaffFigures;
  staffCommit: StaffFigures;
  target: Target;
}

const seconds = (from: number) => (performance.now() - from) / 1000;

async function measure(
  target: Target,
  families: number,
  file: string,
  env: Record<string, string>,
): Promise<Figures> {
  const size = fs.statSync(file).size;
  const rows = families * (1 + MEMBERS);
  const limits: Record<string, string> = {};
  if (size > IMPORT_LIMITS.maxBytes) limits.IMPORT_MAX_BYTES = String(size + MB);
  if (rows > IMPORT_LIMITS.maxRows) limits.IMPORT_MAX_ROWS = String(rows);
  if (Object.keys(limits).length > 0)
    console.log(
      `    the file is over the API's default limits (${IMPORT_LIMITS.maxBytes / MB} MB, ${IMPORT_LIMITS.maxRows.toLocaleString('en')} rows): raised for this run: ${JSON.stringify(limits)}`,
    );
  const api = await startBenchApi(PORT, { ...env, ...limits });
  const pid = api.pid ?? 0;
  const rss = rssSampler(pid);
  let staff: ReturnType<typeof staffProbe> | null = null;
  try {
    const token = await login();
    staff = staffProbe(await login());
    const rssBase = rssOf(pid) ?? 0;
    rss.stage();
    console.log(`    ${target.label}: uploading (API RSS ${(rssBase / MB).toFixed(0)} MB)…`);
    const uploadStarted = performance.now();
    const uploaded = await upload(token, file);
    const uploadS = seconds(uploadStarted);
    staff.stage();
    const validationStarted = performance.now();
    const ready = await waitWhile(token, uploaded.id, 'validating');
    const validationS = seconds(validationStarted);
    const readyS = seconds(uploadStarted);
    const rssValidation = rss.stage();
    const staffValidation = staffFigures(staff.stage());
    if (ready.status !== 'ready')
      throw new Error(`validation ended ${ready.status}: ${ready.error}`);
    console.log(
      `    upload ${uploadS.toFixed(1)} s, validation ${validationS.toFixed(1)} s: ${JSON.stringify(ready.counts)}; committing…`,
    );
    const commitStarted = performance.now();
    await call(token, 'POST', `/imports/${uploaded.id}/commit`);
    const done = await waitWhile(token, uploaded.id, 'committing');
    const commitS = seconds(commitStarted);
    const rssCommit = rss.stage();
    const staffCommit = staffFigures(staff.stage());
    if (done.status !== 'done') throw new Error(`commit ended ${done.status}: ${done.error}`);
    const { created, ...others } = done.counts;
    return {
      database: target.label,
      families,
      members: families * MEMBERS,
      fileMb: size / MB,
      uploadS,
      validationS,
      readyS,
      commitS,
      created,
      otherStates: Object.entries(others)
        .filter(([, count]) => count > 0)
        .map(([state, count]) => `${state} ${count}`)
        .join(', '),
      rssBaseMb: rssBase / MB,
      rssValidationMb: rssValidation / MB,
      rssCommitMb: rssCommit / MB,
      staffValidation,
      staffCommit,
      target,
    };
  } finally {
    rss.stop();
    await staff?.stop();
    await stopBenchProcess(api, 30_000);
  }
}

const verdict = (value: number, limit: number) => (value <= limit ? 'ok' : 'OVER');

function printFigures(results: Figures[]): void {
  section('Family import figures');
  console.log(
    table(
      [
        'database',
        'families',
        'members',
        'file',
        'upload',
        'validation',
        'upload→ready',
        'commit',
        'created',
        'RSS base',
        'RSS peak valid.',
        'RSS peak commit',
        'RSS growth',
      ],
      results.map((run) => [
        run.database,
        run.families.toLocaleString('en'),
        run.members.toLocaleString('en'),
        `${run.fileMb.toFixed(1)} MB`,
        `${run.uploadS.toFixed(1)} s`,
        `${run.validationS.toFixed(1)} s`,
        `${run.readyS.toFixed(1)} s`,
        `${run.commitS.toFixed(1)} s`,
        `${run.created.toLocaleString('en')}${run.otherStates ? ` (${run.otherStates})` : ''}`,
        `${run.rssBaseMb.toFixed(0)} MB`,
        `${run.rssValidationMb.toFixed(0)} MB`,
        `${run.rssCommitMb.toFixed(0)} MB`,
        `${(Math.max(run.rssValidationMb, run.rssCommitMb) - run.rssBaseMb).toFixed(0)} MB`,
      ]),
      ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
    ),
  );
  console.log('\nAgainst the targets:');
  for (const run of results) {
    const growth = Math.max(run.rssValidationMb, run.rssCommitMb) - run.rssBaseMb;
    const scale =
      run.families === run.target.families
        ? ''
        : ` — measured on ${run.families.toLocaleString('en')} families, the target is for ${run.target.families.toLocaleString('en')}`;
    console.log(
      `  ${run.database}: upload→ready ${run.readyS.toFixed(1)} s ≤ ${run.target.validationS} s ${verdict(run.readyS, run.target.validationS)}; ` +
        `commit ${run.commitS.toFixed(1)} s ≤ ${run.target.commitS} s ${verdict(run.commitS, run.target.commitS)}; ` +
        `RSS growth ${growth.toFixed(0)} MB ≤ ${RSS_GROWTH_TARGET_MB} MB ${verdict(growth, RSS_GROWTH_TARGET_MB)}${scale}`,
    );
    console.log(
      `    ${(run.families / run.validationS).toFixed(0)} families/s validated, ${(run.created / run.commitS).toFixed(0)} families/s created`,
    );
    for (const [stage, figures] of [
      ['validation', run.staffValidation],
      ['commit', run.staffCommit],
    ] as const)
      console.log(
        `    another employee's requests during ${stage}: ${figures.requests} answered, p50 ${figures.p50.toFixed(0)} ms, ` +
          `p95 ${figures.p95.toFixed(0)} ms ≤ ${STAFF_P95_TARGET_MS} ms ${verdict(figures.p95, STAFF_P95_TARGET_MS)}` +
          (figures.failures > 0 ? `, ${figures.failures} failed or timed out` : ''),
      );
  }
}

async function main(): Promise<void> {
  if (await portInUse(PORT)) {
    console.error(`Port ${PORT} is taken: move the bench with BENCH_PORT_BASE=<port>.`);
    process.exitCode = 1;
    return;
  }
  section('Family import: upload, validation and commit of a large XLSX through the API');
  console.log(
    `  ${MEMBERS} members a family; ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)} (a shared machine: noisy figures)`,
  );
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-import-bench-'));
  const results: Figures[] = [];
  const errors: string[] = [];
  const files = new Map<number, string>();
  /** One file per size, written once. */
  const fileOf = async (families: number) => {
    const known = files.get(families);
    if (known) return known;
    const file = path.join(work, `families-${families}.xlsx`);
    const started = performance.now();
    await writeFile(file, families);
    console.log(
      `  wrote ${families.toLocaleString('en')} families and ${(families * MEMBERS).toLocaleString('en')} members: ${(fs.statSync(file).size / MB).toFixed(1)} MB in ${seconds(started).toFixed(1)} s`,
    );
    files.set(families, file);
    return file;
  };
  try {
    for (const name of DATABASES) {
      if (name !== 'pglite' && name !== 'postgres') continue;
      const target = TARGETS[name];
      const families = SIZE_OVERRIDE > 0 ? SIZE_OVERRIDE : target.families;
      try {
        const file = await fileOf(families);
        if (name === 'pglite') {
          results.push(
            await measure(target, families, file, { DATA_DIR: path.join(work, 'pglite') }),
          );
          continue;
        }
        if (!(await isPostgresReachable(PG_URL))) {
          errors.push(
            `PostgreSQL is not reachable at ${PG_URL.replace(/\/\/[^@]*@/, '//***@')}: left out`,
          );
          continue;
        }
        const schema = `bench_import_${process.pid}_${randomBytes(3).toString('hex')}`;
        try {
          results.push(
            await measure(target, families, file, {
              DATABASE_URL: PG_URL,
              DATABASE_SCHEMA: schema,
            }),
          );
        } finally {
          await dropPostgresSchema(PG_URL, schema).catch(() => undefined);
        }
      } catch (error) {
        errors.push(`${target.label}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  printFigures(results);
  if (errors.length > 0) {
    console.log('\nNot measured:');
    for (const error of errors) console.log(`  ${error}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
