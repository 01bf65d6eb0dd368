import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Lets the event loop run (incoming requests, timers) before a long job's next piece of work.
 *
 * Why: PGlite runs each query inside this process and answers through promises only, so a job
 * that awaits one query after another never gives the event loop a turn: every other request of
 * the process (another employee's search, the progress the import screen asks for) waits until
 * the whole job is over. A turn between rows or batches costs microseconds; on PostgreSQL the
 * network already gives one, and the call changes nothing.
 */
export function yieldToEventLoop(): Promise<void> {
  return nextTurn();
}
