import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { IMPORT_SHEET_NAMES, type FamilyImport } from 'shared-contracts/beneficiaries';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import type { Database } from '../src/db/tables';
import { childEnv, loginToken, spawnApi, type ApiChild } from './support/api-child';
import { mobileFor, validId } from './support/beneficiaries';
import { TEST_ADMIN } from './support/harness';
import { dropPostgresSchema, POSTGRES_URL_ENV } from './support/postgres-probe';

/**
 * The family import's commit survives `kill -9` of the API process running it
 * (docs/family-import.md#commit-in-detail): a file of a few hundred families is uploaded to a
 * real API process, validated, committed, and the process is killed while it creates the
 * families; a new process on the same database finishes the import, every valid row created
 * exactly once. On PostgreSQL, two API processes share one commit: one runs it at a time, and
 * when it is killed the other takes the job over once the lease has run out.
 *
 * The lease (30 s) is not configurable from the environment, so after a kill the test ends the
 * dead runner's lease in the jobs table (what the clock would do 30 s later) rather than waiting.
 */

const FAMILIES = 300;
/** Every 25th family's head has a national ID with a wrong check digit: an invalid row. */
const INVALID_EVERY = 25;
const COMMIT_JOB = 'family_import.commit';
const DIGIT_LETTERS = 'ابتثجحخدذر';
/** Names must be letters: a number spelled with one Arabic letter per digit. */
const letters = (n: number) => [...String(n)].map((digit) => DIGIT_LETTERS[Number(digit)]).join('');

interface ImportFile {
  buffer: Buffer;
  /** Every national ID of the file (heads and spouses, valid or not). */
  nationalIds: string[];
  /** The families-sheet row numbers that validation finds valid. */
  validRows: number[];
}

/**
 * An XLSX of `count` families (a head and a spouse each), every ID and phone unique; every
 * 25th head's ID has a wrong check digit, so the file has invalid rows the commit must leave.
 */
async function familyFile(count: number, serialBase: number): Promise<ImportFile> {
  const book = new ExcelJS.Workbook();
  const families = book.addWorksheet(IMPORT_SHEET_NAMES.families);
  const members = book.addWorksheet(IMPORT_SHEET_NAMES.members);
  families.addRow([
    'head.full_name',
    'head.national_id',
    'head.gender',
    'head.birth_date',
    'primary_phone',
    'city',
    'district',
    'housing_type',
    'housing_ownership',
    'categories',
    'consent_data_processing',
  ]);
  members.addRow([
    'head_national_id',
    'full_name',
    'national_id',
    'relationship',
    'gender',
    'birth_date',
  ]);
  const nationalIds: string[] = [];
  const validRows: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const serial = serialBase + i;
    const goodId = validId(serial);
    const invalid = i % INVALID_EVERY === INVALID_EVERY - 1;
    const headId = invalid ? `${goodId.slice(0, 9)}${(Number(goodId[9]) + 1) % 10}` : goodId;
    const spouseId = validId(serial + 50_000);
    families.addRow([
      `سعد ${letters(i)} الحربي`,
      headId,
      'ذكر',
      '1978-03-15',
      mobileFor(serial),
      'الرياض',
      'العليا',
      'شقة',
      'ملك',
      'ذوو الدخل المحدود',
      'نعم',
    ]);
    members.addRow([headId, `نورة ${letters(i)} الحربي`, spouseId, 'spouse', 'أنثى', '1984-05-05']);
    nationalIds.push(headId, spouseId);
    // Row 1 is the header: family i is row i + 2.
    if (!invalid) validRows.push(i + 2);
  }
  return { buffer: Buffer.from(await book.xlsx.writeBuffer()), nationalIds, validRows };
}

const BOUNDARY = '----ataa-import-crash-test';

async function api<T>(
  child: ApiChild,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  body?: { payload: Buffer; contentType: string },
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${child.url}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': body.contentType } : {}),
    },
    // A copy typed as fetch's body type wants it (a plain ArrayBuffer behind it).
    body: body ? new Uint8Array(body.payload) : undefined,
  });
  return { status: response.status, json: (await response.json()) as T };
}

/** Uploads the file as the upload form does: multipart, `kind` then `file`. */
async function upload(child: ApiChild, token: string, file: ImportFile): Promise<FamilyImport> {
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="kind"\r\n\r\nfamilies\r\n` +
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="register.xlsx"\r\n` +
        'content-type: application/octet-stream\r\n\r\n',
    ),
    file.buffer,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const answer = await api<{ data: FamilyImport }>(child, token, 'POST', '/imports', {
    payload,
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  });
  expect(answer.status).toBe(202);
  return answer.json.data;
}

async function importOf(child: ApiChild, token: string, id: number): Promise<FamilyImport> {
  const answer = await api<{ data: FamilyImport }>(child, token, 'GET', `/imports/${id}`);
  expect(answer.status).toBe(200);
  return answer.json.data;
}

/** Asks again until `until` holds (bounded): waits on the import's state, never on a clock. */
async function waitForImport(
  child: ApiChild,
  token: string,
  id: number,
  until: (found: FamilyImport) => boolean,
  what: string,
): Promise<FamilyImport> {
  let found = await importOf(child, token, id);
  for (let tries = 0; !until(found); tries += 1) {
    if (tries > 3000)
      throw new Error(`import ${id}: ${what} not reached: ${JSON.stringify(found)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    found = await importOf(child, token, id);
  }
  return found;
}

async function familyCount(child: ApiChild, token: string): Promise<number> {
  const answer = await api<{ meta: { total: number } }>(
    child,
    token,
    'GET',
    '/families?per_page=1',
  );
  expect(answer.status).toBe(200);
  return answer.json.meta.total;
}

async function commitJobOf(db: Kysely<Database>, importId: number) {
  const jobs = await db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', COMMIT_JOB)
    .where(sql<boolean>`payload->>'import_id' = ${String(importId)}`)
    .execute();
  expect(jobs).toHaveLength(1);
  return jobs[0]!;
}

/** The dead runner's lease is over: what 30 s would do, at once (see the top of the file). */
async function endLeaseOf(db: Kysely<Database>, jobId: number, worker: string): Promise<void> {
  const ended = await db
    .updateTable('jobs')
    .set({ locked_until: sql<Date>`now() - interval '1 second'` })
    .where('id', '=', jobId)
    .where('status', '=', 'running')
    .where('locked_by', '=', worker)
    .executeTakeFirst();
  expect(Number(ended.numUpdatedRows)).toBe(1);
}

/** `locked_by` is `host:pid:random`: the pid says which process holds the job. */
const pidOf = (worker: string | null) => Number(worker?.split(':')[1]);

async function createdRows(db: Kysely<Database>, importId: number): Promise<number> {
  const row = await db
    .selectFrom('family_import_rows')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('import_id', '=', importId)
    .where('state', '=', 'created')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The end state: every valid row created exactly once and nothing else — each valid row
 * `created` with a family of its own, every invalid row left, no national ID held twice, each
 * family whole (its head and spouse, its one creation in the activity log), and the register
 * grown by exactly the valid rows.
 */
async function expectEveryValidRowCreatedOnce(
  db: Kysely<Database>,
  importId: number,
  file: ImportFile,
  familiesBefore: number,
): Promise<void> {
  const found = await db
    .selectFrom('family_imports')
    .selectAll()
    .where('id', '=', importId)
    .executeTakeFirstOrThrow();
  expect(found.status).toBe('done');
  expect(found.processed_rows).toBe(found.total_rows);
  const rows = await db
    .selectFrom('family_import_rows')
    .select(['row_number', 'state', 'family_id'])
    .where('import_id', '=', importId)
    .orderBy('row_number')
    .execute();
  expect(rows).toHaveLength(FAMILIES);
  const created = rows.filter((row) => row.state === 'created');
  expect(created.map((row) => row.row_number)).toEqual(file.validRows);
  expect(rows.filter((row) => row.state !== 'created').map((row) => row.state)).toEqual(
    Array.from({ length: FAMILIES - file.validRows.length }, () => 'invalid'),
  );
  const familyIds = created.map((row) => row.family_id);
  expect(familyIds.every((id) => id !== null)).toBe(true);
  expect(new Set(familyIds).size).toBe(created.length);

  const holders = await db
    .selectFrom('family_members')
    .select(['national_id', 'family_id'])
    .where('national_id', 'in', file.nationalIds)
    .execute();
  // Heads and spouses of the valid rows, each once, in the family its row names.
  expect(holders).toHaveLength(file.validRows.length * 2);
  expect(new Set(holders.map((holder) => holder.national_id)).size).toBe(holders.length);
  const ours = new Set(familyIds);
  expect(holders.every((holder) => ours.has(holder.family_id))).toBe(true);
  const perFamily = await db
    .selectFrom('family_members')
    .select(['family_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where(
      'family_id',
      'in',
      familyIds.filter((id): id is number => id !== null),
    )
    .groupBy('family_id')
    .execute();
  expect(perFamily.map((entry) => Number(entry.n))).toEqual(created.map(() => 2));
  const logged = await db
    .selectFrom('activity_log')
    .select(['family_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('entity_type', '=', 'family')
    .where('action', '=', 'create')
    .where(
      'family_id',
      'in',
      familyIds.filter((id): id is number => id !== null),
    )
    .groupBy('family_id')
    .execute();
  expect(logged).toHaveLength(created.length);
  expect(logged.every((entry) => Number(entry.n) === 1)).toBe(true);

  const total = await sql<{ n: string }>`select count(*)::text as n from families`.execute(db);
  expect(Number(total.rows[0]?.n)).toBe(familiesBefore + file.validRows.length);
}

function stillRunning(child: ApiChild): boolean {
  return child.process.exitCode === null && child.process.signalCode === null;
}

async function stopGracefully(child: ApiChild): Promise<void> {
  child.process.kill('SIGTERM');
  expect(await child.exited).toEqual({ code: 0, signal: null });
}

interface CrashTarget {
  name: 'pglite' | 'postgres';
  env(): Record<string, string>;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-import-crash-'));
const targets: CrashTarget[] = [
  {
    name: 'pglite',
    env: () => ({ DATA_DIR: path.join(work, 'pglite') }),
    open: () => openDatabase({ kind: 'pglite', dataDir: path.join(work, 'pglite') }),
    drop: async () => undefined,
  },
];
const postgresUrl = process.env[POSTGRES_URL_ENV];
if (postgresUrl) {
  const schema = `ataa_test_import_crash_${randomBytes(4).toString('hex')}`;
  targets.push({
    name: 'postgres',
    env: () => ({ DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema }),
    open: () =>
      openDatabase({ kind: 'postgres', connectionString: postgresUrl, schema, maxConnections: 2 }),
    drop: () => dropPostgresSchema(postgresUrl, schema),
  });
}

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const serialBase = 40_000_000 + (process.pid % 1000) * 1000;

describe.each(targets.map((target) => [target.name, target] as const))(
  'family import: kill -9 during the commit [%s]',
  (_name, target) => {
    const children: ApiChild[] = [];
    afterAll(async () => {
      for (const child of children) if (stillRunning(child)) child.process.kill('SIGKILL');
      await Promise.all(children.map((child) => child.exited));
      await target.drop();
    });

    test('a new process finishes the import: every valid row created exactly once', async () => {
      const file = await familyFile(FAMILIES, serialBase);
      const first = await spawnApi(childEnv(target.env()));
      children.push(first);
      const token = await loginToken(first.url, TEST_ADMIN.email, TEST_ADMIN.password);
      const familiesBefore = await familyCount(first, token);
      const uploaded = await upload(first, token, file);
      const ready = await waitForImport(
        first,
        token,
        uploaded.id,
        (found) => found.status !== 'validating',
        'the end of validation',
      );
      expect(ready.status).toBe('ready');
      expect(ready.counts).toMatchObject({
        valid: file.validRows.length,
        invalid: FAMILIES - file.validRows.length,
        duplicate: 0,
      });

      const commit = await api<{ data: FamilyImport }>(
        first,
        token,
        'POST',
        `/imports/${uploaded.id}/commit`,
      );
      expect(commit.status).toBe(202);
      // Killed while it creates the families: some rows are committed, not all.
      const midway = await waitForImport(
        first,
        token,
        uploaded.id,
        (found) => found.counts.created >= 10 || found.status !== 'committing',
        'ten families created',
      );
      first.process.kill('SIGKILL');
      await first.exited;
      expect(midway.status).toBe('committing');

      const database = await target.open();
      let createdAtKill = 0;
      try {
        createdAtKill = await createdRows(database.db, uploaded.id);
        expect(createdAtKill).toBeGreaterThanOrEqual(10);
        expect(createdAtKill).toBeLessThan(file.validRows.length);
        const job = await commitJobOf(database.db, uploaded.id);
        expect(job).toMatchObject({ status: 'running', attempts: 1 });
        expect(pidOf(job.locked_by)).toBe(first.process.pid);
        await endLeaseOf(database.db, job.id, job.locked_by ?? '');
      } finally {
        await database.close();
      }

      const second = await spawnApi(childEnv(target.env()));
      children.push(second);
      const secondToken = await loginToken(second.url, TEST_ADMIN.email, TEST_ADMIN.password);
      const done = await waitForImport(
        second,
        secondToken,
        uploaded.id,
        (found) => found.status !== 'committing',
        'the end of the commit',
      );
      expect(done.status).toBe('done');
      expect(done.counts).toEqual({
        valid: 0,
        invalid: FAMILIES - file.validRows.length,
        duplicate: 0,
        created: file.validRows.length,
        updated: 0,
        skipped: 0,
      });
      await stopGracefully(second);

      const after = await target.open();
      try {
        await expectEveryValidRowCreatedOnce(after.db, uploaded.id, file, familiesBefore);
        const job = await commitJobOf(after.db, uploaded.id);
        // Taken up once after the kill, by the new process; done.
        expect(job).toMatchObject({ status: 'done', attempts: 2, locked_by: null });
      } finally {
        await after.close();
      }
      console.log(
        `[${target.name}] import crash: killed after ${createdAtKill} of ${file.validRows.length} families; the new process created the rest`,
      );
    }, 120_000);
  },
);

if (postgresUrl) {
  describe('family import: two API processes on one PostgreSQL', () => {
    const schema = `ataa_test_import_two_${randomBytes(4).toString('hex')}`;
    const env = () => childEnv({ DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema });
    const children: ApiChild[] = [];
    let database: DatabaseHandle | undefined;
    /** Ends the test's lock on a row of the file (also when the test failed while holding it). */
    let release: () => void = () => undefined;

    afterAll(async () => {
      release();
      for (const child of children) if (stillRunning(child)) child.process.kill('SIGKILL');
      await Promise.all(children.map((child) => child.exited));
      await database?.close();
      await dropPostgresSchema(postgresUrl, schema);
    });

    test('one process runs the commit; killed, the other takes it over after the lease, and no family is created twice', async () => {
      const file = await familyFile(FAMILIES, serialBase + 100_000);
      // One after the other: the second finds the schema migrated.
      const a = await spawnApi(env());
      children.push(a);
      const b = await spawnApi(env());
      children.push(b);
      const processes = new Map([
        [a.process.pid, a],
        [b.process.pid, b],
      ]);
      database = await openDatabase({
        kind: 'postgres',
        connectionString: postgresUrl,
        schema,
        maxConnections: 3,
      });
      const { db } = database;
      const token = await loginToken(a.url, TEST_ADMIN.email, TEST_ADMIN.password);
      const familiesBefore = await familyCount(a, token);
      const uploaded = await upload(a, token, file);
      const ready = await waitForImport(
        a,
        token,
        uploaded.id,
        (found) => found.status !== 'validating',
        'the end of validation',
      );
      expect(ready.status).toBe('ready');

      // A row in the middle of the file locked by the test: whichever process runs the commit
      // stops there, mid-file, until the lock is released (its other lanes finish the rest of
      // that batch; the next batch waits for the held row).
      const heldRow = file.validRows[Math.floor(file.validRows.length / 2)]!;
      const createdBeforeHeld = file.validRows.filter((row) => row < heldRow).length;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const lock = db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('family_import_rows')
          .select('id')
          .where('import_id', '=', uploaded.id)
          .where('sheet', '=', 'families')
          .where('row_number', '=', heldRow)
          .forUpdate()
          .executeTakeFirstOrThrow();
        holding();
        await released;
      });
      await held;

      const commit = await api<{ data: FamilyImport }>(
        b,
        token,
        'POST',
        `/imports/${uploaded.id}/commit`,
      );
      expect(commit.status).toBe(202);
      await waitForImport(
        a,
        token,
        uploaded.id,
        (found) => found.counts.created >= createdBeforeHeld,
        'the commit up to the held row',
      );
      const running = await commitJobOf(db, uploaded.id);
      // One claim so far, by one of the two processes; the other has not taken the job.
      expect(running).toMatchObject({ status: 'running', attempts: 1 });
      const runner = processes.get(pidOf(running.locked_by));
      expect(runner).toBeDefined();
      const survivor = runner === a ? b : a;

      runner?.process.kill('SIGKILL');
      await runner?.exited;
      const createdAtKill = await createdRows(db, uploaded.id);
      expect(createdAtKill).toBeGreaterThanOrEqual(createdBeforeHeld);
      expect(createdAtKill).toBeLessThan(file.validRows.length);
      // Its lease still holds: the job is the dead process's until the lease runs out.
      expect(await commitJobOf(db, uploaded.id)).toMatchObject({
        status: 'running',
        attempts: 1,
        locked_by: running.locked_by,
      });
      await endLeaseOf(db, running.id, running.locked_by ?? '');
      // The survivor's runner finds the abandoned job on its next look (every two seconds).
      for (let tries = 0; ; tries += 1) {
        const job = await commitJobOf(db, uploaded.id);
        if (job.attempts > 1) {
          expect(job).toMatchObject({ status: 'running', attempts: 2 });
          expect(pidOf(job.locked_by)).toBe(survivor.process.pid);
          break;
        }
        if (tries > 1000) throw new Error(`the job was not taken over: ${JSON.stringify(job)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // The dead runner's rows stay created; the survivor goes on from them.
      expect(await createdRows(db, uploaded.id)).toBeGreaterThanOrEqual(createdAtKill);
      release();
      await lock;

      const done = await waitForImport(
        survivor,
        token,
        uploaded.id,
        (found) => found.status !== 'committing',
        'the end of the commit',
      );
      expect(done.status).toBe('done');
      expect(done.counts.created).toBe(file.validRows.length);
      await stopGracefully(survivor);

      await expectEveryValidRowCreatedOnce(db, uploaded.id, file, familiesBefore);
      // Two claims in all: the first runner's and, after its death, the survivor's.
      expect(await commitJobOf(db, uploaded.id)).toMatchObject({
        status: 'done',
        attempts: 2,
        locked_by: null,
      });
    }, 120_000);
  });
}
