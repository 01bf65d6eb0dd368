import { inTurns, nextTask } from './start-in-turns';

describe('inTurns', () => {
  test('runs each step in order, the next one only after a task of its own', async () => {
    const order: string[] = [];
    let microtasksDrained = false;
    const steps = ['react-dom', 'zod', 'contracts'].map((name) => async () => {
      order.push(name);
    });
    const done = inTurns(steps).then(() => order.push('bootstrap'));
    // A later microtask runs before the second step: the steps do not run back to back.
    void Promise.resolve().then(() => {
      microtasksDrained = order.length === 1;
    });
    await done;
    expect(order).toEqual(['react-dom', 'zod', 'contracts', 'bootstrap']);
    expect(microtasksDrained).toBe(true);
  });

  test('a failed step stops the start (the caller shows the error), later steps never run', async () => {
    const later = jest.fn(async () => undefined);
    await expect(
      inTurns([
        async () => {
          throw new Error('offline');
        },
        later,
      ]),
    ).rejects.toThrow('offline');
    expect(later).not.toHaveBeenCalled();
  });

  test('nextTask resolves after the microtasks queued before it', async () => {
    const seen: string[] = [];
    const task = nextTask().then(() => seen.push('task'));
    void Promise.resolve().then(() => seen.push('microtask'));
    await task;
    expect(seen).toEqual(['microtask', 'task']);
  });
});
