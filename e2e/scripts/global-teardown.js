module.exports = async function globalTeardown() {
  const child = globalThis.__ATAA_SITE__;
  if (!child || child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    child.kill('SIGTERM');
    setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 10000);
  });
};
