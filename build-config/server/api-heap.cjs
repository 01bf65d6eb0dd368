// The API process's V8 heap ceiling (`--max-old-space-size`), for `pnpm start` and for the benches
// that measure the API as `pnpm start` runs it. Without a ceiling V8 sizes the heap from the
// machine's memory and collects garbage late: on a server with plenty of memory, a large import
// left the API's resident memory 500 MB above its base, nearly all of it garbage; under a ceiling
// the same import stays within a few hundred MB. The API keeps its live memory small on purpose
// (uploads and exports stream, long work runs in batches), so the ceiling leaves it room.
// API_HEAP_MB overrides it (a whole number of megabytes, at least 128); 0 leaves V8's own sizing.
'use strict';

const DEFAULT_API_HEAP_MB = 512;

/** Node's arguments for the API process: the heap ceiling from `env.API_HEAP_MB`, else the default. */
function apiHeapArgs(env) {
  const raw = env.API_HEAP_MB;
  if (raw === undefined || raw === '') return [`--max-old-space-size=${DEFAULT_API_HEAP_MB}`];
  const megabytes = Number(raw);
  if (megabytes === 0) return [];
  if (!Number.isInteger(megabytes) || megabytes < 128) {
    throw new Error(`API_HEAP_MB must be a whole number of megabytes, at least 128 (or 0): ${raw}`);
  }
  return [`--max-old-space-size=${megabytes}`];
}

module.exports = { DEFAULT_API_HEAP_MB, apiHeapArgs };
