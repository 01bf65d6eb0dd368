/**
 * `BENCH_ONLY=documents pnpm bench`: document uploads and lists through the site
 * (docs/documents.md). An API process of its own (embedded database with the demo data, files in
 * a temporary directory) behind the gateway, which streams uploads to it (DOCUMENT_MAX_MB); no
 * browser and no build needed (the gateway answers its placeholder page without host-shell/dist).
 * Everything goes through the gateway, as the browser's requests do.
 *
 * Timed, each BENCH_DOCUMENTS_RUNS (5) times after one warm-up: uploading a 5 MB PDF (≤ 1 s) and
 * a 4,000 × 3,000 px JPEG with EXIF, which the API turns upright, scales to 2,500 px and writes
 * again without metadata (≤ 2 s). Then a family is given 50 documents and its list
 * (`GET /api/families/{id}/documents`) is timed BENCH_DOCUMENTS_LIST_RUNS (30) times (p95 ≤
 * 100 ms). Memory: the API process's RSS (/proc/<pid>/status, every 50 ms) while a 1 MB and then a
 * 9 MB PDF are uploaded BENCH_DOCUMENTS_RUNS times each, to another family: a streamed upload
 * grows the API by about as much for either. Figures, not a test.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from 'api-server/src/config';
import sharp from 'api-server/node_modules/sharp';
import { startBenchApi, stopBenchProcess } from './api-process';
import { ms, section, table } from './format';
import { portInUse } from './site';

const RUNS = Math.max(1, Number(process.env.BENCH_DOCUMENTS_RUNS ?? 5));
const LIST_RUNS = Math.max(1, Number(process.env.BENCH_DOCUMENTS_LIST_RUNS ?? 30));
const LIST_SIZE = 50;
const BASE = Number(process.env.BENCH_PORT_BASE ?? 3940) + 50;
const PORTS = { api: BASE, gateway: BASE + 1 };
const E2E_DIR = path.resolve(__dirname, '../..');
const GATEWAY_MAIN = path.resolve(E2E_DIR, '../gateway/src/main.ts');
const MB = 1024 * 1024;
const RSS_EVERY_MS = 50;

const TARGETS = { pdfMs: 1000, photoMs: 2000, listP95Ms: 100 };

const percentileOf = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const verdict = (value: number, limit: number) => (value <= limit ? 'ok' : 'OVER');

/**
 * A valid PDF of about `bytes`: one page whose content stream is followed by a large stream object
 * of pseudo-random bytes (as a scanned page's image would be), with a correct cross-reference
 * table. `seed` makes each file's bytes (and so its hash) its own.
 */
function makePdf(bytes: number, seed: number): Buffer {
  const payload = Buffer.alloc(Math.max(0, bytes - 1024));
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < payload.length; i += 4) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    payload.writeUInt32LE(state >>> 0, Math.min(i, payload.length - 4));
  }
  const content = 'BT /F1 24 Tf 72 720 Td (Ataa bench) Tj ET';
  const parts: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (chunk: string | Buffer) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(buffer);
    length += buffer.length;
  };
  const object = (body: string | Buffer[]) => {
    offsets.push(length);
    push(`${offsets.length} 0 obj\n`);
    if (typeof body === 'string') push(body);
    else for (const chunk of body) push(chunk);
    push('\nendobj\n');
  };
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  object('<< /Type /Catalog /Pages 2 0 R >>');
  object('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  object(
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R >> >> >>',
  );
  object(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  object('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  object([
    Buffer.from(`<< /Length ${payload.length} >>\nstream\n`, 'latin1'),
    payload,
    Buffer.from('\nendstream', 'latin1'),
  ]);
  const xref = length;
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/**
 * A 4,000 × 3,000 JPEG as a phone writes one: smooth gradients with sensor-like noise (a few MB,
 * not the few KB of a flat colour), an EXIF block with a camera, a date and a GPS position, and
 * orientation 6 (stored sideways, shown upright), all of which the API strips.
 */
async function makePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let state = 12345;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      state = (state * 1103515245 + 12345) >>> 0;
      const noise = (state >>> 24) % 24;
      const at = (y * width + x) * 3;
      pixels[at] = ((x * 255) / width + noise) & 255;
      pixels[at + 1] = ((y * 255) / height + noise) & 255;
      pixels[at + 2] = (((x + y) * 128) / (width + height) + 64 + noise) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: {
        Make: 'BenchCam',
        Model: 'Phone 4000',
        Orientation: '6',
        DateTime: '2026:03:15 10:20:30',
      },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 42/1 0/1' },
    })
    .toBuffer();
}

interface Answer {
  status: number;
  ms: number;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

/**
 * One request to the gateway; the time is from the first byte sent to the answer's last (a
 * compressed answer is timed as it arrives, then decompressed).
 */
function request(
  method: string,
  route: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORTS.gateway, method, path: `/api${route}`, agent, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const body =
            encoding === 'br'
              ? zlib.brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? zlib.gunzipSync(raw)
                : raw;
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            body: body.toString('utf8'),
          });
        });
      },
    );
    req.setTimeout(120_000, () => req.destroy(new Error(`${method} ${route}: no answer in 120 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

async function login(): Promise<string> {
  const answer = await request(
    'POST',
    '/auth/create/sanctum/token',
    { 'content-type': 'application/json' },
    JSON.stringify({ email: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD }),
  );
  const token = (JSON.parse(answer.body) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`login failed (${answer.status}): ${answer.body.slice(0, 200)}`);
  return token;
}

const BOUNDARY = '----ataa-documents-bench';

/** Uploads a file as the documents panel does (multipart: `kind`, then `file`); its time in ms. */
async function upload(
  token: string,
  familyId: number,
  file: { bytes: Buffer; name: string; mime: string; kind: string },
): Promise<number> {
  const payload = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="kind"\r\n\r\n${file.kind}\r\n` +
        `--${BOUNDARY}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        `content-type: ${file.mime}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const answer = await request(
    'POST',
    `/families/${familyId}/documents`,
    {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(payload.length),
    },
    payload,
  );
  if (answer.status !== 201)
    throw new Error(`upload of ${file.name}: ${answer.status} ${answer.body.slice(0, 300)}`);
  return answer.ms;
}

async function getJson<T>(token: string, route: string): Promise<{ data: T; ms: number }> {
  const answer = await request('GET', route, {
    authorization: `Bearer ${token}`,
    'accept-encoding': 'gzip, br',
  });
  if (answer.status !== 200)
    throw new Error(`GET ${route}: ${answer.status} ${answer.body.slice(0, 300)}`);
  return { data: (JSON.parse(answer.body) as { data: T }).data, ms: answer.ms };
}

/** The API process's resident memory, in bytes (Linux). */
function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The API's RSS before a series of uploads and its peak during them (sampled every 50 ms). */
async function rssDuring(
  pid: number,
  work: () => Promise<void>,
): Promise<{ before: number; peak: number }> {
  const before = rssOf(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, RSS_EVERY_MS);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { before, peak: Math.max(peak, rssOf(pid)) };
}

async function waitForPort(port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await portInUse(port))) {
    if (Date.now() > deadline) throw new Error(`Nothing listens on ${port} after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Series {
  label: string;
  size: number;
  times: number[];
  target: number;
}

function summary(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? Number.NaN,
    p50: percentileOf(sorted, 50),
    p95: percentileOf(sorted, 95),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

async function main(): Promise<void> {
  for (const port of Object.values(PORTS)) {
    if (await portInUse(port)) {
      console.error(`Port ${port} is taken: move the bench with BENCH_PORT_BASE=<port>.`);
      process.exitCode = 1;
      return;
    }
  }
  section('Documents: uploads and the list through the gateway');
  console.log(
    `  ${RUNS} uploads of each file after one warm-up, ${LIST_RUNS} lists; ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)} (a shared machine: noisy figures)`,
  );
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ataa-documents-bench-'));
  const storeDir = path.join(work, 'store');
  fs.mkdirSync(storeDir);
  fs.writeFileSync(path.join(storeDir, 'remotes.json'), JSON.stringify({ remotes: {} }));
  const documentMaxMb = process.env.DOCUMENT_MAX_MB ?? '10';

  const photoStarted = performance.now();
  const photo = await makePhoto();
  console.log(
    `  made a 4,000 × 3,000 JPEG with EXIF: ${(photo.length / MB).toFixed(1)} MB in ${ms(performance.now() - photoStarted)}`,
  );
  const pdf = makePdf(5 * MB, 1);

  const api = await startBenchApi(PORTS.api, {
    DATA_DIR: path.join(work, 'pglite'),
    FILES_DIR: path.join(work, 'files'),
    SEED_DEMO: 'true',
    DOCUMENT_MAX_MB: documentMaxMb,
  });
  // The gateway in a process of its own, as in production (HOST_DIST: a directory with no build,
  // so it serves its placeholder page; only /api is used here).
  const gateway = spawn(process.execPath, [require.resolve('tsx/cli'), GATEWAY_MAIN], {
    cwd: path.dirname(path.dirname(GATEWAY_MAIN)),
    env: {
      ...process.env,
      PORT: String(PORTS.gateway),
      HOST: '127.0.0.1',
      API_URL: `http://127.0.0.1:${PORTS.api}`,
      RELEASE_STORE: storeDir,
      HOST_DIST: path.join(work, 'no-host-build'),
      DOCUMENT_MAX_MB: documentMaxMb,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = api.pid ?? 0;
  const series: Series[] = [];
  let list: ReturnType<typeof summary> | null = null;
  let listCount = 0;
  let rss: {
    small: { before: number; peak: number };
    large: { before: number; peak: number };
  } | null = null;
  try {
    await waitForPort(PORTS.gateway);
    const token = await login();
    const families = await getJson<Array<{ id: number }>>(token, '/families?per_page=2');
    const [listFamily, memoryFamily] = families.data;
    if (!listFamily || !memoryFamily) throw new Error('the demo data has fewer than two families');

    const series1 = (mb: number, round: number) => async () => {
      for (let run = 0; run < RUNS; run += 1)
        await upload(token, memoryFamily.id, {
          bytes: makePdf(mb * MB, mb * 1000 + round * 100 + run),
          name: `scan-${mb}mb-${round}-${run}.pdf`,
          mime: 'application/pdf',
          kind: 'other',
        });
    };
    // Memory first, before any image is processed (sharp's buffers would set a peak of their own).
    await series1(1, 0)(); // warm-up
    const small = await rssDuring(pid, series1(1, 1));
    const large = await rssDuring(pid, series1(9, 1));
    rss = { small, large };
    console.log(
      `    API RSS: 1 MB × ${RUNS}: ${(small.before / MB).toFixed(0)} → peak ${(small.peak / MB).toFixed(0)} MB; ` +
        `9 MB × ${RUNS}: ${(large.before / MB).toFixed(0)} → peak ${(large.peak / MB).toFixed(0)} MB`,
    );
    const pdfFile = {
      bytes: pdf,
      name: 'bank-statement.pdf',
      mime: 'application/pdf',
      kind: 'bank_statement',
    };
    const photoFile = {
      bytes: photo,
      name: 'family-card.jpg',
      mime: 'image/jpeg',
      kind: 'family_card',
    };
    for (const [label, file, target] of [
      ['PDF, 5 MB', pdfFile, TARGETS.pdfMs],
      ['JPEG 4,000 px', photoFile, TARGETS.photoMs],
    ] as const) {
      await upload(token, listFamily.id, file); // warm-up
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) times.push(await upload(token, listFamily.id, file));
      series.push({ label, size: file.bytes.length, times, target });
      const figures = summary(times);
      console.log(
        `    ${label}: min ${ms(figures.min)}, median ${ms(figures.p50)}, max ${ms(figures.max)}`,
      );
    }

    // The family gets its 50 documents: small PDFs, each its own bytes.
    const have = (
      await getJson<{ documents: unknown[] }>(token, `/families/${listFamily.id}/documents`)
    ).data.documents.length;
    for (let n = have; n < LIST_SIZE; n += 1)
      await upload(token, listFamily.id, {
        bytes: makePdf(20 * 1024, 1000 + n),
        name: `receipt-${n}.pdf`,
        mime: 'application/pdf',
        kind: n % 2 === 0 ? 'receipt' : 'income_proof',
      });
    const route = `/families/${listFamily.id}/documents`;
    await getJson(token, route); // warm-up
    const times: number[] = [];
    for (let run = 0; run < LIST_RUNS; run += 1) {
      const answer = await getJson<{ documents: unknown[] }>(token, route);
      listCount = answer.data.documents.length;
      times.push(answer.ms);
    }
    list = summary(times);
    console.log(
      `    list of ${listCount} documents: p50 ${ms(list.p50)}, p95 ${ms(list.p95)}, max ${ms(list.max)}`,
    );
  } finally {
    agent.destroy();
    await stopBenchProcess(gateway);
    await stopBenchProcess(api, 30_000);
    fs.rmSync(work, { recursive: true, force: true });
  }

  section('Documents figures');
  console.log(
    table(
      ['what', 'size', 'runs', 'min', 'median', 'p95', 'max', 'target'],
      [
        ...series.map((run) => {
          const figures = summary(run.times);
          return [
            `upload ${run.label}`,
            `${(run.size / MB).toFixed(1)} MB`,
            String(run.times.length),
            ms(figures.min),
            ms(figures.p50),
            ms(figures.p95),
            ms(figures.max),
            `≤ ${run.target} ms`,
          ];
        }),
        ...(list
          ? [
              [
                `list of ${listCount} documents`,
                '',
                String(LIST_RUNS),
                ms(list.min),
                ms(list.p50),
                ms(list.p95),
                ms(list.max),
                `p95 ≤ ${TARGETS.listP95Ms} ms`,
              ],
            ]
          : []),
      ],
      ['left', 'right', 'right', 'right', 'right', 'right', 'right', 'left'],
    ),
  );
  console.log('\nAgainst the targets:');
  for (const run of series) {
    const figures = summary(run.times);
    console.log(
      `  upload ${run.label} through the gateway: median ${ms(figures.p50)} ≤ ${run.target} ms ${verdict(figures.p50, run.target)} (max ${ms(figures.max)})`,
    );
  }
  if (list)
    console.log(
      `  list of ${listCount} documents: p95 ${ms(list.p95)} ≤ ${TARGETS.listP95Ms} ms ${verdict(list.p95, TARGETS.listP95Ms)}`,
    );
  if (rss) {
    const smallGrowth = (rss.small.peak - rss.small.before) / MB;
    const largeGrowth = (rss.large.peak - rss.large.before) / MB;
    // Read whole, each 9 MB upload would hold at least 8 MB more than a 1 MB one.
    console.log(
      `  API memory: RSS growth ${smallGrowth.toFixed(0)} MB uploading 1 MB × ${RUNS}, ${largeGrowth.toFixed(0)} MB uploading 9 MB × ${RUNS}: ` +
        `difference ${(largeGrowth - smallGrowth).toFixed(0)} MB < 8 MB (the files' difference) ${largeGrowth - smallGrowth < 8 ? 'ok' : 'OVER'}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
