import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/database';

/**
 * The embedded database's statements each wait for a turn of the event loop (db/turn-taking.ts):
 * a queue of them no longer runs back to back as microtasks, blind to sockets and timers, and
 * its single connection is still lent to one query or one transaction at a time.
 */
describe('PGlite statements take turns with the event loop', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  }, 60_000);
  afterAll(() => database.close());

  test('the event loop turns between queued statements', async () => {
    let turns = 0;
    let counting = true;
    const tick = () => {
      if (!counting) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const queries = 20;
    await Promise.all(
      Array.from({ length: queries }, (_, at) => sql`select ${at}::int as at`.execute(database.db)),
    );
    counting = false;
    // Without the turns, the 20 queries ran in one go: 0 or 1 tick.
    expect(turns).toBeGreaterThanOrEqual(queries - 1);
  });

  test('transactions still run one at a time, each whole', async () => {
    await sql`create temporary table turn_counter (n int not null)`.execute(database.db);
    await sql`insert into turn_counter values (0)`.execute(database.db);
    // Read, then write what was read plus one: interleaved transactions would lose increments.
    await Promise.all(
      Array.from({ length: 10 }, () =>
        database.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ n: number }>`select n from turn_counter`.execute(trx);
          await sql`update turn_counter set n = ${(rows[0]?.n ?? 0) + 1}`.execute(trx);
        }),
      ),
    );
    const { rows } = await sql<{ n: number }>`select n from turn_counter`.execute(database.db);
    expect(rows[0]?.n).toBe(10);
  });

  test('a failed transaction rolls back and frees the connection', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`update turn_counter set n = -1`.execute(trx);
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    const { rows } = await sql<{ n: number }>`select n from turn_counter`.execute(database.db);
    expect(rows[0]?.n).toBe(10);
  });
});
