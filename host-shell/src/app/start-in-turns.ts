// Imported eagerly by index.ts, before the federation's async boundary: it imports nothing.

/**
 * Resolves in a task of its own: a message posted to ourselves, which (unlike a 0 ms timer) a
 * background tab does not slow to once a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof MessageChannel !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs each step in order, each in a task of its own. Why: evaluating the app's libraries (React
 * DOM, zod with every schema of the contracts, the design system) in one go was one task of about
 * 200 ms on an office PC and 850 ms on the phone Lighthouse simulates, during which a click or a
 * key waited; one task per library lets the browser paint and answer in between.
 */
export async function inTurns(steps: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const step of steps) {
    await step();
    await nextTask();
  }
}
