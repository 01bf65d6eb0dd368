import type { AxiosInstance } from 'axios';
import { CLIENT_EVENTS_PER_MINUTE } from 'shared-contracts';
import {
  CLIENT_EVENTS_SENT_STORAGE_KEY,
  createClientEventReporter,
  createReportBudget,
} from './client-event-reporter';

/**
 * The host never sends more reports than the API accepts in a minute: past the budget a report is
 * dropped in the browser, so a staff member reloading page after page meets no 429 (which the
 * browser would print as a console error), and the budget outlasts a reload.
 */
beforeEach(() => sessionStorage.clear());

describe('createReportBudget', () => {
  test('allows the API limit in any minute, then again once the oldest report is a minute old', () => {
    let now = 1_000_000;
    const withinBudget = createReportBudget(sessionStorage, () => now);
    for (let sent = 0; sent < CLIENT_EVENTS_PER_MINUTE; sent += 1) {
      expect(withinBudget()).toBe(true);
      now += 100;
    }
    expect(withinBudget()).toBe(false);
    // The first report was at 1,000,000: a minute later it no longer counts.
    now = 1_000_000 + 60_001;
    expect(withinBudget()).toBe(true);
    expect(withinBudget()).toBe(false);
  });

  test('a reload (a new budget on the same storage) keeps the minute already spent', () => {
    const now = () => 5_000_000;
    const first = createReportBudget(sessionStorage, now);
    for (let sent = 0; sent < CLIENT_EVENTS_PER_MINUTE; sent += 1) first();
    expect(createReportBudget(sessionStorage, now)()).toBe(false);
  });

  test('whatever the storage holds is parsed: a damaged value starts a new minute', () => {
    sessionStorage.setItem(CLIENT_EVENTS_SENT_STORAGE_KEY, '{"not":"a list"}');
    expect(createReportBudget(sessionStorage, () => 1)()).toBe(true);
    sessionStorage.setItem(CLIENT_EVENTS_SENT_STORAGE_KEY, 'not json');
    expect(createReportBudget(sessionStorage, () => 1)()).toBe(true);
    expect(JSON.parse(sessionStorage.getItem(CLIENT_EVENTS_SENT_STORAGE_KEY) ?? '')).toEqual([1]);
  });

  test('without a storage the budget holds for the page', () => {
    const withinBudget = createReportBudget(undefined, () => 7);
    for (let sent = 0; sent < CLIENT_EVENTS_PER_MINUTE; sent += 1) withinBudget();
    expect(withinBudget()).toBe(false);
  });
});

describe('createClientEventReporter', () => {
  function reporterWith(withinBudget: () => boolean) {
    const post = jest.fn().mockResolvedValue({ data: { data: null } });
    const apiClient = { request: post } as unknown as AxiosInstance;
    const report = createClientEventReporter({
      apiClient,
      hasSession: () => true,
      withinBudget,
      pathname: () => '/financial',
      log: jest.fn(),
    });
    return { post, report };
  }

  test('a report within the budget is sent with the route pattern; past it, nothing is sent', () => {
    let allowed = true;
    const { post, report } = reporterWith(() => allowed);
    report({ remote: 'mf-finance', version: '1.0.0', kind: 'loaded' });
    expect(post).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(post.mock.calls[0])).toContain('/financial');
    allowed = false;
    report({ remote: 'mf-finance', version: '1.0.0', kind: 'loaded' });
    expect(post).toHaveBeenCalledTimes(1);
  });
});
