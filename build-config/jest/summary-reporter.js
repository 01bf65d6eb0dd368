// Prints the plain closing line "<label>: N passed, N failed" that CI reads, and appends the
// counts to $ATAA_TEST_SUMMARY (when set) so .ci/run can print one total for units and e2e.
const fs = require('node:fs');

class SummaryReporter {
  constructor(_globalConfig, options = {}) {
    this.label = options.label || 'tests';
  }

  onRunComplete(_contexts, results) {
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `${this.label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    process.stdout.write(`\n${line}\n`);
    if (process.env.ATAA_TEST_SUMMARY) {
      fs.appendFileSync(process.env.ATAA_TEST_SUMMARY, `${passed} ${failed} ${skipped}\n`);
    }
  }
}

module.exports = SummaryReporter;
