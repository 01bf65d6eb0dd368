// Testing Library's find* queries and waitFor wait up to 5 s instead of 1 s. The unit run puts
// API suites (PGlite, PostgreSQL, child processes) beside the page tests on two cores, and there a
// debounced search or a lazy dialog can take more than a second to answer although the page is
// right; a page that answers at once is found at once, so no passing test gets slower. The path
// is the package's own copy of the library (preset.js), so the setting reaches its queries.
const { configure } = require(globalThis.__TESTING_LIBRARY_DOM__);

configure({ asyncUtilTimeout: 5000 });
