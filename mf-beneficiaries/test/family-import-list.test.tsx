import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { familyImportEndpoints } from 'shared-contracts/beneficiaries';
import { createFakeApi, listReply } from 'shared-ui/testing';
import FamilyImportListPage from '../src/features/family-import/pages/family-import-list-page';
import { renderPage } from '../src/testing/render-page';
import { familyImport, importer } from './family-import-fixtures';

function listApi() {
  const api = createFakeApi();
  api.on(
    familyImportEndpoints.list,
    listReply([
      familyImport({
        id: 7,
        status: 'validating',
        file_name: 'north.xlsx',
        total_rows: 200,
        processed_rows: 50,
      }),
      familyImport({ id: 6, status: 'done', file_name: 'south.csv', counts: { created: 12 } }),
    ]),
  );
  return api;
}

describe('family imports list', () => {
  it('lists the imports with their state, progress and created families', async () => {
    renderPage(<FamilyImportListPage />, {
      route: '/families/import',
      api: listApi(),
      user: importer(),
    });

    expect(await screen.findByRole('heading', { name: 'استيراد الأسر', level: 1 })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'عمليات الاستيراد' });
    const north = within(table).getByRole('link', { name: 'north.xlsx' });
    expect(north).toHaveAttribute('href', '/families/import/7');
    const [, validating, done] = within(table).getAllByRole('row');
    expect(within(validating!).getByText('قيد التحقق')).toBeInTheDocument();
    expect(within(validating!).getByRole('progressbar')).toHaveAttribute('value', '25');
    expect(within(validating!).getByText('تم التحقق من 50 صفاً من أصل 200')).toBeInTheDocument();
    expect(within(done!).getByText('مكتمل')).toBeInTheDocument();
    expect(within(done!).getByText('12 أسرة')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تنزيل نموذج الاستيراد' })).toBeInTheDocument();
  });

  it('uploads a file, then follows its validation to the review', async () => {
    const user = userEvent.setup();
    const api = listApi();
    api.on(familyImportEndpoints.upload, {
      status: 202,
      data: { data: familyImport({ id: 9, status: 'validating', processed_rows: 0 }) },
    });
    api.on(
      familyImportEndpoints.show,
      { params: { id: 9 } },
      {
        status: 200,
        data: { data: familyImport({ id: 9, status: 'ready', counts: { valid: 4 } }) },
      },
    );
    renderPage(<FamilyImportListPage />, { route: '/families/import', api, user: importer() });

    await user.click(await screen.findByRole('button', { name: 'استيراد ملف' }));
    const dialog = screen.getByRole('dialog', { name: 'استيراد أسر من ملف' });

    // Nothing picked: an Arabic message, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'رفع الملف' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('اختر ملف جدول البيانات أولاً');
    expect(api.callsTo(familyImportEndpoints.upload)).toHaveLength(0);

    const file = new File(['اسم رب الأسرة\nخالد'], 'register.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('ملف جدول البيانات'), file);
    await user.click(within(dialog).getByRole('button', { name: 'رفع الملف' }));

    expect(await within(dialog).findByRole('link', { name: 'مراجعة الصفوف' })).toHaveAttribute(
      'href',
      '/families/import/9',
    );
    // The submit button is gone: focus is on the outcome, not lost to the page.
    expect(document.activeElement).toHaveTextContent('استُلم الملف وبدأ التحقق من صفوفه');
    const body = api.lastCallTo(familyImportEndpoints.upload)?.body;
    expect(body).toBeInstanceOf(FormData);
    if (!(body instanceof FormData)) throw new Error('the upload is multipart');
    expect(body.get('kind')).toBe('families');
    expect(body.get('file')).toBeInstanceOf(File);
    // The list is asked again so the new import shows in it.
    await waitFor(() => expect(api.callsTo(familyImportEndpoints.list).length).toBeGreaterThan(1));
  });

  it('shows the server’s refusal in Arabic', async () => {
    const user = userEvent.setup();
    const api = listApi();
    api.on(familyImportEndpoints.upload, {
      status: 422,
      data: { message: 'الملف ليس جدول بيانات مقروءاً' },
    });
    renderPage(<FamilyImportListPage />, { route: '/families/import', api, user: importer() });

    await user.click(await screen.findByRole('button', { name: 'استيراد ملف' }));
    const dialog = screen.getByRole('dialog', { name: 'استيراد أسر من ملف' });
    await user.upload(
      within(dialog).getByLabelText('ملف جدول البيانات'),
      new File(['x'], 'photo.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'رفع الملف' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'الملف ليس جدول بيانات مقروءاً',
    );
    expect(within(dialog).getByLabelText('ملف جدول البيانات')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
