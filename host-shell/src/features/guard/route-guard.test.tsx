import { screen, waitFor } from '@testing-library/react';
import { STORAGE_KEYS, authEndpoints } from 'shared-contracts';
import { makeEmployee } from '../../testing/fixtures';
import { renderApp, resetBrowserState } from '../../testing/render-app';

beforeEach(resetBrowserState);

const families = makeEmployee({ permissions: ['show_families', 'show_index'] });

describe('route guard', () => {
  test('checking: shows Loading... while GET /user is pending', async () => {
    let answer: (value: { status: number; data: unknown }) => void = () => undefined;
    const pending = new Promise<{ status: number; data: unknown }>((resolve) => {
      answer = resolve;
    });
    const app = await renderApp({
      path: '/profile',
      employee: families,
      currentUser: { status: 200 },
    });
    app.api.on(authEndpoints.currentUser, () => pending);

    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer({ status: 200, data: { data: { ...families, is_active: true } } });
    expect(await screen.findByRole('heading', { name: 'الملف الشخصي' })).toBeInTheDocument();
  });

  test('unauthenticated: no stored employee → /', async () => {
    const app = await renderApp({ path: '/families' });
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
    expect(app.api.callsTo(authEndpoints.currentUser)).toHaveLength(0);
  });

  test('unauthenticated: the server says is_active false → / and the session is cleared', async () => {
    const app = await renderApp({
      path: '/families',
      employee: families,
      currentUser: { status: 200, data: { data: { ...families, is_active: false } } },
    });
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.employee)).toBeNull();
  });

  test('unauthenticated: a failed check (server error) → /', async () => {
    const app = await renderApp({
      path: '/families',
      employee: families,
      currentUser: { status: 500, data: {} },
    });
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
  });

  test('unauthenticated: a rejected token (401) → /', async () => {
    const app = await renderApp({
      path: '/dashboard',
      employee: families,
      currentUser: { status: 401, data: { message: 'غير مصرح' } },
    });
    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/');
  });

  test('forbidden: a missing permission key → /unauthorized', async () => {
    const app = await renderApp({ path: '/financial', employee: families });
    expect(await screen.findByText('غير مصرح لك بعرض هذه الصفحة')).toBeInTheDocument();
    expect(app.pathname()).toBe('/unauthorized');
  });

  test('forbidden: an inactive employee → /unauthorized, even for /profile', async () => {
    const inactive = makeEmployee({ active: false, permissions: ['show_families'] });
    const app = await renderApp({ path: '/profile', employee: inactive });
    expect(await screen.findByText('غير مصرح لك بعرض هذه الصفحة')).toBeInTheDocument();
    expect(screen.getByText(/حسابك غير مفعّل/)).toBeInTheDocument();
    expect(app.pathname()).toBe('/unauthorized');
  });

  test('forbidden: the super-admin-only page for a normal employee → /unauthorized', async () => {
    const app = await renderApp({ path: '/activity-tracking', employee: families });
    expect(await screen.findByText('غير مصرح لك بعرض هذه الصفحة')).toBeInTheDocument();
    expect(app.pathname()).toBe('/unauthorized');
  });

  test('allowed: the page renders inside the shell', async () => {
    const app = await renderApp({ path: '/profile', employee: families });
    expect(await screen.findByRole('heading', { name: 'الملف الشخصي' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'القائمة الرئيسية' })).toBeInTheDocument();
    expect(screen.getByTestId('page-title')).toHaveTextContent('الملف الشخصي');
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(app.pathname()).toBe('/profile');
  });

  test('allowed: the super admin opens activity tracking (a remote page)', async () => {
    const admin = makeEmployee({ role: 'Super Admin', permissions: [] });
    const app = await renderApp({ path: '/activity-tracking', employee: admin });
    // No remote is published in this test: the remote's error panel, not a redirect.
    expect(await screen.findByText('تعذر تحميل قسم «الإدارة»')).toBeInTheDocument();
    expect(app.pathname()).toBe('/activity-tracking');
  });

  test('the stored employee is refreshed from GET /user (permissions changed on the server)', async () => {
    const stored = makeEmployee({ permissions: ['show_financial'] });
    const fresh = { ...stored, name: 'سارة محمد', permissions: ['show_families'] };
    const app = await renderApp({
      path: '/financial',
      employee: stored,
      currentUser: { status: 200, data: { data: { ...fresh, is_active: true } } },
    });
    // The server no longer grants show_financial: the fresh copy decides, not the stored one.
    expect(await screen.findByText('غير مصرح لك بعرض هذه الصفحة')).toBeInTheDocument();
    await waitFor(async () =>
      expect((await app.sessionStore.readEmployee())?.name).toBe('سارة محمد'),
    );
    expect((await app.sessionStore.readEmployee())?.permissions).toEqual(['show_families']);
  });

  test('an unknown path shows the not-found page inside the shell when logged in', async () => {
    await renderApp({ path: '/no-such-page', employee: families });
    expect(await screen.findByText('الصفحة غير موجودة')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'القائمة الرئيسية' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  test('an unknown path shows a standalone not-found page without a session', async () => {
    await renderApp({ path: '/no-such-page' });
    expect(await screen.findByText('الصفحة غير موجودة')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'القائمة الرئيسية' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الذهاب إلى تسجيل الدخول' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
