import { z } from 'zod';

// The browser proof is e2e/test/csp.e2e.ts (no violation under the CSP); here, the setting itself.
test('the host runs zod without compiled parsers, which would need eval', async () => {
  await import('./zod-without-eval');
  expect(z.config().jitless).toBe(true);
});
