import { REFERENCE_POLICY } from '../src/modules/openapi/routes';
import { describeEachDatabase, type TestHarness } from './support/harness';

/**
 * The API reference page (GET /api/docs): Redoc, self-hosted. Its HTML names only this API's own
 * files (the bundle and openapi.json, no CDN), carries a policy that allows nothing from another
 * origin, and is for super admins in production, for everyone in development.
 */

const SCRIPT = '/api/docs/redoc.standalone.js';

async function expectPage(h: TestHarness, token?: string): Promise<void> {
  const page = await h.request('GET', '/api/docs', { token });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.headers['content-security-policy']).toBe(REFERENCE_POLICY);
  expect(page.payload).toContain('<redoc spec-url="/api/openapi.json"');
  expect(page.payload).toContain(`<script src="${SCRIPT}"></script>`);
  // Nothing from another origin: every URL the page names is a path of this API.
  expect(page.payload).not.toMatch(/(https?:)?\/\/[a-z]/i);
  expect(page.payload).not.toMatch(/<script>/);
}

async function expectScript(h: TestHarness): Promise<void> {
  const script = await h.request('GET', SCRIPT);
  expect(script.statusCode).toBe(200);
  expect(script.headers['content-type']).toMatch(/^application\/javascript/);
  expect(script.rawPayload.length).toBeGreaterThan(500_000);
  expect(script.payload.slice(0, 200)).toContain('redoc.standalone.js.LICENSE.txt');
}

describeEachDatabase('the API reference page in development', (h) => {
  test('anyone gets the page and its script, both served by the API itself', async () => {
    await expectPage(h);
    await expectPage(h, await h.adminToken());
    await expectScript(h);
  });

  test('the policy allows scripts, documents and fonts from this origin only', () => {
    expect(REFERENCE_POLICY).toContain("default-src 'none'");
    expect(REFERENCE_POLICY).toContain("script-src 'self'");
    expect(REFERENCE_POLICY).toContain("connect-src 'self'");
    expect(REFERENCE_POLICY).not.toMatch(/unsafe-eval|https?:|\*/);
  });
});

describe('in production (NODE_ENV=production)', () => {
  const previous = process.env.NODE_ENV;
  // Read when the routes are registered: set before the suite's app is built.
  beforeAll(() => {
    process.env.NODE_ENV = 'production';
  });
  afterAll(() => {
    process.env.NODE_ENV = previous;
  });

  describeEachDatabase('the API reference page', (h) => {
    test('the super admin gets the page; its script is served locally', async () => {
      await expectPage(h, await h.adminToken());
      await expectScript(h);
    });

    test('anyone else is refused: 401 without a token, 403 for an employee who is not the super admin', async () => {
      expect((await h.request('GET', '/api/docs')).statusCode).toBe(401);
      const employee = await h.createEmployee({ permissions: ['show_seminars', 'show_families'] });
      const refused = await h.request('GET', '/api/docs', { token: employee.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.payload).not.toContain('<redoc');
    });
  });
});
