/**
 * The site under its Content-Security-Policy (gateway/src/security-headers.ts): the headers the
 * host page, a remote's files and the API send, and in Chromium: every remote (each on its own
 * origin here) loads and runs, while an injected inline script, eval and framing are refused.
 * Every other e2e test also fails on any CSP violation (src/browser.ts).
 */
import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { REMOTE_NAMES, ROUTES, type RemoteName } from 'shared-contracts';
import { ADMIN } from '../src/accounts';
import { launchChromium, login, openPage, takeCspViolations } from '../src/browser';
import { HOST_URL, remotePort } from '../src/ports';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const remoteOrigin = (remote: RemoteName) => `http://127.0.0.1:${remotePort(remote)}`;

/** `script-src 'self' a b` → Map { 'script-src' → ["'self'", 'a', 'b'] }. */
function directives(policy: string | null): Map<string, string[]> {
  const parsed = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) parsed.set(name, values);
  }
  return parsed;
}

/**
 * Takes the violations recorded, once at least one has arrived (they come asynchronously, as a
 * page event and as a console line) and the rest of the same burst has had time to follow.
 */
async function takeViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  const deadline = Date.now() + 5000;
  while (seen.length === 0 && Date.now() < deadline) {
    await page.waitForTimeout(50);
    seen.push(...takeCspViolations());
  }
  await page.waitForTimeout(250);
  return [...seen, ...takeCspViolations()];
}

test('the host page, a remote and the API send their security headers', async () => {
  const page = await fetch(`${HOST_URL}/families`);
  expect(page.status).toBe(200);
  const policy = page.headers.get('content-security-policy');
  const site = directives(policy);
  // The remotes' own origins, from remotes.json (serve-site.ts points it at their ports).
  const remotes = REMOTE_NAMES.map(remoteOrigin).sort();
  // …and the page's one inline script (the login form of the first paint), by its hash.
  const html = await page.text();
  const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  expect(inline).toContain('boot-login');
  const inlineHash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
  expect(site.get('script-src')).toEqual(["'self'", ...remotes, inlineHash]);
  expect(site.get('connect-src')).toEqual(["'self'", ...remotes]);
  expect(site.get('style-src')).toEqual(["'self'", "'unsafe-inline'", ...remotes]);
  expect(site.get('script-src-attr')).toEqual(["'none'"]);
  expect(site.get('default-src')).toEqual(["'self'"]);
  expect(site.get('object-src')).toEqual(["'none'"]);
  expect(site.get('base-uri')).toEqual(["'none'"]);
  expect(site.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy).not.toContain('unsafe-eval');
  expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  expect(page.headers.get('x-frame-options')).toBe('DENY');
  // Plain HTTP: no HSTS.
  expect(page.headers.get('strict-transport-security')).toBeNull();

  const entry = await fetch(`${remoteOrigin('mf-finance')}/remoteEntry.js`);
  expect(entry.status).toBe(200);
  expect(entry.headers.get('x-content-type-options')).toBe('nosniff');
  expect(entry.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  expect(entry.headers.get('access-control-allow-origin')).toBe('*');
  expect(entry.headers.get('content-security-policy')).toBe(
    "default-src 'none';frame-ancestors 'none'",
  );

  const api = await fetch(`${HOST_URL}/api/health`);
  expect(api.status).toBe(200);
  expect(api.headers.get('content-security-policy')).toBe(
    "default-src 'none';frame-ancestors 'none'",
  );
  expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  expect(api.headers.get('referrer-policy')).toBe('no-referrer');
});

test('under the CSP every remote runs, while injected script, eval and framing are refused', async () => {
  const { page, context, errors } = await openPage(browser);
  await login(page, ADMIN.email, ADMIN.password);
  const main = page.locator('main');
  // One page of each remote, each loaded from its own origin.
  for (const remote of REMOTE_NAMES) {
    const route = ROUTES.find(
      (candidate) => candidate.owner === remote && !candidate.path.includes(':'),
    );
    if (!route) throw new Error(`No page without parameters for ${remote}`);
    await page.goto(route.path);
    await main.locator('h1, h2').first().waitFor({ timeout: 20000 });
    expect({ remote, text: await main.textContent() }).not.toEqual({
      remote,
      text: expect.stringMatching(/تعذر تحميل قسم|غير متوافق/) as unknown,
    });
  }
  expect(takeCspViolations()).toEqual([]);
  expect(errors).toEqual([]);

  // An inline script slipped into the page (what an XSS would do) does not run.
  const injectedRan = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'document.documentElement.dataset.injected = "ran";';
    document.head.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return document.documentElement.dataset.injected === 'ran';
  });
  expect(injectedRan).toBe(false);
  expect((await takeViolations(page)).join('\n')).toMatch(/script-src-elem refused inline/);

  // Nor does a string evaluated as code (a string timer: it runs as the page's own code, where
  // eval from page.evaluate would run as the debugger's, which no CSP restricts).
  const evaluated = await page.evaluate(async () => {
    setTimeout('document.documentElement.dataset.evaluated = "ran";', 0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return document.documentElement.dataset.evaluated === 'ran';
  });
  expect(evaluated).toBe(false);
  expect((await takeViolations(page)).join('\n')).toMatch(/script-src refused eval/);

  // Another page cannot frame the site.
  const framer = await context.newPage();
  await framer.setContent(`<iframe src="${HOST_URL}/login" title="framed"></iframe>`);
  expect((await takeViolations(framer)).join('\n')).toMatch(/frame-ancestors 'none'/);
  const frame = framer.frames().find((candidate) => candidate !== framer.mainFrame());
  if (!frame) throw new Error('The iframe is missing');
  // Chromium shows its error page in the frame instead of the site.
  expect(frame.url()).not.toContain(HOST_URL);
  expect(await frame.locator('#root').count()).toBe(0);

  // The app still works after all that: the session and a remote page.
  await page.goto('/families');
  await main.locator('h1, h2').first().waitFor({ timeout: 20000 });
  await context.close();
  // What was refused is in the console too; nothing else went wrong.
  expect(errors.filter((line) => !/Content Security Policy|EvalError/.test(line))).toEqual([]);
}, 120000);
