import { getConfig } from '@testing-library/react';

// Every DOM project's find* queries wait up to 5 s (build-config/jest/setup-testing-library.js):
// the unit run shares two cores with the API suites, and a right page can answer after 1 s there.
it('find queries and waitFor wait up to 5 s', () => {
  expect(getConfig().asyncUtilTimeout).toBe(5000);
});
