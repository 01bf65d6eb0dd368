// `pnpm release …` (gateway/package.json "release"). pnpm runs scripts in the package directory,
// so paths given on the command line are resolved against INIT_CWD, where the user typed them.
import { runReleaseCli } from './release-cli';

void runReleaseCli(process.argv.slice(2), {
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
  env: process.env,
  cwd: process.env.INIT_CWD ?? process.cwd(),
}).then((code) => {
  process.exitCode = code;
});
