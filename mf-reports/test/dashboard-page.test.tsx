import { fireEvent, screen, within } from '@testing-library/react';
import type { Dashboard } from 'shared-contracts/reports';
import { createFakeApi } from 'shared-ui/testing';
import { dashboardEndpoints } from 'shared-contracts/reports';
import DashboardPage from '../src/features/dashboard/pages/dashboard-page';
import { DASHBOARD_ALL_KEYS, dashboard } from '../src/testing/dashboard-fixtures';
import { employee } from '../src/testing/fixtures';
import { currentLocation, renderPage } from '../src/testing/render-page';
import { plain } from '../src/testing/report-test-support';

function open(data: Dashboard, permissions = DASHBOARD_ALL_KEYS) {
  const api = createFakeApi();
  api.on(dashboardEndpoints.show, { status: 200, data: { data } });
  const rendered = renderPage(<DashboardPage />, {
    route: '/dashboard',
    api,
    user: employee(permissions),
    routes: [
      { path: '/families', element: <h1>قائمة الأسر</h1> },
      { path: '/services', element: <h1>قائمة الخدمات</h1> },
    ],
  });
  return { api, router: rendered.router };
}

describe('dashboard page', () => {
  it('shows every figure with a link to the filtered list behind it, in one request', async () => {
    const { api } = open(dashboard());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'لوحة التحكم' }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'الأسر' });
    expect(api.callsTo(dashboardEndpoints.show)).toHaveLength(1);

    const pending = screen.getByRole('link', { name: /^قيد المراجعة/ });
    expect(plain(pending.textContent)).toBe('قيد المراجعة 3 أسر');
    expect(pending).toHaveAttribute('href', '/families?filter%5Bstatus%5D=pending_review');
    expect(screen.getByRole('link', { name: /^إعادة تقييم متأخرة/ })).toHaveAttribute(
      'href',
      '/families?filter%5Breassessment_overdue%5D=true',
    );
    expect(screen.getByRole('link', { name: /^منفذة هذا الشهر/ })).toHaveAttribute(
      'href',
      '/services?filter%5Bstatus%5D=delivered',
    );
    expect(screen.getByRole('link', { name: /^قيد الانتظار/ })).toHaveAttribute(
      'href',
      '/services?filter%5Bstatus%5D=requested%2Capproved%2Cin_progress',
    );
    const income = screen.getByRole('link', { name: /^إيرادات الشهر/ });
    expect(income).toHaveAttribute(
      'href',
      '/financial?filter%5Bdirection%5D=income&filter%5Bstatus%5D=completed%2Crefunded&filter%5Bfrom%5D=2026-11-01&filter%5Bto%5D=2026-11-30',
    );
    expect(plain(income.textContent)).toContain('1,500.25');
    expect(screen.getByRole('link', { name: 'ندوة التوعية الصحية' })).toHaveAttribute(
      'href',
      '/seminar/show/31',
    );
    expect(screen.getByText(/المسجلون 12 من 40/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^الاستبيانات المفتوحة/ })).toHaveAttribute(
      'href',
      '/survey?filter%5Bstatus%5D=open',
    );
    expect(screen.getByText(/9 ردود/)).toBeInTheDocument();

    // The charts' table alternatives carry the same figures.
    const byStatus = screen.getByRole('table', { name: 'الأسر حسب الحالة' });
    expect(
      plain(within(byStatus).getByRole('row', { name: /قيد المراجعة/ }).textContent),
    ).toContain('3');
    expect(screen.getByRole('table', { name: 'التسجيلات الجديدة حسب الشهر' })).toBeInTheDocument();
  });

  it('opens the filtered list from a figure', async () => {
    const { router } = open(dashboard());
    fireEvent.click(await screen.findByRole('link', { name: /^إعادة تقييم متأخرة/ }));
    expect(await screen.findByRole('heading', { name: 'قائمة الأسر' })).toBeInTheDocument();
    expect(currentLocation(router)).toBe('/families?filter%5Breassessment_overdue%5D=true');
  });

  it("shows this month's field visits, each figure linked to the visits list of the month", async () => {
    open(dashboard());
    const section = within(
      await screen.findByRole('region', { name: 'الزيارات الميدانية في نوفمبر 2026' }),
    );
    const overdue = section.getByRole('link', { name: /^متأخرة/ });
    expect(plain(overdue.textContent)).toBe('متأخرة زيارة واحدة');
    expect(overdue).toHaveAttribute(
      'href',
      '/visits?filter%5Bfrom%5D=2026-11-01&filter%5Bto%5D=2026-11-30&filter%5Boverdue%5D=true',
    );
    expect(plain(section.getByRole('link', { name: /^منجزة/ }).textContent)).toBe('منجزة 3 زيارات');
    expect(section.getByRole('link', { name: /^مخططة/ })).toHaveAttribute(
      'href',
      '/visits?filter%5Bfrom%5D=2026-11-01&filter%5Bto%5D=2026-11-30&filter%5Bstatus%5D=planned',
    );
  });

  it('shows only the sections the server sent', async () => {
    open(
      dashboard({ finance: null, visits: null, services: null, seminars: null, surveys: null }),
      ['show_index', 'show_families'],
    );
    await screen.findByRole('heading', { name: 'الأسر' });
    expect(screen.queryByRole('heading', { name: 'الخدمات' })).not.toBeInTheDocument();
    expect(screen.queryByText(/إيرادات الشهر/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'الندوات القادمة' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'الاستبيانات المفتوحة' })).not.toBeInTheDocument();
  });

  it('says so when no section is open to the employee', async () => {
    open(
      dashboard({
        families: null,
        visits: null,
        finance: null,
        services: null,
        seminars: null,
        surveys: null,
      }),
      ['show_index'],
    );
    expect(
      await screen.findByText('لا توجد أرقام متاحة لصلاحياتك في لوحة التحكم.'),
    ).toBeInTheDocument();
  });
});
