import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApiClient, authEndpoints } from 'shared-contracts';
import { createFakeApi } from 'shared-ui/testing';
import { makeEmployee, TEST_TOKEN } from '../testing/fixtures';
import { resetBrowserState } from '../testing/render-app';
import { LOGIN_FALLBACK_MESSAGE, LOGIN_SENDING_LABEL } from '../features/auth/api/login-error';
import type { BootLogin, BootLoginAnswer } from './boot-login';
import { LoginRoot } from './login-root';

// The login page of a first visit, before the shell (router, query client, registry) has loaded.

beforeEach(resetBrowserState);
afterEach(() => jest.restoreAllMocks());

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
      answer: null,
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
    const { api } = setup({
      email: 'sara@',
      password: '',
      focused: 'email',
      submitted: true,
      answer: null,
    });
    expect(await screen.findAllByText(/.+/, { selector: '[id$="-error"]' })).not.toHaveLength(0);
    expect(api.calls).toHaveLength(0);
  });

  test('a login the HTML page already sent is finished with its answer, never sent again', async () => {
    const employee = makeEmployee();
    let answer: (value: BootLoginAnswer) => void = () => undefined;
    const { api, onLoggedIn, onSubmitting } = setup({
      email: 'sara@ataa.test',
      password: 'correct horse',
      focused: null,
      submitted: true,
      answer: new Promise<BootLoginAnswer>((resolve) => (answer = resolve)),
    });
    // Still out: the button says so, as for the form's own request.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeDisabled(),
    );
    expect(screen.getByText(LOGIN_SENDING_LABEL)).toBeInTheDocument();
    answer({ status: 200, body: { message: 'تم', data: { token: TEST_TOKEN, employee } } });
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(TEST_TOKEN, employee));
    expect(onLoggedIn).toHaveBeenCalledTimes(1);
    expect(onSubmitting).toHaveBeenCalledTimes(1);
    expect(api.calls).toHaveLength(0);
  });

  test.each([
    [
      'a refusal shows the server’s message',
      { status: 401, body: { message: 'البريد الإلكتروني أو كلمة المرور غير صحيحة' } },
      'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    ],
    ['no answer shows the fallback text', { status: 0, body: null }, LOGIN_FALLBACK_MESSAGE],
    [
      'an answer without a message shows the fallback text',
      { status: 502, body: null },
      LOGIN_FALLBACK_MESSAGE,
    ],
    [
      'a success that breaks the contract shows the fallback text',
      { status: 200, body: { data: { token: '' } } },
      LOGIN_FALLBACK_MESSAGE,
    ],
  ])('the HTML page’s answer: %s, as for the form’s own request', async (_, answer, text) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api, onLoggedIn } = setup({
      email: 'sara@ataa.test',
      password: 'wrong horse',
      focused: 'password',
      submitted: false,
      answer: Promise.resolve(answer),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeEnabled();
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(api.calls).toHaveLength(0);
  });

  test('the HTML page’s 422 puts the server’s field errors on the fields', async () => {
    setup({
      email: 'sara@ataa.test',
      password: 'x',
      focused: null,
      submitted: false,
      answer: Promise.resolve({
        status: 422,
        body: { message: 'البيانات غير صالحة', errors: { password: ['كلمة المرور قصيرة'] } },
      }),
    });
    expect(await screen.findByText('كلمة المرور قصيرة')).toBeInTheDocument();
    expect(screen.getByLabelText(/^كلمة المرور/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('البيانات غير صالحة');
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
