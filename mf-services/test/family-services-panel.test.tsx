import { screen, waitFor, within } from '@testing-library/react';
import type { ServiceSummary } from 'shared-contracts/services';
import { createFakeApi } from 'shared-ui/testing';
import { serviceEndpoints } from 'shared-contracts/services';
import FamilyServicesPanel, {
  FAMILY_SERVICES_EMPTY,
} from '../src/features/services/panels/family-services-panel';
import { employee } from '../src/testing/fixtures';
import { currentLocation, renderPage } from '../src/testing/render-page';

const SUMMARY: ServiceSummary = {
  total: 6,
  by_status: { requested: 1, approved: 2, in_progress: 0, delivered: 3, rejected: 0, cancelled: 0 },
  overdue: 1,
  delivered_cost: 1250.75,
};

function renderPanel(summary: ServiceSummary = SUMMARY, user = employee()) {
  const api = createFakeApi();
  api.on(serviceEndpoints.summary, { status: 200, data: { data: summary } });
  return renderPage(<FamilyServicesPanel familyId={7} />, {
    route: '/families/show/:id',
    path: '/families/show/7',
    api,
    user,
  });
}

describe('the family page’s services panel (families.show slot)', () => {
  it('asks for this family’s counts and shows each status that has services', async () => {
    const { api } = renderPanel();
    const table = await screen.findByRole('table', { name: 'أعداد خدمات الأسرة حسب الحالة' });
    await waitFor(() =>
      expect(api.lastCallTo(serviceEndpoints.summary)?.query).toEqual({
        'filter[family_id]': '7',
      }),
    );
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    // Each count is a link whose name goes on (for screen readers) to say what it opens.
    expect(rows).toEqual([
      'مطلوبة1 — عرض خدمات الأسرة: مطلوبة',
      'معتمدة2 — عرض خدمات الأسرة: معتمدة',
      'منفذة3 — عرض خدمات الأسرة: منفذة',
      'متأخرة عن التاريخ المتوقع1 — عرض خدمات الأسرة: متأخرة',
    ]);
    // Counted in Arabic (6 → the plural), the cost as an exact amount.
    expect(screen.getByText(/^الإجمالي 6 خدمات، وتكلفة المنفذ منها/)).toHaveTextContent('1,250.75');
  });

  it('links each count into the services list filtered to the family and that status', async () => {
    const { user, router } = renderPanel();
    const delivered = await screen.findByRole('link', { name: '3 — عرض خدمات الأسرة: منفذة' });
    expect(delivered).toHaveAttribute(
      'href',
      '/services?filter%5Bfamily_id%5D=7&filter%5Bstatus%5D=delivered',
    );
    expect(screen.getByRole('link', { name: '1 — عرض خدمات الأسرة: متأخرة' })).toHaveAttribute(
      'href',
      '/services?filter%5Bfamily_id%5D=7&filter%5Boverdue%5D=true',
    );
    expect(screen.getByRole('link', { name: 'كل خدمات الأسرة' })).toHaveAttribute(
      'href',
      '/services?filter%5Bfamily_id%5D=7',
    );
    await user.click(screen.getByRole('link', { name: 'طلب خدمة لهذه الأسرة' }));
    expect(currentLocation(router)).toBe('/services/create?family_id=7');
  });

  it('says so when the family has no service yet', async () => {
    renderPanel({
      total: 0,
      by_status: {
        requested: 0,
        approved: 0,
        in_progress: 0,
        delivered: 0,
        rejected: 0,
        cancelled: 0,
      },
      overdue: 0,
      delivered_cost: 0,
    });
    expect(await screen.findByText(FAMILY_SERVICES_EMPTY)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'كل خدمات الأسرة' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'طلب خدمة لهذه الأسرة' })).toBeInTheDocument();
  });

  it('shows the API’s message with a retry when the counts cannot load', async () => {
    const api = createFakeApi();
    api.on(serviceEndpoints.summary, {
      status: 500,
      data: { message: 'تعذر الاتصال بقاعدة البيانات' },
    });
    renderPage(<FamilyServicesPanel familyId={7} />, { path: '/families/show/7', api });
    expect(await screen.findByRole('alert')).toHaveTextContent('تعذر الاتصال بقاعدة البيانات');
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });
});
