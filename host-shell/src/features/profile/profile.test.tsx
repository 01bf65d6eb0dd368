import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeApi } from 'shared-ui/testing';
import { authEndpoints } from 'shared-contracts';
import { makeEmployee } from '../../testing/fixtures';
import { renderApp, resetBrowserState } from '../../testing/render-app';

beforeEach(resetBrowserState);

const employee = makeEmployee({
  name: 'عبدالله الشهري',
  email: 'abdullah@ataa.test',
  role: 'منسق',
  permissions: ['show_families', 'show_reports'],
});

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

async function openProfile(api = createFakeApi()) {
  const app = await renderApp({ path: '/profile', employee, api });
  await screen.findByRole('heading', { name: 'الملف الشخصي' });
  return app;
}

describe('/profile', () => {
  test('shows name, email, role and the permissions in Arabic', async () => {
    await openProfile();
    const account = screen.getByRole('region', { name: 'بيانات الحساب' });
    expect(within(account).getByText('عبدالله الشهري')).toBeInTheDocument();
    expect(within(account).getByText('abdullah@ataa.test')).toBeInTheDocument();
    expect(within(account).getByText('منسق')).toBeInTheDocument();
    const permissions = screen.getByRole('list', { name: 'الصلاحيات' });
    expect(
      within(permissions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['عرض الأسر', 'عرض التقارير وأرشيفها']);
  });

  test('changing the name saves it, says so and updates the stored employee', async () => {
    const api = createFakeApi();
    api.on(authEndpoints.updateProfile, (call) => ({
      status: 200,
      data: { data: { ...employee, name: (call.body as { name: string }).name } },
    }));
    const user = userEvent.setup();
    const app = await openProfile(api);
    await user.clear(field('الاسم'));
    await user.type(field('الاسم'), 'عبدالله محمد الشهري');
    await user.click(screen.getByRole('button', { name: 'حفظ الاسم' }));

    expect(await screen.findByText('تم حفظ الاسم')).toBeInTheDocument();
    expect(api.callsTo(authEndpoints.updateProfile)[0]?.body).toEqual({
      name: 'عبدالله محمد الشهري',
    });
    await waitFor(async () =>
      expect((await app.sessionStore.readEmployee())?.name).toBe('عبدالله محمد الشهري'),
    );
    expect(screen.getByRole('button', { name: /^قائمة الحساب/ })).toHaveTextContent(
      'عبدالله محمد الشهري',
    );
  });

  test('a too-short name is refused in Arabic without a request', async () => {
    const user = userEvent.setup();
    const app = await openProfile();
    await user.clear(field('الاسم'));
    await user.type(field('الاسم'), 'ع');
    await user.click(screen.getByRole('button', { name: 'حفظ الاسم' }));
    expect(screen.getByText('يجب أن يحتوي النص على حرفين على الأقل')).toBeInTheDocument();
    expect(app.api.callsTo(authEndpoints.updateProfile)).toHaveLength(0);
  });

  test('password form: required fields and a mismatched confirmation', async () => {
    const user = userEvent.setup();
    const app = await openProfile();
    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(screen.getAllByText('هذا الحقل مطلوب')).toHaveLength(3);

    await user.type(field('كلمة المرور الحالية'), 'old-password');
    await user.type(field('كلمة المرور الجديدة'), 'new-password-1');
    await user.type(field('تأكيد كلمة المرور الجديدة'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(screen.getByText('كلمتا المرور غير متطابقتين')).toBeInTheDocument();
    expect(app.api.callsTo(authEndpoints.updateProfile)).toHaveLength(0);
  });

  test('a 422 from the server lands on the field it names', async () => {
    const api = createFakeApi();
    api.on(authEndpoints.updateProfile, {
      status: 422,
      data: {
        message: 'البيانات غير صالحة',
        errors: { current_password: ['كلمة المرور الحالية غير صحيحة'] },
      },
    });
    const user = userEvent.setup();
    await openProfile(api);
    await user.type(field('كلمة المرور الحالية'), 'wrong-password');
    await user.type(field('كلمة المرور الجديدة'), 'new-password-1');
    await user.type(field('تأكيد كلمة المرور الجديدة'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));

    expect(await screen.findByText('كلمة المرور الحالية غير صحيحة')).toBeInTheDocument();
    expect(field('كلمة المرور الحالية')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(authEndpoints.updateProfile)[0]?.body).toEqual({
      current_password: 'wrong-password',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(screen.getByText('تعذر تغيير كلمة المرور')).toBeInTheDocument();
  });

  test('a successful password change empties the form and confirms', async () => {
    const api = createFakeApi();
    api.on(authEndpoints.updateProfile, { status: 200, data: { data: employee } });
    const user = userEvent.setup();
    await openProfile(api);
    await user.type(field('كلمة المرور الحالية'), 'old-password');
    await user.type(field('كلمة المرور الجديدة'), 'new-password-1');
    await user.type(field('تأكيد كلمة المرور الجديدة'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByText('تم تغيير كلمة المرور')).toBeInTheDocument();
    expect(field('كلمة المرور الحالية')).toHaveValue('');
  });
});
