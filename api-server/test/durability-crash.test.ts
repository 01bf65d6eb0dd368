import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { TEST_ADMIN } from './support/harness';
import { childEnv, loginToken, spawnApi, type ApiChild } from './support/api-child';
import { dropPostgresSchema, POSTGRES_URL_ENV } from './support/postgres-probe';

/**
 * Every write a client saw acknowledged survives `kill -9` of the API at any moment,
 * and no partial record is ever visible. A child process runs the API; two clients stream family
 * creates (a head and two members each) and edits; the child is killed with SIGKILL at random
 * moments and restarted on the same database; at the end the database is read directly.
 */

const KILLS = 3;
const DIGIT_LETTERS = 'ابتثجحخدذر';
/** Names must be letters: the counter spelled with one Arabic letter per digit. */
const code = (n: number) => [...String(n)].map((digit) => DIGIT_LETTERS[Number(digit)]).join('');
const PREFIX = 'اختبار';

interface FamilyState {
  /** The creation's unique name prefix. */
  tag: string;
  /**
   * The client that created it, the only one that edits it: two clients' edits of one family
   * could be committed in one order and answered in the other, and the ledger could not tell
   * which name is last.
   */
  owner: number;
  id: number;
  headId: number;
  members: { id: number; full_name: string }[];
  /** The head's name as last acknowledged, and names sent but not acknowledged since. */
  ackedHead: string;
  possibleHeads: Set<string>;
  ackedEdits: number;
}

interface Ledger {
  families: Map<string, FamilyState>;
  /** Creates sent without an answer (the kill came first): each may exist at most once. */
  unacked: Set<string>;
  counter: number;
  /** Answers other than success: none expected (a lost connection after the kill is not one). */
  refused: string[];
}

class RefusedWrite extends Error {}

interface FamilyResponse {
  data: { id: number; members: { id: number; full_name: string }[] };
}

async function post(
  url: string,
  token: string,
  method: 'POST' | 'PUT',
  body: unknown,
): Promise<FamilyResponse | undefined> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 200 && response.status !== 201)
    throw new RefusedWrite(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as FamilyResponse;
}

/** One client: creates and edits until the server goes away; errors after the kill are expected. */
async function stream(
  api: ApiChild,
  token: string,
  ledger: Ledger,
  stop: { stopped: boolean },
  client: number,
): Promise<void> {
  while (!stop.stopped) {
    const known = [...ledger.families.values()].filter((family) => family.owner === client);
    const edit =
      known.length > 0 && randomInt(3) === 0 ? known[randomInt(known.length)] : undefined;
    if (edit) {
      const tag = `${PREFIX} ${code(edit.id)}`;
      const name = `${tag} معدل ${code(++ledger.counter)}`;
      edit.possibleHeads.add(name);
      try {
        const body = { head: { id: edit.headId, full_name: name }, members: edit.members };
        const answer = await post(`${api.url}/families/${edit.id}`, token, 'PUT', body);
        if (!answer) return;
        edit.ackedHead = name;
        edit.possibleHeads = new Set([name]);
        edit.ackedEdits += 1;
      } catch (error) {
        if (error instanceof RefusedWrite) ledger.refused.push(error.message);
        return;
      }
      continue;
    }
    const tag = `${PREFIX} ${code(++ledger.counter)}`;
    ledger.unacked.add(tag);
    try {
      const answer = await post(`${api.url}/families`, token, 'POST', {
        save_as_draft: true,
        head: { full_name: `${tag} رب` },
        members: [{ full_name: `${tag} ابن` }, { full_name: `${tag} ابنة` }],
        primary_phone: '',
      });
      if (!answer) return;
      const [head, ...members] = answer.data.members;
      if (!head) throw new Error('no head in the answer');
      ledger.unacked.delete(tag);
      const headName = `${tag} رب`;
      ledger.families.set(tag, {
        tag,
        owner: client,
        id: answer.data.id,
        headId: head.id,
        members: members.map((member) => ({ id: member.id, full_name: member.full_name })),
        ackedHead: headName,
        possibleHeads: new Set([headName]),
        ackedEdits: 0,
      });
    } catch (error) {
      if (error instanceof RefusedWrite) ledger.refused.push(error.message);
      return;
    }
  }
}

interface CrashTarget {
  name: 'pglite' | 'postgres';
  env(): Record<string, string>;
  open(): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-crash-'));
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
  const schema = `ataa_test_crash_${randomBytes(4).toString('hex')}`;
  targets.push({
    name: 'postgres',
    env: () => ({ DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema }),
    open: () =>
      openDatabase({ kind: 'postgres', connectionString: postgresUrl, schema, maxConnections: 2 }),
    drop: () => dropPostgresSchema(postgresUrl, schema),
  });
}

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe.each(targets.map((target) => [target.name, target] as const))(
  'durability: kill -9 mid-write [%s]',
  (_name, target) => {
    const children: ApiChild[] = [];
    afterAll(async () => {
      for (const child of children)
        if (child.process.exitCode === null && child.process.signalCode === null)
          child.process.kill('SIGKILL');
      await Promise.all(children.map((child) => child.exited));
      await target.drop();
    });

    test('every acknowledged write is there exactly once, and nothing partial', async () => {
      const ledger: Ledger = { families: new Map(), unacked: new Set(), counter: 0, refused: [] };
      for (let round = 0; round <= KILLS; round += 1) {
        const api = await spawnApi(childEnv(target.env()));
        children.push(api);
        if (round === KILLS) {
          api.process.kill('SIGTERM');
          expect((await api.exited).code).toBe(0);
          break;
        }
        const token = await loginToken(api.url, TEST_ADMIN.email, TEST_ADMIN.password);
        const stop = { stopped: false };
        const clients = [stream(api, token, ledger, stop, 0), stream(api, token, ledger, stop, 1)];
        await new Promise((resolve) => setTimeout(resolve, 400 + randomInt(1200)));
        api.process.kill('SIGKILL');
        stop.stopped = true;
        await api.exited;
        await Promise.all(clients);
      }

      const database = await target.open();
      try {
        const { db } = database;
        const families = await db
          .selectFrom('families')
          .select(['id', 'head_name'])
          .where('head_name', 'like', `${PREFIX} %`)
          .execute();
        const members = await db
          .selectFrom('family_members')
          .select(['family_id', 'full_name'])
          .where('full_name', 'like', `${PREFIX} %`)
          .execute();
        const activity = await db
          .selectFrom('activity_log')
          .select(['action', 'entity_id', 'family_id', 'changes'])
          .where('entity_type', '=', 'family')
          .execute();

        expect(ledger.refused).toEqual([]);
        expect(ledger.families.size).toBeGreaterThan(0);
        const byId = new Map(families.map((family) => [family.id, family]));
        for (const state of ledger.families.values()) {
          // Present, once: the creation tag (the head's name before any edit) is unique.
          const family = byId.get(state.id);
          expect(family).toBeDefined();
          expect(state.possibleHeads.has(family?.head_name ?? '')).toBe(true);
          expect(members.filter((member) => member.full_name === `${state.tag} ابن`)).toEqual([
            { family_id: state.id, full_name: `${state.tag} ابن` },
          ]);
          expect(
            activity.filter((row) => row.action === 'update' && row.family_id === state.id).length,
          ).toBeGreaterThanOrEqual(state.ackedEdits);
        }
        // Unacknowledged creates: there at most once (the answer was lost, not the write).
        for (const tag of ledger.unacked) {
          expect(
            members.filter((member) => member.full_name === `${tag} رب`).length,
          ).toBeLessThanOrEqual(1);
        }
        // Nothing partial: every family (acknowledged or not) has its head and both members and
        // its creation in the activity log, and every logged creation has its family.
        for (const family of families) {
          expect(members.filter((member) => member.family_id === family.id)).toHaveLength(3);
          const created = activity.filter(
            (row) => row.action === 'create' && row.family_id === family.id,
          );
          expect(created).toHaveLength(1);
          expect(created[0]?.changes?.members?.[1]).toHaveLength(3);
        }
        const familyIds = new Set(families.map((family) => family.id));
        const ours = new Set(members.map((member) => member.family_id));
        for (const row of activity)
          if (row.family_id !== null && ours.has(row.family_id))
            expect(familyIds.has(row.family_id)).toBe(true);
        const count = await sql<{ n: string }>`select count(*)::text as n from families`.execute(
          db,
        );
        expect(Number(count.rows[0]?.n)).toBeGreaterThanOrEqual(ledger.families.size);
        console.log(
          `[${target.name}] ${KILLS} kills: ${ledger.families.size} acknowledged creates, ${ledger.unacked.size} unanswered, ${[...ledger.families.values()].reduce((n, s) => n + s.ackedEdits, 0)} acknowledged edits, ${families.length} families found`,
        );
      } finally {
        await database.close();
      }
    }, 300_000);
  },
);
