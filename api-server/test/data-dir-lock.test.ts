import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataDirLock, LOCK_FILE_NAME, lockRefusal } from '../src/db/data-dir-lock';

interface Answer {
  round: number;
  pid: number;
  won: boolean;
  error?: string;
}

const RACERS = 4;
const ROUNDS = 150;

/** A pid that ran and has exited: what a lock left by `kill -9` names. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (child.pid === undefined) throw new Error('could not start a process');
  return child.pid;
}

/** Every racer's answer to one round. */
function answers(racers: ChildProcess[], round: number): Promise<Answer[]> {
  return Promise.all(
    racers.map(
      (racer) =>
        new Promise<Answer>((resolve) => {
          const onMessage = (message: Answer) => {
            if (message.round !== round) return;
            racer.off('message', onMessage);
            resolve(message);
          };
          racer.on('message', onMessage);
        }),
    ),
  );
}

describe('the DATA_DIR lock', () => {
  let work: string;
  const racers: ChildProcess[] = [];
  /** The first round's directory and the racer holding its lock (kept until the racer ends). */
  let firstWinner: { dataDir: string; pid: number } | undefined;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-lock-race-'));
    for (let i = 0; i < RACERS; i += 1) {
      const racer = fork(path.join(__dirname, 'support', 'lock-racer.ts'), [], {
        // tsx resolves from the package, as in support/api-child.ts.
        cwd: path.resolve(__dirname, '..'),
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      racers.push(racer);
    }
    await Promise.all(
      racers.map(
        (racer) =>
          new Promise((resolve, reject) => {
            racer.once('message', resolve);
            racer.once('exit', (code) =>
              reject(new Error(`a racer exited (${code}) before it was ready`)),
            );
          }),
      ),
    );
  }, 60_000);

  afterAll(async () => {
    await Promise.all(
      racers.map((racer) => {
        if (racer.exitCode !== null || racer.signalCode !== null) return undefined;
        const exited = new Promise((resolve) => racer.once('exit', resolve));
        racer.kill('SIGKILL');
        return exited;
      }),
    );
    fs.rmSync(work, { recursive: true, force: true });
  });

  test(`${RACERS} processes taking over a stale lock at the same instant: exactly one gets it, ${ROUNDS} rounds`, async () => {
    const stalePid = deadPid();
    const winnersPerRound: number[] = [];
    firstWinner = undefined;
    for (let round = 0; round < ROUNDS; round += 1) {
      const dataDir = path.join(work, `round-${round}`);
      fs.mkdirSync(dataDir);
      // What a holder killed with SIGKILL leaves behind.
      fs.writeFileSync(
        path.join(dataDir, LOCK_FILE_NAME),
        JSON.stringify({ pid: stalePid, host: os.hostname(), startedAt: new Date().toISOString() }),
      );
      const answered = answers(racers, round);
      const at = performance.timeOrigin + performance.now() + 30;
      for (const racer of racers) racer.send({ round, dataDir, at });
      const results = await answered;
      const winners = results.filter((result) => result.won);
      winnersPerRound.push(winners.length);
      for (const loser of results.filter((result) => !result.won)) {
        expect(loser.error).toMatch(/^StartupRefusal: /);
      }
      // The file names the one that got it.
      if (winners.length === 1) {
        firstWinner ??= { dataDir, pid: winners[0]?.pid ?? 0 };
        expect(
          JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')),
        ).toMatchObject({ pid: winners[0]?.pid });
      }
    }
    expect(winnersPerRound).toEqual(Array.from({ length: ROUNDS }, () => 1));
  }, 60_000);

  test('the lock goes with its holder: refused while it runs, free as soon as it is killed', async () => {
    if (!firstWinner) throw new Error('the race test ran first and had a winner');
    const { dataDir, pid } = firstWinner;
    expect(() => acquireDataDirLock(dataDir)).toThrow(lockRefusal(dataDir, pid));
    const holder = racers.find((racer) => racer.pid === pid);
    const exited = new Promise((resolve) => holder?.once('exit', resolve));
    holder?.kill('SIGKILL');
    await exited;
    const lock = acquireDataDirLock(dataDir);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    lock.release();
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  test('a lock file naming a running process that does not hold the lock (its pid reused after a reboot) is taken over', () => {
    const dataDir = path.join(work, 'reused-pid');
    fs.mkdirSync(dataDir);
    // The parent of this test process runs, and holds no lock on this directory.
    fs.writeFileSync(
      path.join(dataDir, LOCK_FILE_NAME),
      JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: '' }),
    );
    const lock = acquireDataDirLock(dataDir);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    lock.release();
  });

  test('a lock file written on another host keeps this one out (a container sharing the volume)', () => {
    const dataDir = path.join(work, 'other-host');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(
      path.join(dataDir, LOCK_FILE_NAME),
      JSON.stringify({ pid: 4242, host: `not-${os.hostname()}`, startedAt: '' }),
    );
    expect(() => acquireDataDirLock(dataDir)).toThrow(lockRefusal(dataDir, 4242));
    // Refused without touching the other host's file.
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8'))).toMatchObject({
      pid: 4242,
    });
    expect(() => acquireDataDirLock(dataDir)).toThrow(lockRefusal(dataDir, 4242));
  });
});
