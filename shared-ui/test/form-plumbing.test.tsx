import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  Card,
  CheckboxField,
  ChoiceGroup,
  INVALID_FORM_MESSAGE,
  IRREVERSIBLE_NOTE,
  RadioField,
  RecordForm,
  TextField,
  UnsavedChangesGuard,
  applyServerErrors,
  bindFields,
  errorAt,
  fieldNameOf,
  fieldPathOf,
  useApiClient,
  useRecordFormSave,
} from '../src';
import { createFakeApi } from '../testing';
import { renderInApp, renderWithTheme } from './render';

describe('server field errors', () => {
  it('reads the API’s error keys as form paths', () => {
    expect(fieldPathOf('head.national_id')).toEqual(['head', 'national_id']);
    expect(fieldPathOf('members[0].full_name')).toEqual(['members', 0, 'full_name']);
    expect(fieldNameOf(fieldPathOf('members[2].phone'))).toBe('members.2.phone');
  });

  it('sets the first message of each field, focusing the first, and returns the rest', () => {
    const setError = jest.fn();
    const result = applyServerErrors(setError, {
      'members[0].full_name': ['الاسم مطلوب', 'ثاني'],
      email: ['مستخدم'],
      _: ['تعذر الحفظ'],
      empty: [],
    });
    expect(setError).toHaveBeenNthCalledWith(
      1,
      'members.0.full_name',
      { type: 'server', message: 'الاسم مطلوب' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenNthCalledWith(
      2,
      'email',
      { type: 'server', message: 'مستخدم' },
      { shouldFocus: false },
    );
    expect(result).toEqual({ placed: 2, unmatched: ['تعذر الحفظ'] });
  });

  it('with the form’s fields, puts a nested key on its field and returns unknown ones', () => {
    const setError = jest.fn();
    const result = applyServerErrors(
      setError,
      { 'permissions.3': ['صلاحية غير معروفة'], token: ['منتهي'] },
      { fields: ['name', 'permissions'] },
    );
    expect(setError).toHaveBeenCalledWith(
      'permissions',
      { type: 'server', message: 'صلاحية غير معروفة' },
      { shouldFocus: true },
    );
    expect(result).toEqual({ placed: 1, unmatched: ['منتهي'] });
  });

  it('errorAt reads a nested message, ignoring empty ones', () => {
    const errors = {
      head: { national_id: { type: 'server', message: 'رقم غير صحيح' } },
      members: [{ gender: { type: 'required', message: '' } }],
    } as unknown as FieldErrors;
    expect(errorAt(errors, 'head.national_id')).toBe('رقم غير صحيح');
    expect(errorAt(errors, 'members.0.gender')).toBeUndefined();
    expect(errorAt(errors, 'missing')).toBeUndefined();
  });
});

interface NoteValues {
  title: string;
  body: string;
}

function NoteForm() {
  const client = useApiClient();
  const form = useForm<NoteValues>({ defaultValues: { title: '', body: '' } });
  const save = useRecordFormSave({
    form,
    save: async (values) => (await client.post('/notes', values)).data as { id: number },
    errorTitle: 'تعذر حفظ الملاحظة',
    // A note titled «نهائي» cannot be changed once saved: it is confirmed first.
    confirm: (values) =>
      values.title === 'نهائي'
        ? { title: 'حفظ ملاحظة نهائية؟', message: 'تُقفل الملاحظة.', confirmLabel: 'حفظ نهائي' }
        : null,
    onSaved: (saved) => ({
      toast: { title: 'حُفظت الملاحظة' },
      to: `/notes/${saved.id}`,
    }),
  });
  const { errors } = form.formState;
  const fieldProps = bindFields(form.register, errors);
  return (
    <RecordForm form={form} save={save} label="ملاحظة جديدة" submitLabel="حفظ" cancelTo="/notes">
      <Card>
        <TextField
          label="العنوان"
          error={errorAt(errors, 'title')}
          {...form.register('title', { required: 'العنوان مطلوب' })}
        />
        <TextField label="النص" {...fieldProps('body')} />
      </Card>
      <Link to="/elsewhere">مكان آخر</Link>
    </RecordForm>
  );
}

describe('RecordForm with useRecordFormSave', () => {
  it('refuses an invalid form with a message above it, and saves nothing', async () => {
    const user = userEvent.setup();
    const { api } = renderInApp(<NoteForm />, { path: '/notes/create' });
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_FORM_MESSAGE);
    expect(screen.getByLabelText('العنوان')).toHaveAccessibleDescription(
      expect.stringContaining('العنوان مطلوب'),
    );
    expect(api.calls).toHaveLength(0);
  });

  it('puts a 422 on its fields, the rest above the form, and toasts the failure', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.on('POST', '/notes', {
      status: 422,
      data: { message: 'بيانات غير صالحة', errors: { body: ['النص قصير'], _: ['حاول لاحقاً'] } },
    });
    renderInApp(<NoteForm />, { path: '/notes/create', api });
    await user.type(screen.getByLabelText('العنوان'), 'عنوان');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    const body = screen.getByLabelText('النص');
    await waitFor(() => expect(body).toHaveAccessibleDescription('النص قصير'));
    expect(body).toHaveFocus();
    const region = screen.getByRole('region', { name: /الإشعارات/ });
    expect(within(region).getByText('تعذر حفظ الملاحظة')).toBeInTheDocument();
    expect(within(region).getByText('بيانات غير صالحة')).toBeInTheDocument();
    expect(screen.getByText('حاول لاحقاً')).toBeInTheDocument();
  });

  it('saves, toasts and goes to the record without asking about unsaved changes', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.on('POST', '/notes', { status: 201, data: { id: 9 } });
    const view = renderInApp(<NoteForm />, { path: '/notes/create', api });
    await user.type(screen.getByLabelText('العنوان'), 'عنوان');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(view.location()).toBe('/notes/9'));
    expect(api.lastCallTo('POST', '/notes')?.body).toEqual({ title: 'عنوان', body: '' });
    expect(screen.getByText('حُفظت الملاحظة')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks before an irreversible save, says it cannot be undone, and saves only when confirmed', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    api.on('POST', '/notes', { status: 201, data: { id: 4 } });
    const view = renderInApp(<NoteForm />, { path: '/notes/create', api });
    await user.type(screen.getByLabelText('العنوان'), 'نهائي');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    const dialog = await screen.findByRole('dialog', { name: 'حفظ ملاحظة نهائية؟' });
    expect(dialog).toHaveTextContent(IRREVERSIBLE_NOTE);
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'حفظ نهائي' }),
    );
    await waitFor(() => expect(view.location()).toBe('/notes/4'));
    expect(api.lastCallTo('POST', '/notes')?.body).toEqual({ title: 'نهائي', body: '' });
  });

  it('asks before leaving with unsaved input (data router)', async () => {
    const user = userEvent.setup();
    const view = renderInApp(<NoteForm />, { path: '/notes/create' });
    await user.type(screen.getByLabelText('النص'), 'مسودة');
    await user.click(screen.getByRole('link', { name: 'مكان آخر' }));
    const dialog = await screen.findByRole('dialog', { name: 'مغادرة الصفحة؟' });
    await user.click(within(dialog).getByRole('button', { name: 'البقاء في الصفحة' }));
    expect(view.location()).toBe('/notes/create');
    await user.click(screen.getByRole('link', { name: 'مكان آخر' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'مغادرة الصفحة' }),
    );
    await waitFor(() => expect(view.location()).toBe('/elsewhere'));
  });

  it('cancel links back and the submit is disabled while saving', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    let release: () => void = () => {};
    api.on(
      'POST',
      '/notes',
      () => new Promise((resolve) => (release = () => resolve({ status: 201, data: { id: 1 } }))),
    );
    const view = renderInApp(<NoteForm />, { path: '/notes/create', api });
    expect(screen.getByRole('link', { name: 'إلغاء' })).toHaveAttribute('href', '/notes');
    await user.type(screen.getByLabelText('العنوان'), 'عنوان');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'حفظ' })).toBeDisabled());
    release();
    await waitFor(() => expect(view.location()).toBe('/notes/1'));
  });
});

describe('UnsavedChangesGuard', () => {
  it('is off when there is nothing to lose', () => {
    renderInApp(<UnsavedChangesGuard when={false} />);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});

describe('ChoiceGroup, RadioField', () => {
  it('groups choices under a legend, with the group’s error and hint linked', () => {
    renderWithTheme(
      <ChoiceGroup legend="الفئات" required hint="واحدة أو أكثر" error="اختر فئة واحدة على الأقل">
        <CheckboxField label="أيتام" value="orphans" />
        <CheckboxField label="أرامل" value="widows" />
      </ChoiceGroup>,
    );
    const group = screen.getByRole('group', { name: /الفئات/ });
    expect(group).toHaveAccessibleDescription('واحدة أو أكثر اختر فئة واحدة على الأقل');
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(within(group).getAllByRole('checkbox')).toHaveLength(2);
  });

  it('radios of one name are one choice', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <ChoiceGroup legend="نوع السكن" columns="single">
        <RadioField label="ملك" name="housing" value="owned" />
        <RadioField label="إيجار" name="housing" value="rented" hint="عقد موثق" />
      </ChoiceGroup>,
    );
    const owned = screen.getByRole('radio', { name: 'ملك' });
    const rented = screen.getByRole('radio', { name: 'إيجار' });
    expect(rented).toHaveAccessibleDescription('عقد موثق');
    await user.click(owned);
    await user.click(rented);
    expect(rented).toBeChecked();
    expect(owned).not.toBeChecked();
  });
});
