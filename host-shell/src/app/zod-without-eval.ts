// The first import of each chunk that starts the app (bootstrap.tsx, shell.tsx), before any
// schema exists: zod decides when it builds an object schema whether to compile its parser with
// `new Function`, probing once whether eval is allowed. The site's CSP has no 'unsafe-eval', so
// the probe is refused and reported as a violation even though zod catches it. `jitless` skips
// the probe; zod keeps the setting page-wide, for every copy of it (the remotes' too).
import { z } from 'zod';

z.config({ jitless: true });
