// Prints the plain closing line "<label>: N passed, N failed" that CI reads, and appends the
// counts to $ATAA_TEST_SUMMARY (when set) so .ci/run can print one total for units and e2e.
// Also prints where the time went: each jest project's time (its files' times added up, so with
// several workers the projects add up to more than the run) and the run's wall time, and appends
// those lines to $ATAA_TEST_TIMINGS (when set), which .ci/run prints at the end.
const fs = require('node:fs');
const path = require('node:path');

/** Slowest files listed after the projects: where to look first when the run gets long. */
const SLOWEST_FILES = 5;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** A file's project: its display name, or (a file that failed to run has none) its package folder. */
function projectName(testResult, rootDir) {
  const { displayName } = testResult;
  if (displayName) return typeof displayName === 'string' ? displayName : displayName.name;
  return path.relative(rootDir, testResult.testFilePath).split(path.sep)[0] || '(unknown)';
}

/** A file's time: from its start to its end, 0 for a file that did not run. */
function fileTime(testResult) {
  const { start, end } = testResult.perfStats || {};
  return start && end && end > start ? end - start : 0;
}

/** Lines "<label> <project>  <time>  (<n> files)", slowest project first (e2e is one project, named as its label). */
function projectLines(label, testResults, rootDir) {
  const projects = new Map();
  for (const testResult of testResults) {
    const name = projectName(testResult, rootDir);
    const project = projects.get(name) || { time: 0, files: 0 };
    project.time += fileTime(testResult);
    project.files += 1;
    projects.set(name, project);
  }
  return [...projects]
    .sort(([, a], [, b]) => b.time - a.time)
    .map(([name, { time, files }]) => {
      const title = name === label ? label : `${label} ${name}`;
      return `${title.padEnd(28)} ${seconds(time).padStart(9)}  (${files} ${files === 1 ? 'file' : 'files'})`;
    });
}

class SummaryReporter {
  constructor(globalConfig, options = {}) {
    this.label = options.label || 'tests';
    this.rootDir = (globalConfig && globalConfig.rootDir) || process.cwd();
    this.startedAt = Date.now();
  }

  onRunStart() {
    this.startedAt = Date.now();
  }

  onRunComplete(_contexts, results) {
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `${this.label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;

    const wall = Date.now() - this.startedAt;
    const timings = [
      `${`${this.label} (wall time of the run)`.padEnd(28)} ${seconds(wall).padStart(9)}`,
      ...projectLines(this.label, results.testResults, this.rootDir),
    ];
    const slowest = [...results.testResults]
      .sort((a, b) => fileTime(b) - fileTime(a))
      .slice(0, SLOWEST_FILES)
      .map(
        (testResult) =>
          `  ${seconds(fileTime(testResult)).padStart(9)}  ${testResult.testFilePath.replace(`${this.rootDir}/`, '')}`,
      );
    process.stdout.write(
      `\n${this.label} timings (a project's files added up):\n${timings.map((t) => `  ${t}`).join('\n')}\n`,
    );
    if (slowest.length > 1)
      process.stdout.write(`${this.label} slowest files:\n${slowest.join('\n')}\n`);

    process.stdout.write(`\n${line}\n`);
    if (process.env.ATAA_TEST_SUMMARY) {
      fs.appendFileSync(process.env.ATAA_TEST_SUMMARY, `${passed} ${failed} ${skipped}\n`);
    }
    if (process.env.ATAA_TEST_TIMINGS) {
      fs.appendFileSync(process.env.ATAA_TEST_TIMINGS, `${timings.join('\n')}\n`);
    }
  }
}

module.exports = SummaryReporter;
