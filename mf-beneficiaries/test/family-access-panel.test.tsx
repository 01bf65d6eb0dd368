import { screen, within } from '@testing-library/react';
import {
  familyAccessEndpoints,
  type FamilyAccessEntry,
} from 'shared-contracts/resources/family-access-contracts';
import { createFakeApi } from 'shared-ui/testing';
import FamilyAccessPanel, {
  FAMILY_ACCESS_EMPTY,
} from '../src/features/family-access/panels/family-access-panel';
import { employee } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

function renderPanel(entries: FamilyAccessEntry[], total = entries.length) {
  const api = createFakeApi();
  api.on(familyAccessEndpoints.familyList, { status: 200, data: { data: { entries, total } } });
  renderPage(<FamilyAccessPanel familyId={7} />, {
    route: '/families/show/:id',
    path: '/families/show/7',
    api,
    user: employee(['show_families', 'manage_personal_data']),
  });
  return api;
}

describe('«من اطّلع على الملف» (families.show slot)', () => {
  it('lists who looked at the file, what and when, newest first', async () => {
    const api = renderPanel([
      {
        id: 2,
        employee: { id: 4, name: 'أمل المطّلعة' },
        kind: 'document',
        document: { id: 3, file_name: 'lease.pdf' },
        at: '2026-12-01T10:30:00.000Z',
      },
      {
        id: 1,
        employee: { id: 5, name: 'سارة الباحثة' },
        kind: 'view',
        document: null,
        at: '2026-12-01T09:00:00.000Z',
      },
    ]);
    await screen.findByText('أمل المطّلعة');
    const table = screen.getByRole('table', { name: 'من اطّلع على ملف الأسرة' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('أمل المطّلعة');
    expect(rows[0]).toHaveTextContent('عرض مستند أو تنزيله');
    expect(rows[0]).toHaveTextContent('lease.pdf');
    expect(rows[1]).toHaveTextContent('سارة الباحثة');
    expect(rows[1]).toHaveTextContent('فتح ملف الأسرة');
    expect(api.lastCallTo(familyAccessEndpoints.familyList)?.url).toContain(
      '/families/7/access-log',
    );
  });

  it('says so when nobody has looked yet, and how many are left out of a long log', async () => {
    renderPanel([]);
    expect(await screen.findByText(FAMILY_ACCESS_EMPTY)).toBeInTheDocument();
  });

  it('counts what a long log leaves out', async () => {
    renderPanel(
      [
        {
          id: 1,
          employee: { id: 5, name: 'سارة الباحثة' },
          kind: 'view',
          document: null,
          at: '2026-12-01T09:00:00.000Z',
        },
      ],
      350,
    );
    expect(await screen.findByText('يُعرض الأحدث: اطّلاع واحد من 350 اطّلاعًا')).toBeInTheDocument();
  });
});
