import { screen, waitFor, within } from '@testing-library/react';
import type { ActivityLogEntry } from 'shared-contracts/admin';
import { formatDateTime, formatNumber } from 'shared-ui';
import { createFakeApi, listReply } from 'shared-ui/testing';
import { activityLogEndpoints } from 'shared-contracts/admin';
import FamilyActivityPanel, {
  FAMILY_ACTIVITY_EMPTY,
  FULL_LOG_LABEL,
} from '../src/features/activity-log/panels/family-activity-panel';
import { superAdmin } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

const statusChange: ActivityLogEntry = {
  id: 91,
  occurred_at: '2025-03-02T11:00:00.000Z',
  employee_id: 1,
  employee_name: 'مدير النظام',
  action: 'status_change',
  entity_type: 'family',
  entity_id: '7',
  entity_label: 'أسرة 1446-0007 — خالد الحربي',
  changes: { status: ['pending_review', 'approved'] },
  ip: '127.0.0.1',
  user_agent: 'seed',
};
const memberMoved: ActivityLogEntry = {
  ...statusChange,
  id: 90,
  occurred_at: '2025-03-01T09:00:00.000Z',
  employee_id: 2,
  employee_name: 'نورة الباحثة',
  action: 'move_in',
  entity_type: 'family_member',
  entity_label: 'انضمام سارة منقولة من أسرة 1446-0003',
  changes: null,
};

function renderPanel(reply = listReply([statusChange, memberMoved], { total: 2 })) {
  const api = createFakeApi();
  api.on(activityLogEndpoints.list, reply);
  return renderPage(<FamilyActivityPanel familyId={7} />, {
    path: '/families/show/7',
    currentUser: superAdmin,
    api,
  });
}

describe('the family page’s activity panel (families.show slot)', () => {
  it('asks the log for this family’s last 10 rows', async () => {
    const { api } = renderPanel();
    await waitFor(() => expect(api.callsTo(activityLogEndpoints.list)).toHaveLength(1));
    expect(api.lastCallTo(activityLogEndpoints.list)?.params).toEqual({
      per_page: 10,
      'filter[family_id]': 7,
    });
  });

  it('shows who did what, when, in Arabic', async () => {
    renderPanel();
    const table = await screen.findByRole('table', { name: 'آخر نشاط على ملف الأسرة' });
    const first = (await within(table).findByText('مدير النظام')).closest('tr');
    if (!first) throw new Error('row not found');
    expect(within(first).getByText('تغيير الحالة')).toBeInTheDocument();
    expect(within(first).getByText('أسرة')).toBeInTheDocument();
    expect(within(first).getByText(statusChange.entity_label!)).toBeInTheDocument();
    expect(within(first).getByText(formatDateTime(statusChange.occurred_at))).toBeInTheDocument();
    const second = within(table).getByText('نورة الباحثة').closest('tr');
    if (!second) throw new Error('row not found');
    expect(within(second).getByText('انضمام فرد منقول')).toBeInTheDocument();
    expect(within(second).getByText('فرد أسرة')).toBeInTheDocument();
    // No English code reaches the screen.
    expect(table.textContent).not.toMatch(/[A-Za-z]/);
  });

  it('links to the full activity log, and says when it shows only the latest rows', async () => {
    renderPanel(listReply([statusChange, memberMoved], { total: 25, last_page: 13 }));
    expect(
      await screen.findByText(`المعروض آخر ${formatNumber(2)} من ${formatNumber(25)}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: FULL_LOG_LABEL })).toHaveAttribute(
      'href',
      '/activity-tracking',
    );
  });

  it('says so when nothing was recorded', async () => {
    renderPanel(listReply([], { total: 0 }));
    expect(await screen.findByText(FAMILY_ACTIVITY_EMPTY)).toBeInTheDocument();
  });

  it('a failed request is an error with a retry, inside the panel', async () => {
    renderPanel({ status: 500, data: { message: 'خطأ' } });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });
});
