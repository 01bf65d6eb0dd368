// Starts the e2e site (API, remotes on their own ports, host gateway) in a child process and
// waits for its READY line.
const { spawn } = require('node:child_process');
const path = require('node:path');

module.exports = async function globalSetup() {
  const e2eDir = path.resolve(__dirname, '..');
  const child = spawn(process.execPath, [require.resolve('tsx/cli'), 'src/serve-site.ts'], {
    cwd: e2eDir,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: false,
  });
  globalThis.__ATAA_SITE__ = child;
  await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('The e2e site did not start within 120 s')),
      120000,
    );
    child.stdout.on('data', (chunk) => {
      const text = chunk.toString();
      process.stdout.write(text.replace(/^READY\n/m, ''));
      if (text.includes('READY')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The e2e site exited with ${code}`));
    });
  });
};
