import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  familyEndpoints,
  familyImportEndpoints,
  type FamilyImport,
  type FamilyImportRow,
} from 'shared-contracts/beneficiaries';
import { createFakeApi, listReply, type FakeApi } from 'shared-ui/testing';
import FamilyImportReviewPage from '../src/features/family-import/pages/family-import-review-page';
import { familyDetail, saudiId } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';
import { familyImport, importRow, importer } from './family-import-fixtures';

const ready = familyImport({ counts: { valid: 1, invalid: 1, duplicate: 2 } });

const validRow = importRow({ row_number: 2 });
const invalidRow = importRow({
  row_number: 3,
  state: 'invalid',
  errors: {
    'head.national_id': ['رقم الهوية غير صالح'],
    'members.0.birth_date': ['تاريخ غير صالح'],
  },
});
/** The same national ID as a registered family: only skip or update. */
const certainRow = importRow({
  row_number: 4,
  state: 'duplicate',
  values: { 'head.full_name': 'سعد ناصر القحطاني', 'head.national_id': saudiId('106666661') },
  matches: [
    {
      certainty: 'certain',
      reasons: ['national_id'],
      family: { id: 21, file_number: 'F-1447-00021', head_name: 'سعد ناصر القحطاني' },
      row_number: null,
    },
  ],
});
/** The same phone only: may also be created as a new family. */
const possibleRow = importRow({
  row_number: 5,
  state: 'duplicate',
  values: { 'head.full_name': 'منى علي الحربي', primary_phone: '0559876543' },
  matches: [
    {
      certainty: 'possible',
      reasons: ['primary_phone'],
      family: { id: 22, file_number: 'F-1447-00022', head_name: 'منيرة علي الحربي' },
      row_number: null,
    },
  ],
});

function reviewApi(item: () => FamilyImport, rows: Partial<Record<string, FamilyImportRow[]>>) {
  const api = createFakeApi();
  api.on(familyImportEndpoints.show, () => ({ status: 200, data: { data: item() } }));
  api.on(familyImportEndpoints.rows, (call) =>
    listReply(rows[call.query['filter[state]'] ?? ''] ?? []),
  );
  return api;
}

function renderReview(api: FakeApi, path = '/families/import/5') {
  return renderPage(<FamilyImportReviewPage />, {
    route: '/families/import/:id',
    path,
    api,
    user: importer(),
  });
}

describe('family import review', () => {
  it('shows the rows by state in tabs, the errors in Arabic and their download', async () => {
    const user = userEvent.setup();
    const api = reviewApi(() => ready, {
      valid: [validRow],
      invalid: [invalidRow],
      duplicate: [certainRow, possibleRow],
    });
    const view = renderReview(api);

    const tabs = within(await screen.findByRole('tablist', { name: 'صفوف الملف حسب حالتها' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'جاهزة — صف واحد',
      'أخطاء — صف واحد',
      'تكرارات محتملة — صفان',
    ]);
    expect(tabs.getByRole('tab', { name: /جاهزة/ })).toHaveAttribute('aria-selected', 'true');
    const readyTable = await screen.findByRole('table', { name: 'الصفوف الجاهزة للإنشاء' });
    expect(within(readyTable).getByText('خالد سعد العتيبي')).toBeInTheDocument();

    // Keyboard: the next tab in reading order, selected as it takes focus.
    tabs.getByRole('tab', { name: /جاهزة/ }).focus();
    await user.keyboard('{ArrowLeft}');
    const errorsTab = tabs.getByRole('tab', { name: /أخطاء/ });
    expect(errorsTab).toHaveFocus();
    expect(errorsTab).toHaveAttribute('aria-selected', 'true');
    expect(view.router.state.location.search).toBe('?tab=errors');
    const errors = await screen.findByRole('table', { name: 'الصفوف غير السليمة' });
    expect(within(errors).getByText('رقم هوية رب الأسرة: رقم الهوية غير صالح')).toBeInTheDocument();
    expect(within(errors).getByText(/^الفرد 1: .*تاريخ غير صالح$/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'تنزيل الصفوف غير السليمة مع أخطائها' }),
    ).toBeInTheDocument();
    expect(api.lastCallTo(familyImportEndpoints.rows)?.query).toEqual({
      'filter[state]': 'invalid',
    });
  });

  it('shows each duplicate beside its match and records a decision', async () => {
    const user = userEvent.setup();
    let rows = [certainRow, possibleRow];
    const api = reviewApi(() => ready, { duplicate: rows });
    api.on(familyImportEndpoints.rows, (call) =>
      listReply(call.query['filter[state]'] === 'duplicate' ? rows : []),
    );
    api.on(familyImportEndpoints.resolve, (call) => {
      const decided = { ...possibleRow, resolution: 'create' as const };
      rows = [certainRow, decided];
      expect(call.pathParams).toEqual({ id: '5', row: '5' });
      return { status: 200, data: { data: decided } };
    });
    api.on(
      familyEndpoints.show,
      { params: { id: 21 } },
      {
        status: 200,
        data: {
          data: familyDetail({ id: 21, head_national_id: saudiId('106666661'), members_count: 3 }),
        },
      },
    );
    renderReview(api, '/families/import/5?tab=duplicates');

    const certain = await screen.findByRole('article', { name: 'الصف 4' });
    // The registered family's own identifiers beside the row's: the same national ID twice.
    expect(await within(certain).findByText('3 أفراد')).toBeInTheDocument();
    expect(within(certain).getAllByText(saudiId('106666661'))).toHaveLength(2);
    expect(
      within(certain).getByRole('heading', { name: /الأسرة المسجلة\s*تكرار مؤكد/ }),
    ).toBeVisible();
    expect(within(certain).getByRole('link', { name: 'F-1447-00021' })).toHaveAttribute(
      'href',
      '/families/show/21',
    );
    expect(within(certain).getByText('رقم الهوية نفسه')).toBeInTheDocument();
    // A certain duplicate cannot be created.
    const certainActions = within(within(certain).getByRole('group', { name: 'القرار في الصف 4' }));
    expect(certainActions.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'تخطي الصف',
      'تحديث الأسرة المطابقة',
    ]);

    const possible = screen.getByRole('article', { name: 'الصف 5' });
    await user.click(within(possible).getByRole('button', { name: 'إنشاء أسرة جديدة' }));
    expect(api.lastCallTo(familyImportEndpoints.resolve)?.body).toEqual({ action: 'create' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'الصف 5' })).getByRole('button', {
          name: 'إنشاء أسرة جديدة',
        }),
      ).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('article', { name: 'الصف 5' })).toHaveTextContent(
      'القرار: ستُنشأ من هذا الصف أسرة جديدة',
    );
  });

  it('skips every certain duplicate not yet decided, and only those', async () => {
    const user = userEvent.setup();
    const decidedCertain = importRow({ ...certainRow, row_number: 6, resolution: 'update' });
    const api = reviewApi(() => ready, { duplicate: [certainRow, possibleRow, decidedCertain] });
    api.on(familyImportEndpoints.resolve, (call) => ({
      status: 200,
      data: { data: { ...certainRow, state: 'skipped', resolution: 'skip' } },
      ...(call.pathParams.row === '4' ? {} : { status: 500 }),
    }));
    renderReview(api, '/families/import/5?tab=duplicates');

    await user.click(await screen.findByRole('button', { name: 'تخطي كل التكرارات المؤكدة' }));
    const dialog = screen.getByRole('dialog', { name: 'تخطي كل التكرارات المؤكدة' });
    await user.click(within(dialog).getByRole('button', { name: 'تخطي التكرارات المؤكدة' }));

    expect(await screen.findByText('تُخطي صف واحد')).toBeInTheDocument();
    expect(api.callsTo(familyImportEndpoints.resolve).map((call) => call.pathParams)).toEqual([
      { id: '5', row: '4' },
    ]);
    expect(api.lastCallTo(familyImportEndpoints.resolve)?.body).toEqual({ action: 'skip' });
  });

  it('commits, follows the job and links to the families created', async () => {
    const user = userEvent.setup();
    let current = ready;
    const created = importRow({ row_number: 2, state: 'created', family_id: 31 });
    const api = reviewApi(() => current, { valid: [validRow], created: [created] });
    api.on(familyImportEndpoints.commit, () => {
      current = familyImport({ status: 'done', counts: { created: 1, invalid: 1, skipped: 2 } });
      return { status: 202, data: { data: familyImport({ status: 'committing' }) } };
    });
    renderReview(api);

    await user.click(await screen.findByRole('button', { name: 'اعتماد الملف وإنشاء الأسر' }));
    const dialog = screen.getByRole('dialog', { name: 'اعتماد الملف' });
    expect(dialog).toHaveTextContent('ستُنشأ أسرة لكل صف سليم (صف واحد)');
    await user.click(within(dialog).getByRole('button', { name: 'اعتماد وإنشاء الأسر' }));

    expect(await screen.findByText(/اكتمل الاستيراد/)).toHaveTextContent(
      'الأسر المنشأة: أسرة واحدة؛ الأسر المحدّثة: لا توجد أسر.',
    );
    expect(api.callsTo(familyImportEndpoints.commit)).toHaveLength(1);
    // The commit button is gone: focus is on the status it changed, not lost to the page.
    expect(screen.getByRole('heading', { name: /^الحالة/ })).toHaveFocus();
    expect(screen.getByRole('tab', { name: /الأسر المنشأة/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('link', { name: 'فتح ملف الأسرة' })).toHaveAttribute(
      'href',
      '/families/show/31',
    );
    expect(
      screen.queryByRole('button', { name: 'اعتماد الملف وإنشاء الأسر' }),
    ).not.toBeInTheDocument();
  });

  it('an import that does not exist: the page heading and an Arabic not-found state', async () => {
    const api = createFakeApi();
    api.on(familyImportEndpoints.show, {
      status: 404,
      data: { message: 'عملية الاستيراد غير موجودة' },
    });
    renderReview(api, '/families/import/1');

    expect(screen.getByRole('heading', { name: 'مراجعة ملف الاستيراد', level: 1 })).toBeVisible();
    expect(await screen.findByText('عملية الاستيراد غير موجودة')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });

  it('while the file is validated: its progress, no tabs yet', async () => {
    const api = reviewApi(
      () => familyImport({ status: 'validating', total_rows: 10, processed_rows: 4 }),
      {},
    );
    renderReview(api);

    expect(
      await screen.findByRole('progressbar', { name: /التحقق من صفوف الملف/ }),
    ).toHaveAttribute('value', '40');
    expect(screen.getByText('تم التحقق من 4 صفوف من أصل 10')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });
});
