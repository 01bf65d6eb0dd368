import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { STORAGE_KEYS, authEndpoints } from 'shared-contracts';
import { createFakeApi } from 'shared-ui/testing';
import { makeEmployee, TEST_TOKEN } from '../../testing/fixtures';
import { renderApp, resetBrowserState, sessionLog } from '../../testing/render-app';
import { LOGOUT_ERROR_TOAST } from './use-logout';

beforeEach(resetBrowserState);

async function logOut() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /^قائمة الحساب/ }));
  await user.click(screen.getByRole('menuitem', { name: 'تسجيل الخروج' }));
}

describe('session', () => {
  test('restores token and employee at start-up', async () => {
    const employee = makeEmployee({ name: 'خالد الحربي' });
    const app = await renderApp({ path: '/profile', employee });
    expect(await screen.findByRole('heading', { name: 'الملف الشخصي' })).toBeInTheDocument();
    expect(screen.getAllByText('خالد الحربي').length).toBeGreaterThan(0);
    expect(app.api.callsTo(authEndpoints.currentUser)[0]?.authorization).toBe(
      `Bearer ${TEST_TOKEN}`,
    );
  });

  test('a corrupted stored employee is logged and treated as absent', async () => {
    localStorage.setItem(STORAGE_KEYS.token, TEST_TOKEN);
    localStorage.setItem(STORAGE_KEYS.employee, 'v1.bm90IGEgcmVhbCByZWNvcmQ=');
    const app = await renderApp({ path: '/profile' });
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
    expect(sessionLog).toHaveBeenCalledTimes(1);
    expect(app.api.callsTo(authEndpoints.currentUser)).toHaveLength(0);
  });

  test('a plain-JSON employee record (not ours) is treated as absent too', async () => {
    localStorage.setItem(STORAGE_KEYS.token, TEST_TOKEN);
    localStorage.setItem(STORAGE_KEYS.employee, JSON.stringify(makeEmployee()));
    const app = await renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(sessionLog).toHaveBeenCalled();
    expect(app.pathname()).toBe('/');
  });

  test('logout revokes the token, clears both and goes to /', async () => {
    const api = createFakeApi();
    api.on(authEndpoints.logout, { status: 200, data: { message: 'تم' } });
    const app = await renderApp({ path: '/profile', employee: makeEmployee(), api });
    await logOut();
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(api.callsTo(authEndpoints.logout)[0]?.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.employee)).toBeNull();
    expect(app.toastStore.getSnapshot()).toHaveLength(0);
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
  });

  test('a failed logout shows the red toast for 3000 ms and clears the session anyway', async () => {
    const api = createFakeApi();
    api.on(authEndpoints.logout, { status: 500, data: { message: 'خطأ' } });
    const app = await renderApp({ path: '/profile', employee: makeEmployee(), api });
    await logOut();

    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.employee)).toBeNull();
    expect(app.toastStore.getSnapshot()).toEqual([
      expect.objectContaining({
        variant: 'destructive',
        title: 'حدث خطأ أثناء تسجيل الخروج',
        description: 'يرجى المحاولة مرة أخرى',
        duration: 3000,
        open: true,
      }),
    ]);
    expect(LOGOUT_ERROR_TOAST.duration).toBe(3000);
    expect(await screen.findByText('حدث خطأ أثناء تسجيل الخروج')).toBeInTheDocument();
    expect(screen.getByText('يرجى المحاولة مرة أخرى')).toBeInTheDocument();
  });

  test('a 401 on any shared query (host or remote) ends the session', async () => {
    const app = await renderApp({ path: '/profile', employee: makeEmployee() });
    await screen.findByRole('heading', { name: 'الملف الشخصي' });
    const config = { headers: {} } as InternalAxiosRequestConfig;
    const response = {
      status: 401,
      data: { message: 'انتهت صلاحية الرمز' },
      config,
    } as AxiosResponse;
    await act(async () => {
      await app.queryClient
        .fetchQuery({
          queryKey: ['families', 'list'],
          queryFn: () =>
            Promise.reject(new AxiosError('401', AxiosError.ERR_BAD_REQUEST, config, {}, response)),
        })
        .catch(() => undefined);
    });
    await waitFor(() => expect(app.pathname()).toBe('/'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.getByText('انتهت الجلسة')).toBeInTheDocument();
  });
});
