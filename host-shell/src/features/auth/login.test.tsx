import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CURRENT_USER_QUERY_KEY, STORAGE_KEYS, authEndpoints } from 'shared-contracts';
import { createFakeApi } from 'shared-ui/testing';
import { makeEmployee, TEST_TOKEN } from '../../testing/fixtures';
import { renderApp, resetBrowserState } from '../../testing/render-app';
import { LOGIN_FALLBACK_MESSAGE } from './api/login-error';

beforeEach(resetBrowserState);

async function fillAndSubmit(email = 'sara@ataa.test', password = 'correct horse') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/^البريد الإلكتروني/), email);
  await user.type(screen.getByLabelText(/^كلمة المرور/), password);
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
  return user;
}

describe('login page', () => {
  test('shows the logo, the heading and both fields in a main landmark', async () => {
    await renderApp();
    const main = await screen.findByRole('main');
    expect(main).toContainElement(screen.getByRole('heading', { name: 'تسجيل الدخول' }));
    expect(screen.getByText('عطاء')).toBeInTheDocument();
    expect(screen.getByLabelText(/^البريد الإلكتروني/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^كلمة المرور/)).toHaveAttribute('type', 'password');
  });

  test('success saves token and employee and lands on /dashboard for show_index', async () => {
    const api = createFakeApi();
    const employee = makeEmployee({ permissions: ['show_index', 'show_families'] });
    api.on(authEndpoints.login, {
      status: 200,
      data: { message: 'تم تسجيل الدخول', data: { token: TEST_TOKEN, employee } },
    });
    api.on(authEndpoints.currentUser, {
      status: 200,
      data: { data: { ...employee, is_active: true } },
    });
    const app = await renderApp({ api });

    await fillAndSubmit();

    await waitFor(() => expect(app.pathname()).toBe('/dashboard'));
    expect(api.callsTo(authEndpoints.login)[0]?.body).toEqual({
      email: 'sara@ataa.test',
      password: 'correct horse',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(TEST_TOKEN);
    // The employee is stored encrypted, never as readable JSON.
    expect(localStorage.getItem(STORAGE_KEYS.employee)).not.toContain('sara@ataa.test');
    expect(await app.sessionStore.readEmployee()).toEqual(employee);
    // Remotes read the current employee from the shared cache without a request.
    expect(app.queryClient.getQueryData(CURRENT_USER_QUERY_KEY)).toMatchObject({
      data: { email: 'sara@ataa.test' },
    });
    // The guard then validates the session with the new token.
    await waitFor(() =>
      expect(api.callsTo(authEndpoints.currentUser)[0]?.authorization).toBe(`Bearer ${TEST_TOKEN}`),
    );
  });

  test('without show_index it lands on the first sidebar page the employee may open', async () => {
    const api = createFakeApi();
    const employee = makeEmployee({ permissions: ['show_orgs', 'show_financial'] });
    api.on(authEndpoints.login, {
      status: 200,
      data: { data: { token: TEST_TOKEN, employee } },
    });
    api.on(authEndpoints.currentUser, {
      status: 200,
      data: { data: { ...employee, is_active: true } },
    });
    const app = await renderApp({ api });
    await fillAndSubmit();
    await waitFor(() => expect(app.pathname()).toBe('/orgs'));
  });

  test('with no page at all it lands on /profile', async () => {
    const api = createFakeApi();
    const employee = makeEmployee({ permissions: [] });
    api.on(authEndpoints.login, {
      status: 200,
      data: { data: { token: TEST_TOKEN, employee } },
    });
    api.on(authEndpoints.currentUser, {
      status: 200,
      data: { data: { ...employee, is_active: true } },
    });
    const app = await renderApp({ api });
    await fillAndSubmit();
    expect(await screen.findByRole('heading', { name: 'الملف الشخصي' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/profile');
  });

  test('failure shows the server message and saves nothing', async () => {
    const api = createFakeApi();
    api.on(authEndpoints.login, {
      status: 401,
      data: { message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' },
    });
    const app = await renderApp({ api });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    );
    expect(app.pathname()).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.employee)).toBeNull();
  });

  test('failure without a message shows the fallback text', async () => {
    const api = createFakeApi();
    api.on(authEndpoints.login, { status: 500, data: '<html>Bad gateway</html>' });
    await renderApp({ api });
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_FALLBACK_MESSAGE);
    expect(LOGIN_FALLBACK_MESSAGE).toBe('حدث خطأ غير متوقع أثناء تسجيل الدخول');
  });

  test('a network failure shows the fallback text too', async () => {
    await renderApp(); // no handler: the fake API fails like a network error
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(LOGIN_FALLBACK_MESSAGE);
  });

  test('a 422 puts the server field errors on the fields', async () => {
    const api = createFakeApi();
    api.on(authEndpoints.login, {
      status: 422,
      data: { message: 'البيانات غير صالحة', errors: { email: ['هذا البريد غير مسجل'] } },
    });
    await renderApp({ api });
    await fillAndSubmit();
    expect(await screen.findByText('هذا البريد غير مسجل')).toBeInTheDocument();
    expect(screen.getByLabelText(/^البريد الإلكتروني/)).toHaveAttribute('aria-invalid', 'true');
  });

  test('Arabic validation before any request', async () => {
    const user = userEvent.setup();
    const app = await renderApp();
    await user.click(await screen.findByRole('button', { name: 'تسجيل الدخول' }));
    // An empty email is "required", not "invalid email".
    expect(screen.getAllByText('هذا الحقل مطلوب')).toHaveLength(2);
    expect(screen.queryByText('البريد الإلكتروني غير صالح')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^البريد الإلكتروني/)).toHaveFocus();

    await user.type(screen.getByLabelText(/^البريد الإلكتروني/), 'not-an-email');
    await user.type(screen.getByLabelText(/^كلمة المرور/), 'x');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(screen.getByText('البريد الإلكتروني غير صالح')).toBeInTheDocument();
    expect(app.api.calls).toHaveLength(0);
  });

  test('an employee already logged in visiting / goes to their first page', async () => {
    const app = await renderApp({
      path: '/',
      employee: makeEmployee({ permissions: ['show_seminars'] }),
    });
    await waitFor(() => expect(app.pathname()).toBe('/seminar'));
  });
});
