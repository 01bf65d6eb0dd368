import { screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from 'shared-ui/testing';
import { seminarAudienceEndpoints } from 'shared-contracts/engagement';
import FamilySeminarsPanel, {
  FAMILY_SEMINARS_EMPTY,
} from '../src/features/seminars/panels/family-seminars-panel';
import { renderPage } from '../src/testing/render-page';

function renderPanel(data: unknown[]) {
  const api = createFakeApi();
  api.on(seminarAudienceEndpoints.attended, { status: 200, data: { data } });
  return {
    ...renderPage(<FamilySeminarsPanel familyId={7} />, {
      route: '/families/show/:id',
      path: '/families/show/7',
      api,
    }),
  };
}

describe('the family page’s seminars panel (families.show slot)', () => {
  it('lists the seminars the family’s members attended, each linking to its seminar', async () => {
    const { api } = renderPanel([
      {
        entry_id: 1,
        seminar: {
          id: 5,
          title: 'إدارة ميزانية الأسرة',
          starts_at: '2026-10-01T17:00',
          type: 'ندوة توعوية',
        },
        member: { id: 11, name: 'هيا علي الحربي' },
      },
      {
        entry_id: 2,
        seminar: {
          id: 5,
          title: 'إدارة ميزانية الأسرة',
          starts_at: '2026-10-01T17:00',
          type: 'ندوة توعوية',
        },
        member: { id: 12, name: 'سعد خالد الحربي' },
      },
      {
        entry_id: 3,
        seminar: {
          id: 6,
          title: 'الإسعافات الأولية',
          starts_at: '2026-09-01T10:00',
          type: 'ورشة عمل',
        },
        member: { id: 11, name: 'هيا علي الحربي' },
      },
    ]);
    const table = await screen.findByRole('table', { name: 'الندوات التي حضرها أفراد الأسرة' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(api.lastCallTo(seminarAudienceEndpoints.attended)?.query).toEqual({ family_id: '7' });
    expect(within(table).getAllByRole('link', { name: 'إدارة ميزانية الأسرة' })[0]).toHaveAttribute(
      'href',
      '/seminar/show/5',
    );
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('هيا علي الحربي');
    // Two distinct seminars, counted in Arabic (the dual).
    expect(screen.getByText('حضر أفراد الأسرة ندوتان')).toBeInTheDocument();
  });

  it('says so when nobody attended', async () => {
    renderPanel([]);
    expect(await screen.findByText(FAMILY_SEMINARS_EMPTY)).toBeInTheDocument();
  });
});
