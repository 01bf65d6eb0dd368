import { screen, waitFor, within } from '@testing-library/react';
import {
  CONSENT_MESSAGES,
  consentEndpoints,
  type Consent,
} from 'shared-contracts/resources/consents-contracts';
import { documentEndpoints } from 'shared-contracts/resources/documents-contracts';
import { personalDataEndpoints } from 'shared-contracts/resources/personal-data-contracts';
import { createFakeApi } from 'shared-ui/testing';
import FamilyConsentsPanel, {
  FAMILY_CONSENTS_EMPTY,
} from '../src/features/consents/panels/family-consents-panel';
import { employee } from '../src/testing/fixtures';
import { renderPage } from '../src/testing/render-page';

function consent(overrides: Partial<Consent> = {}): Consent {
  return {
    id: 11,
    family_id: 7,
    purpose: 'data_processing',
    method: 'signed_form',
    given_on: '2026-11-01',
    witness_name: null,
    document: { id: 3, file_name: 'consent-form.pdf' },
    note: null,
    recorded_by: { id: 5, name: 'سارة الباحثة' },
    recorded_at: '2026-11-01T08:00:00.000Z',
    withdrawal: null,
    ...overrides,
  };
}

const withdrawnSharing = consent({
  id: 12,
  purpose: 'partner_sharing',
  method: 'verbal_witnessed',
  witness_name: 'خالد الشاهد',
  document: null,
  withdrawal: {
    withdrawn_on: '2026-11-20',
    reason: 'لا ترغب الأسرة في المشاركة',
    withdrawn_by: { id: 9, name: 'منى مسؤولة البيانات' },
    recorded_at: '2026-11-20T09:00:00.000Z',
  },
});

function renderPanel(
  consents: Consent[],
  options: { user?: ReturnType<typeof employee>; shares?: boolean } = {},
) {
  const api = createFakeApi();
  api.on(consentEndpoints.familyList, {
    status: 200,
    data: { data: { consents, shares_with_partners: options.shares ?? false } },
  });
  api.on(documentEndpoints.familyList, {
    status: 200,
    data: {
      data: {
        documents: [
          {
            id: 3,
            kind: 'national_id',
            file_name: 'consent-form.pdf',
            mime_type: 'application/pdf',
            size: 1000,
            sha256: 'a'.repeat(64),
            has_thumbnail: false,
            member: null,
            expires_on: null,
            note: null,
            uploaded_by: null,
            uploaded_at: '2026-11-01T08:00:00.000Z',
          },
        ],
        deleted: [],
      },
    },
  });
  const rendered = renderPage(<FamilyConsentsPanel familyId={7} />, {
    route: '/families/show/:id',
    path: '/families/show/7',
    api,
    user: options.user ?? employee(),
  });
  return { ...rendered, api };
}

describe('the family page’s consents panel (families.show slot)', () => {
  it('lists the current consents, then the withdrawn ones with the day, who and why', async () => {
    renderPanel([consent(), withdrawnSharing]);
    await screen.findByText('سارة الباحثة');
    const current = screen.getByRole('table', { name: 'موافقات الأسرة السارية' });
    const rows = within(current).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('معالجة البيانات');
    expect(rows[0]).toHaveTextContent('نموذج موقّع');
    expect(rows[0]).toHaveTextContent('consent-form.pdf');
    expect(rows[0]).toHaveTextContent('سارة الباحثة');
    const withdrawn = screen.getByRole('table', { name: 'موافقات الأسرة المسحوبة' });
    expect(withdrawn).toHaveTextContent('المشاركة مع الجهات الشريكة');
    expect(withdrawn).toHaveTextContent('لا ترغب الأسرة في المشاركة');
    expect(withdrawn).toHaveTextContent('منى مسؤولة البيانات');
    // No current sharing consent: the page says the family's data is not shared.
    expect(screen.getByText(/لا تُشارَك بيانات هذه الأسرة الشخصية/)).toBeInTheDocument();
  });

  it('says so when the family has no current consent', async () => {
    renderPanel([]);
    expect(await screen.findByText(FAMILY_CONSENTS_EMPTY)).toBeInTheDocument();
  });

  it('records a verbal consent: the witness is asked for, the signed form offered', async () => {
    const { api, user } = renderPanel([consent()], { shares: false });
    api.on(consentEndpoints.record, (call) => ({
      status: 201,
      data: { message: CONSENT_MESSAGES.recorded, data: consent({ ...(call.body as object) }) },
    }));
    await user.click(await screen.findByRole('button', { name: 'تسجيل موافقة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل موافقة' });
    // Only purposes without a current consent are offered.
    const purpose = within(dialog).getByLabelText(/^الغرض/);
    expect(within(purpose).queryByRole('option', { name: 'معالجة البيانات' })).toBeNull();
    await user.selectOptions(purpose, 'media');
    await user.selectOptions(within(dialog).getByLabelText(/طريقة الموافقة/), 'verbal_witnessed');
    await user.type(within(dialog).getByLabelText(/اسم الشاهد/), 'خالد الشاهد');
    await waitFor(() =>
      expect(
        within(within(dialog).getByLabelText(/النموذج الموقّع/)).getByRole('option', {
          name: 'consent-form.pdf',
        }),
      ).toBeInTheDocument(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الموافقة' }));
    await waitFor(() => expect(api.callsTo(consentEndpoints.record)).toHaveLength(1));
    const call = api.lastCallTo(consentEndpoints.record);
    expect(call?.url).toContain('/families/7/consents');
    expect(call?.body).toMatchObject({
      purpose: 'media',
      method: 'verbal_witnessed',
      witness_name: 'خالد الشاهد',
    });
  });

  it('a verbal consent without a witness is refused in the form, in Arabic', async () => {
    const { api, user } = renderPanel([]);
    await user.click(await screen.findByRole('button', { name: 'تسجيل موافقة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل موافقة' });
    await user.selectOptions(within(dialog).getByLabelText(/طريقة الموافقة/), 'verbal_witnessed');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ الموافقة' }));
    expect(await within(dialog).findByText(CONSENT_MESSAGES.witnessRequired)).toBeInTheDocument();
    expect(api.callsTo(consentEndpoints.record)).toHaveLength(0);
  });

  it('withdraws a consent with its day and reason', async () => {
    const { api, user } = renderPanel([consent()], {
      user: employee(['show_families', 'manage_personal_data']),
    });
    api.on(consentEndpoints.withdraw, {
      status: 200,
      data: { message: CONSENT_MESSAGES.withdrawn, data: withdrawnSharing },
    });
    await user.click(
      await screen.findByRole('button', { name: 'سحب الموافقة على معالجة البيانات' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'سحب الموافقة' });
    await user.click(within(dialog).getByRole('button', { name: 'سحب الموافقة' }));
    // The reason is required.
    expect(api.callsTo(consentEndpoints.withdraw)).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/سبب سحب الموافقة/), 'طلبت الأسرة ذلك');
    await user.click(within(dialog).getByRole('button', { name: 'سحب الموافقة' }));
    await waitFor(() => expect(api.callsTo(consentEndpoints.withdraw)).toHaveLength(1));
    const call = api.lastCallTo(consentEndpoints.withdraw);
    expect(call?.url).toContain('/consents/11/withdraw');
    expect(call?.body).toMatchObject({ reason: 'طلبت الأسرة ذلك' });
  });

  it('a reader sees the consents without any action; a researcher records but may not withdraw', async () => {
    const { unmount } = renderPanel([consent()], { user: employee(['show_families']) });
    await screen.findByRole('table', { name: 'موافقات الأسرة السارية' });
    expect(screen.queryByRole('button', { name: 'تسجيل موافقة' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /سحب الموافقة/ })).not.toBeInTheDocument();
    unmount();
    renderPanel([consent()], { user: employee(['show_families', 'edit_families']) });
    expect(await screen.findByRole('button', { name: 'تسجيل موافقة' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /سحب الموافقة/ })).not.toBeInTheDocument();
  });

  it('«تصدير بيانات الأسرة» downloads the family’s ZIP, only with manage_personal_data', async () => {
    const { unmount } = renderPanel([consent()], {
      user: employee(['show_families', 'edit_families']),
    });
    await screen.findByRole('table', { name: 'موافقات الأسرة السارية' });
    expect(screen.queryByRole('button', { name: 'تصدير بيانات الأسرة' })).not.toBeInTheDocument();
    unmount();
    const { api, user } = renderPanel([consent()], {
      user: employee(['show_families', 'manage_personal_data']),
    });
    api.on(personalDataEndpoints.familyExport, { status: 200, data: new Blob(['zip']) });
    await user.click(await screen.findByRole('button', { name: 'تصدير بيانات الأسرة' }));
    await waitFor(() => expect(api.callsTo(personalDataEndpoints.familyExport)).toHaveLength(1));
    expect(api.lastCallTo(personalDataEndpoints.familyExport)?.url).toContain(
      '/families/7/data-export',
    );
  });
});
