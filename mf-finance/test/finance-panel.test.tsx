import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from 'shared-ui/testing';
import { stripBidiMarks } from 'shared-ui';
import { financialRecordEndpoints } from 'shared-contracts/finance';
import FinancePanel from '../src/features/records/panels/finance-panel';
import panels from '../src/panels';
import { employee, record, recordList, totals } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

function renderPanel(props: Parameters<typeof FinancePanel>[0], rows = [record()]) {
  const api = createFakeApi();
  api.on(financialRecordEndpoints.list, {
    status: 200,
    data: recordList(
      rows,
      totals({ income: '1250.50', expense: '300.25', balance: '950.25', pending_records: 0 }),
    ),
  });
  return renderPage(<FinancePanel {...props} />, {
    route: '/families/show/:id',
    path: '/families/show/7',
    api,
  });
}

describe('the finance panel (families, organisations and programmes pages)', () => {
  it('asks for the family’s latest records and totals in one call and shows them', async () => {
    const { api } = renderPanel({ familyId: 7 });
    const totalsRegion = await screen.findByRole('region', {
      name: 'إجماليات المبالغ المرتبطة بالأسرة',
    });
    await waitFor(() =>
      expect(api.lastCallTo(financialRecordEndpoints.list)?.query).toEqual({
        'filter[family_id]': '7',
        per_page: '5',
        sort: 'occurred_on',
        order: 'desc',
      }),
    );
    expect(
      within(totalsRegion)
        .getAllByRole('definition')
        .map((dd) => stripBidiMarks(dd.textContent ?? '').replace(/\s+/g, ' ')),
    ).toEqual(['1,250.50 ر.س.', '300.25 ر.س.', '950.25 ر.س.']);
    const table = screen.getByRole('table', { name: 'آخر القيود المالية المرتبطة بالأسرة' });
    expect(within(table).getByRole('link', { name: '#41' })).toHaveAttribute(
      'href',
      '/financial/show/41',
    );
  });

  it('links into the list filtered to the entity, and to record one for it', async () => {
    renderPanel({ orgId: 3 });
    expect(await screen.findByRole('link', { name: 'كل القيود المرتبطة بالجهة' })).toHaveAttribute(
      'href',
      '/financial?filter%5Borganisation_id%5D=3',
    );
    expect(screen.getByRole('link', { name: 'تسجيل قيد للجهة' })).toHaveAttribute(
      'href',
      '/financial/create?organisation_id=3',
    );
  });

  it('says when nothing is linked yet, for a programme', async () => {
    const { api } = renderPanel({ seasonId: 4 }, []);
    expect(await screen.findByText('لا توجد قيود مالية مرتبطة بالبرنامج')).toBeInTheDocument();
    expect(api.lastCallTo(financialRecordEndpoints.list)?.query).toMatchObject({
      'filter[season_id]': '4',
    });
    expect(screen.queryByRole('link', { name: /كل القيود/ })).not.toBeInTheDocument();
  });

  it('is the one component of all three slots', () => {
    expect(panels['families.show.finance']).toBe(panels['orgs.show.finance']);
    expect(panels['orgs.show.finance']).toBe(panels['seasons.show.finance']);
    expect(employee().permissions).toContain('show_financial');
  });
});
