import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { todayIso } from 'shared-contracts';
import { familyEndpoints } from 'shared-contracts/beneficiaries';
import {
  DOCUMENT_KIND_LABELS,
  documentEndpoints,
  type DocumentItem,
  type DocumentTombstone,
} from 'shared-contracts/resources/documents-contracts';
import { DocumentsPanel, expiryLabel, expiryStateOf, formatFileSize } from 'shared-ui';
import { createFakeApi } from 'shared-ui/testing';
import FamilyDocumentsPanel from '../src/features/documents/panels/family-documents-panel';
import { employee, familyDetail } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

/** An ISO date `days` from today (Riyadh). */
function inDays(days: number): string {
  const date = new Date(`${todayIso()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function doc(overrides: Partial<DocumentItem> = {}): DocumentItem {
  return {
    id: 1,
    kind: 'national_id',
    file_name: 'هوية-الأب.pdf',
    mime_type: 'application/pdf',
    size: 250 * 1024,
    sha256: 'a'.repeat(64),
    has_thumbnail: false,
    member: { id: 11, name: 'محمد أحمد علي الشهري' },
    expires_on: null,
    note: null,
    uploaded_by: { id: 1, name: 'نورة الباحثة' },
    uploaded_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

const TOMBSTONE: DocumentTombstone = {
  id: 9,
  kind: 'lease',
  deleted_by: { id: 1, name: 'نورة الباحثة' },
  deleted_at: '2026-11-21T08:00:00.000Z',
  reason: 'رُفع بالخطأ',
};

function renderPanel(
  documents: DocumentItem[],
  options: { user?: ReturnType<typeof employee>; deleted?: DocumentTombstone[] } = {},
) {
  const api = createFakeApi();
  api.on(documentEndpoints.familyList, {
    status: 200,
    data: { data: { documents, deleted: options.deleted ?? [] } },
  });
  api.on(familyEndpoints.show, { status: 200, data: { data: familyDetail() } });
  api.on(documentEndpoints.thumbnail, { status: 200, data: new Blob(['webp']) });
  api.on(documentEndpoints.content, { status: 200, data: new Blob(['bytes']) });
  const rendered = renderPage(<FamilyDocumentsPanel familyId={7} />, {
    route: '/families/show/:id',
    path: '/families/show/7',
    api,
    user: options.user ?? employee(),
  });
  return { ...rendered, api };
}

function pickFiles(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[data-documents-input="files"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

beforeAll(() => {
  // jsdom has no object URLs.
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

describe('documents: sizes and expiry in Arabic', () => {
  it('says a size through the plural helper', () => {
    expect(formatFileSize(1)).toBe('بايت واحد');
    expect(formatFileSize(2 * 1024)).toBe('كيلوبايتان');
    expect(formatFileSize(250 * 1024)).toBe('250 كيلوبايتاً');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 ميغابايتات');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.5 ميغابايت');
  });

  it('marks a document expired or expiring within 30 days', () => {
    const today = '2026-12-06';
    expect(expiryStateOf(null, today)).toEqual({ kind: 'none' });
    expect(expiryStateOf('2026-12-05', today)).toEqual({ kind: 'expired' });
    expect(expiryStateOf('2026-12-06', today)).toEqual({ kind: 'soon', days: 0 });
    expect(expiryStateOf('2027-01-05', today)).toEqual({ kind: 'soon', days: 30 });
    expect(expiryStateOf('2027-01-06', today)).toEqual({ kind: 'valid' });
    expect(expiryLabel({ kind: 'soon', days: 2 })).toBe('ينتهي خلال يومين');
    expect(expiryLabel({ kind: 'soon', days: 12 })).toBe('ينتهي خلال 12 يوماً');
    expect(expiryLabel({ kind: 'expired' })).toBe('منتهي الصلاحية');
  });
});

describe('the family page’s documents panel (families.show slot)', () => {
  it('lists the documents with kind, member, uploader, size and expiry, and the deleted ones', async () => {
    renderPanel(
      [
        doc({ expires_on: inDays(10) }),
        doc({
          id: 2,
          kind: 'lease',
          file_name: 'عقد.pdf',
          member: null,
          expires_on: inDays(-3),
          size: 3 * 1024 * 1024,
        }),
      ],
      { deleted: [TOMBSTONE] },
    );
    const table = await screen.findByRole('table', { name: 'مستندات الأسرة' });
    await within(table).findByText('عقد.pdf');
    const rows = within(table).getAllByRole('row');
    // Header + two documents + one tombstone.
    expect(rows).toHaveLength(4);
    const [, first, second, deleted] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(first).toHaveTextContent(DOCUMENT_KIND_LABELS.national_id);
    expect(first).toHaveTextContent('ينتهي خلال 10 أيام');
    expect(first).toHaveTextContent('محمد أحمد علي الشهري');
    expect(first).toHaveTextContent('نورة الباحثة');
    expect(first).toHaveTextContent('250 كيلوبايتاً');
    expect(second).toHaveTextContent('منتهي الصلاحية');
    expect(second).toHaveTextContent('الأسرة كلها');
    expect(second).toHaveTextContent('3 ميغابايتات');
    expect(deleted).toHaveTextContent('محذوف');
    expect(deleted).toHaveTextContent('رُفع بالخطأ');
    expect(within(deleted).queryByRole('button')).toBeNull();
    expect(screen.getByText('مستندان')).toBeInTheDocument();
    // The file name is an isolated identifier.
    expect(within(first).getByText('هوية-الأب.pdf').tagName).toBe('BDI');
  });

  it('uploads several files, each with its kind and member, with a progress bar each', async () => {
    const { api, user } = renderPanel([]);
    await screen.findByText('لم يُرفع أي مستند بعد');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    api.on(documentEndpoints.familyUpload, async (call, config: InternalAxiosRequestConfig) => {
      calls += 1;
      config.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true });
      if (calls === 1) await held;
      const form = call.body as FormData;
      return {
        status: 201,
        data: {
          data: doc({
            id: 100 + calls,
            kind: form.get('kind') as DocumentItem['kind'],
            file_name: (form.get('file') as File).name,
          }),
          message: 'تم رفع المستند',
        },
      };
    });

    pickFiles([
      new File(['%PDF-1.4'], 'بطاقة.pdf', { type: 'application/pdf' }),
      new File(['png'], 'صورة.png', { type: 'image/png' }),
    ]);
    const pending = await screen.findByRole('list', { name: 'ملفات بانتظار الرفع' });
    expect(within(pending).getAllByRole('listitem')).toHaveLength(2);

    // A file without a kind is not sent.
    await user.click(screen.getByRole('button', { name: /رفع الملفات/ }));
    expect(screen.getAllByText('اختر نوع المستند').length).toBeGreaterThan(0);
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.selectOptions(screen.getByRole('combobox', { name: 'نوع المستند: بطاقة.pdf' }), [
      'national_id',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'الفرد المعني: بطاقة.pdf' }), [
      '12',
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'نوع المستند: صورة.png' }), [
      'photo',
    ]);
    await user.click(screen.getByRole('button', { name: /رفع الملفات/ }));

    const bar = await screen.findByRole('progressbar', { name: 'تقدم رفع بطاقة.pdf' });
    await waitFor(() => expect(bar).toHaveAttribute('value', '50'));
    release();

    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'ملفات بانتظار الرفع' })).toBeNull(),
    );
    const posts = api.calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    const [first, second] = posts.map((c) => c.body as FormData);
    expect(first?.get('kind')).toBe('national_id');
    expect(first?.get('member_id')).toBe('12');
    expect((first?.get('file') as File).name).toBe('بطاقة.pdf');
    expect(second?.get('kind')).toBe('photo');
    expect(second?.get('member_id')).toBeNull();
    expect(await screen.findByText('تم رفع مستندين')).toBeInTheDocument();
  });

  it('previews an image in a dialog and deletes a document with a required reason', async () => {
    const { api, user } = renderPanel([
      doc({
        id: 5,
        kind: 'photo',
        file_name: 'المنزل.png',
        mime_type: 'image/png',
        has_thumbnail: true,
      }),
    ]);
    // The thumbnail and the row's action both open it.
    const [thumbnail] = await screen.findAllByRole('button', { name: 'معاينة المنزل.png' });
    await user.click(thumbnail as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('img')).toHaveAttribute('src', 'blob:preview');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(api.calls.some((c) => c.url === '/documents/5/content' && c.query.inline === '1')).toBe(
      true,
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    let reason: unknown;
    api.on(documentEndpoints.remove, (call) => {
      reason = (call.body as { reason: string }).reason;
      return {
        status: 200,
        data: {
          data: { ...TOMBSTONE, id: 5, kind: 'photo', reason: 'صورة قديمة' },
          message: 'تم حذف المستند',
        },
      };
    });
    await user.click(screen.getByRole('button', { name: 'حذف المنزل.png' }));
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'حذف' }));
    // No reason: refused in place.
    expect(reason).toBeUndefined();
    await user.type(within(confirm).getByRole('textbox'), 'صورة قديمة');
    await user.click(within(confirm).getByRole('button', { name: 'حذف' }));
    await waitFor(() => expect(reason).toBe('صورة قديمة'));
  });

  it('offers the medical kinds to who may see medical fields (an editor of families)', async () => {
    renderPanel([]);
    await screen.findByText('لم يُرفع أي مستند بعد');
    pickFiles([new File(['%PDF-1.4'], 'تقرير.pdf', { type: 'application/pdf' })]);
    const editorKinds = within(
      await screen.findByRole('combobox', { name: 'نوع المستند: تقرير.pdf' }),
    ).getAllByRole('option');
    expect(editorKinds.map((option) => option.textContent)).toContain(
      DOCUMENT_KIND_LABELS.medical_report,
    );
  });

  it('keeps a reader who may not edit the family to the list', async () => {
    renderPanel([doc()], { user: employee(['show_families']) });
    await screen.findByRole('button', { name: 'تنزيل هوية-الأب.pdf' });
    expect(screen.queryByRole('button', { name: 'اختيار ملفات' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^حذف/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'تنزيل هوية-الأب.pdf' })).toBeInTheDocument();
  });
});

describe('a service’s documents panel', () => {
  it('does not offer the medical kinds to the services staff who may not see medical fields', async () => {
    const api = createFakeApi();
    api.on(documentEndpoints.serviceList, {
      status: 200,
      data: { data: { documents: [], deleted: [] } },
    });
    renderPage(<DocumentsPanel parent={{ kind: 'service', id: 3 }} />, {
      route: '/services/show/:id',
      path: '/services/show/3',
      api,
      user: employee(['show_services']),
    });
    await screen.findByText('لم يُرفع أي مستند بعد');
    pickFiles([new File(['%PDF-1.4'], 'تقرير.pdf', { type: 'application/pdf' })]);
    const kinds = within(
      await screen.findByRole('combobox', { name: 'نوع المستند: تقرير.pdf' }),
    ).getAllByRole('option');
    const labels = kinds.map((option) => option.textContent);
    expect(labels).toContain(DOCUMENT_KIND_LABELS.receipt);
    expect(labels).not.toContain(DOCUMENT_KIND_LABELS.medical_report);
    expect(labels).not.toContain(DOCUMENT_KIND_LABELS.disability_card);
    // No member to choose outside a family.
    expect(screen.queryByRole('combobox', { name: /الفرد المعني/ })).toBeNull();
  });
});
