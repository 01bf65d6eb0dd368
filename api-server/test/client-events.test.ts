import {
  CLIENT_EVENTS_PER_MINUTE,
  RELEASE_MONITOR_HEADER,
  clientEventSummaryResponseSchema,
  scrubClientMessage,
} from 'shared-contracts';
import { describeEachDatabase, json } from './support/harness';

/**
 * What browsers report about the remotes (docs/decisions/0014): signed-in sessions report
 * loads, failed loads and render errors; super admins read the figures per remote version; the
 * gateway and the release CLI read the same with the monitor token.
 */
const MONITOR_TOKEN = 'monitor-token-for-the-client-events-test';

const event = (overrides: Record<string, unknown> = {}) => ({
  remote: 'mf-finance',
  version: '1.2.0',
  kind: 'loaded',
  route: '/financial',
  ...overrides,
});

describe('scrubClientMessage', () => {
  it('drops emails, long numbers and query strings, joins lines and cuts to 500 characters', () => {
    expect(
      scrubClientMessage(
        'فشل sara@ataa.local في /families/show/1234567 https://x.test/a?token=abc\nسطر',
      ),
    ).toBe('فشل [بريد] في /families/show/[رقم] https://x.test/a سطر');
    expect(scrubClientMessage('a'.repeat(600))).toHaveLength(500);
    expect(scrubClientMessage(undefined)).toBeNull();
  });
});

describeEachDatabase('client events', (h) => {
  let previousToken: string | undefined;
  beforeAll(() => {
    previousToken = process.env.RELEASE_MONITOR_TOKEN;
    process.env.RELEASE_MONITOR_TOKEN = MONITOR_TOKEN;
  });
  afterAll(() => {
    if (previousToken === undefined) delete process.env.RELEASE_MONITOR_TOKEN;
    else process.env.RELEASE_MONITOR_TOKEN = previousToken;
  });

  it('accepts a signed-in report (202) and counts it per remote and version for a super admin', async () => {
    const employee = await h.createEmployee();
    const other = await h.createEmployee();
    const since = new Date(Date.now() - 1000).toISOString();
    for (const [token, body] of [
      [employee.token, event()],
      [employee.token, event({ kind: 'load_failed', message: 'تعذر تحميل remoteEntry.js' })],
      [other.token, event()],
      [other.token, event({ kind: 'render_error', route: '/financial/report', message: 'خطأ' })],
      [other.token, event({ version: '1.3.0' })],
    ] as const) {
      const response = await h.request('POST', '/api/client-events', { token, body });
      expect(response.statusCode).toBe(202);
      expect(json(response)).toEqual({ message: 'تم تسجيل الحدث' });
    }
    const stored = await h.db
      .selectFrom('client_events')
      .select(['kind', 'message', 'route'])
      .where('received_at', '>=', new Date(since))
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.kind)).toEqual([
      'loaded',
      'load_failed',
      'loaded',
      'render_error',
      'loaded',
    ]);

    const summary = await h.request('GET', '/api/client-events/summary', {
      token: await h.adminToken(),
      query: { since },
    });
    expect(summary.statusCode).toBe(200);
    const body = clientEventSummaryResponseSchema.parse(json(summary));
    expect(body.data.rows).toEqual([
      {
        remote: 'mf-finance',
        version: '1.2.0',
        sessions: 2,
        loads: 2,
        load_failures: 1,
        render_errors: 1,
      },
      {
        remote: 'mf-finance',
        version: '1.3.0',
        sessions: 1,
        loads: 1,
        load_failures: 0,
        render_errors: 0,
      },
    ]);

    // The release tools read the same figures with the monitor token, and nothing without it.
    const monitored = await h.request('GET', '/api/client-events/monitor', {
      query: { since },
      headers: { [RELEASE_MONITOR_HEADER]: MONITOR_TOKEN },
    });
    expect(monitored.statusCode).toBe(200);
    expect(clientEventSummaryResponseSchema.parse(json(monitored)).data.rows).toEqual(
      body.data.rows,
    );
    const withoutToken: Record<string, string>[] = [
      {},
      { [RELEASE_MONITOR_HEADER]: 'a-wrong-token-of-some-length' },
    ];
    for (const headers of withoutToken) {
      const refused = await h.request('GET', '/api/client-events/monitor', {
        query: { since },
        headers,
      });
      // To anyone without the token the route does not exist.
      expect(refused.statusCode).toBe(404);
    }
  });

  it('refuses a report without a session (401) and the summary to anyone but a super admin (403)', async () => {
    expect((await h.request('POST', '/api/client-events', { body: event() })).statusCode).toBe(401);
    expect((await h.request('GET', '/api/client-events/summary')).statusCode).toBe(401);
    const employee = await h.createEmployee({
      permissions: ['show_index', 'show_permissions_employees'],
    });
    const refused = await h.request('GET', '/api/client-events/summary', { token: employee.token });
    expect(refused.statusCode).toBe(403);
  });

  it.each([
    ['an unknown remote', event({ remote: 'mf-nothing' })],
    ['a version that is not one', event({ version: 'latest' })],
    ['an unknown kind', event({ kind: 'crashed' })],
    ['an address instead of a route pattern', event({ route: '/families/show/12' })],
    ['a message over 500 characters', event({ kind: 'render_error', message: 'x'.repeat(501) })],
    ['an unknown field', event({ email: 'sara@ataa.local' })],
  ])('refuses %s with 422 and keeps nothing', async (_case, body) => {
    const employee = await h.createEmployee();
    const before = await h.rowCounts(['client_events']);
    const response = await h.request('POST', '/api/client-events', { token: employee.token, body });
    expect(response.statusCode).toBe(422);
    expect(json(response)).toHaveProperty('message');
    expect(await h.rowCounts(['client_events'])).toEqual(before);
  });

  it('refuses a bad summary start with 422', async () => {
    const response = await h.request('GET', '/api/client-events/summary', {
      token: await h.adminToken(),
      query: { since: 'yesterday' },
    });
    expect(response.statusCode).toBe(422);
  });

  it('answers 429 past the per-session limit, keeps nothing of the refused reports, and limits each session alone', async () => {
    const busy = await h.createEmployee();
    const calm = await h.createEmployee();
    for (let i = 0; i < CLIENT_EVENTS_PER_MINUTE; i += 1) {
      const accepted = await h.request('POST', '/api/client-events', {
        token: busy.token,
        body: event(),
      });
      expect(accepted.statusCode).toBe(202);
    }
    const before = await h.rowCounts(['client_events']);
    const refused = await h.request('POST', '/api/client-events', {
      token: busy.token,
      body: event(),
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(json(refused)).toMatchObject({ message: expect.stringContaining('تجاوزت هذه الجلسة') });
    expect(await h.rowCounts(['client_events'])).toEqual(before);
    expect(
      (await h.request('POST', '/api/client-events', { token: calm.token, body: event() }))
        .statusCode,
    ).toBe(202);
  });
});
