import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, authEndpoints } from 'shared-contracts';
import { createFakeApi } from 'shared-ui/testing';
import { makeEmployee, TEST_TOKEN } from '../testing/fixtures';
import { resetBrowserState } from '../testing/render-app';
import type { BootLogin } from './boot-login';
import { LoginRoot } from './login-root';

// The login page of a first visit, before the shell (router, query client, registry) has loaded.

beforeEach(resetBrowserState);

function setup(initial: BootLogin | null = null) {
  const api = createFakeApi();
  const client = createApiClient({ getToken: () => null });
  client.defaults.adapter = api.adapter;
  const onLoggedIn = jest.fn(async () => undefined);
  const onSubmitting = jest.fn();
  // As bootstrap.tsx renders it: under StrictMode, whose doubled effects must not send twice.
  render(
    <StrictMode>
      <LoginRoot
        apiClient={client}
        onLoggedIn={onLoggedIn}
        onSubmitting={onSubmitting}
        initial={initial}
      />
    </StrictMode>,
  );
  return { api, onLoggedIn, onSubmitting };
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^البريد الإلكتروني/), email);
  await user.type(screen.getByLabelText(/^كلمة المرور/), password);
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
}

describe('the lean login page', () => {
  test('looks like the shell’s login page, without any router or query client', () => {
    setup();
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'تسجيل الدخول' }),
    );
    expect(screen.getByText('عطاء')).toBeInTheDocument();
    // The theme is applied as in the shell.
    expect(document.documentElement.classList.contains('light')).toBe(true);
  });

  test('valid credentials: the shell starts loading at the submit, then takes the session', async () => {
    const { api, onLoggedIn, onSubmitting } = setup();
    const employee = makeEmployee();
    api.on(authEndpoints.login, {
      status: 200,
      data: { message: 'تم تسجيل الدخول', data: { token: TEST_TOKEN, employee } },
    });
    await submit('sara@ataa.test', 'correct horse');
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(TEST_TOKEN, employee));
    expect(onSubmitting).toHaveBeenCalledTimes(1);
  });

  test('takes over what was typed in the HTML page’s form, with the caret, and sends an early submit', async () => {
    const employee = makeEmployee();
    const { api, onLoggedIn } = setup({
      email: 'sara@ataa.test',
      password: 'correct horse',
      focused: 'password',
      submitted: true,
    });
    api.on(authEndpoints.login, {
      status: 200,
      data: { message: 'تم تسجيل الدخول', data: { token: TEST_TOKEN, employee } },
    });
    expect(screen.getByLabelText(/^البريد الإلكتروني/)).toHaveValue('sara@ataa.test');
    expect(screen.getByLabelText(/^كلمة المرور/)).toHaveFocus();
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(TEST_TOKEN, employee));
    // Sent once, although StrictMode runs the effect twice.
    expect(api.callsTo(authEndpoints.login)).toHaveLength(1);
  });

  test('an early submit that was not finished typing is shown as the form would show it', async () => {
    const { api } = setup({ email: 'sara@', password: '', focused: 'email', submitted: true });
    expect(await screen.findAllByText(/.+/, { selector: '[id$="-error"]' })).not.toHaveLength(0);
    expect(api.calls).toHaveLength(0);
  });

  test('invalid input is refused in Arabic before anything loads or is sent', async () => {
    const { api, onSubmitting } = setup();
    await submit('not-an-email', 'x');
    expect(await screen.findAllByText(/.+/, { selector: '[id$="-error"]' })).not.toHaveLength(0);
    expect(onSubmitting).not.toHaveBeenCalled();
    expect(api.calls).toHaveLength(0);
  });

  test('a shell that fails to load after login is reported like a failed login', async () => {
    const { api, onLoggedIn } = setup();
    api.on(authEndpoints.login, {
      status: 200,
      data: { message: 'تم', data: { token: TEST_TOKEN, employee: makeEmployee() } },
    });
    onLoggedIn.mockRejectedValueOnce(new Error('ChunkLoadError'));
    await submit('sara@ataa.test', 'correct horse');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'حدث خطأ غير متوقع أثناء تسجيل الدخول',
    );
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeEnabled();
  });
});
