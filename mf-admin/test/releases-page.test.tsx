import { screen, within } from '@testing-library/react';
import { clientEventEndpoints, type RemotesConfig } from 'shared-contracts';
import { createFakeApi } from 'shared-ui/testing';
import { figuresSince } from '../src/features/releases/api/releases-api';
import ReleasesPage from '../src/features/releases/pages/releases-page';
import { superAdmin } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

/**
 * /releases: each remote's stable version and rollout, a stop that happened, and the browsers'
 * figures per version, in Arabic with the plural helper.
 */
const CONFIG: RemotesConfig = {
  remotes: {
    'mf-finance': {
      version: '1.0.0',
      manifest: '/remotes/mf-finance/1.0.0/mf-manifest.json',
      rollout: {
        version: '1.1.0',
        manifest: '/remotes/mf-finance/1.1.0/mf-manifest.json',
        percent: 10,
        staff: ['a'.repeat(64), 'b'.repeat(64)],
        startedAt: '2026-03-01T10:00:00.000Z',
        halt: { errorsPer100: 5, minLoads: 20 },
      },
    },
    'mf-services': {
      version: '2.0.0',
      manifest: '/remotes/mf-services/2.0.0/mf-manifest.json',
      stopped: {
        version: '2.1.0',
        at: '2026-03-01T11:00:00.000Z',
        reason: 'أوقف تلقائياً: معدل الأخطاء 50 لكل 100 تحميل',
      },
    },
  },
};

beforeEach(() => {
  global.fetch = jest.fn(async () => new Response(JSON.stringify(CONFIG))) as typeof fetch;
});

test('shows each section’s stable version, its rollout, a stop and the figures per version', async () => {
  const api = createFakeApi();
  api.on(clientEventEndpoints.summary, {
    status: 200,
    data: {
      data: {
        since: '2026-02-28T10:00:00.000Z',
        rows: [
          {
            remote: 'mf-finance',
            version: '1.0.0',
            sessions: 12,
            loads: 40,
            load_failures: 0,
            render_errors: 0,
          },
          {
            remote: 'mf-finance',
            version: '1.1.0',
            sessions: 3,
            loads: 5,
            load_failures: 1,
            render_errors: 0,
          },
        ],
      },
    },
  });
  renderPage(<ReleasesPage />, { path: '/releases', currentUser: superAdmin, api });

  const finance = await screen.findByTestId('release-mf-finance');
  expect(within(finance).getByText(/الإصدار المستقر/).textContent).toBe(
    'الإصدار المستقر 1.0.0: 12 جلسة، 40 تحميلاً، تعذر التحميل ولا مرة، أخطاء العرض 0',
  );
  const rollout = within(finance).getByTestId('release-rollout');
  expect(rollout.textContent).toContain(
    'الإصدار التجريبي 1.1.0: 3 جلسات، 5 تحميلات، تعذر التحميل مرة واحدة، أخطاء العرض 0، معدل الأخطاء 16.7 لكل 100 تحميل',
  );
  expect(rollout.textContent).toContain('10٪ من الموظفين وموظفان بالاسم');
  expect(within(finance).getByRole('heading', { name: 'قسم المالية' })).toBeTruthy();

  const services = screen.getByTestId('release-mf-services');
  expect(within(services).getByTestId('release-stopped').textContent).toContain(
    'أُوقف طرح الإصدار 2.1.0 تلقائياً',
  );
  expect(within(services).getByText(/لم تصل تقارير/)).toBeTruthy();
  expect(screen.queryByTestId('release-mf-admin')).toBeNull();
});

test('reads the figures since the oldest running rollout, or the last 24 hours', () => {
  expect(figuresSince(CONFIG, new Date('2026-03-01T12:00:30.000Z'))).toBe(
    '2026-02-28T12:00:00.000Z',
  );
  expect(figuresSince(CONFIG, new Date('2026-03-03T12:00:00.000Z'))).toBe(
    '2026-03-01T10:00:00.000Z',
  );
});
