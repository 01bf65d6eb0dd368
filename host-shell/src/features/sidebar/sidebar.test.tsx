import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionKey } from 'shared-contracts';
import { makeEmployee } from '../../testing/fixtures';
import { installMatchMedia } from '../../testing/match-media';
import { renderApp, resetBrowserState } from '../../testing/render-app';
import { SIDEBAR_COOKIE_MAX_AGE_SECONDS } from './sidebar-cookie';
import { MOBILE_MEDIA_QUERY } from './components/sidebar-provider';

beforeEach(resetBrowserState);

function nav() {
  return screen.getByRole('navigation', { name: 'القائمة الرئيسية' });
}

/** Every link the sidebar holds, in closed groups too, after «مهامي» (every employee's, first). */
function sidebarPaths(): string[] {
  const paths = Array.from(nav().querySelectorAll('a')).map((a) => a.getAttribute('href') ?? '');
  expect(paths[0]).toBe('/tasks');
  return paths.slice(1);
}

async function renderSidebar(
  permissions: (PermissionKey | string)[],
  extra: Parameters<typeof makeEmployee>[0] = {},
  path = '/profile',
) {
  const app = await renderApp({ path, employee: makeEmployee({ permissions, ...extra }) });
  await screen.findByRole('navigation', { name: 'القائمة الرئيسية' });
  return app;
}

describe('sidebar links per permission set', () => {
  test('nothing held: «مهامي» only, no groups, version in the footer', async () => {
    await renderSidebar([]);
    expect(sidebarPaths()).toEqual([]);
    expect(within(nav()).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText('الإصدار 1.0')).toBeInTheDocument();
  });

  test('show_index: the overview link', async () => {
    await renderSidebar(['show_index']);
    expect(sidebarPaths()).toEqual(['/dashboard']);
    expect(screen.getByRole('link', { name: 'نظرة عامة' })).toBeInTheDocument();
  });

  test('beneficiaries group shows only the links whose keys are held', async () => {
    await renderSidebar(['show_orgs', 'show_seasonal']);
    expect(sidebarPaths()).toEqual(['/orgs', '/seasons']);
    expect(screen.getByRole('button', { name: 'المستفيدون' })).toBeInTheDocument();
  });

  test('show_families: families, family members and field visits', async () => {
    await renderSidebar(['show_families']);
    expect(sidebarPaths()).toEqual(['/families', '/families/members', '/visits']);
  });

  test('show_services held: services link, and no separate axes / sectors links', async () => {
    await renderSidebar(['show_services', 'show_axise', 'show_departments']);
    expect(sidebarPaths()).toEqual(['/services']);
  });

  test('show_services missing and show_axise held: the axes link', async () => {
    await renderSidebar(['show_axise']);
    expect(sidebarPaths()).toEqual(['/services/service-axises']);
    expect(screen.getByRole('link', { name: 'المحاور' })).toBeInTheDocument();
  });

  test('show_services missing and show_departments held: the sectors link', async () => {
    await renderSidebar(['show_departments']);
    expect(sidebarPaths()).toEqual(['/services/service-departments']);
    expect(screen.getByRole('link', { name: 'القطاعات' })).toBeInTheDocument();
  });

  test('every key but no super admin role: everything except activity tracking', async () => {
    await renderSidebar([
      'show_index',
      'show_families',
      'show_orgs',
      'show_seasonal',
      'show_services',
      'show_financial',
      'show_seminars',
      'show_surveys',
      'show_reports',
      'show_permissions_employees',
      'show_survey_templates',
      'show_calorie_settings',
    ]);
    expect(sidebarPaths()).toEqual([
      '/dashboard',
      '/families',
      '/families/members',
      '/visits',
      '/orgs',
      '/seasons',
      '/services',
      '/financial',
      '/seminar',
      '/survey',
      '/reports',
      '/reports/family-needs',
      '/reports/financial-services',
      '/reports/medical',
      '/reports/survey',
      '/reports/services',
      '/reports/seminar',
      '/employee-permissions',
      '/survey/templates',
      '/calories',
    ]);
  });

  test('activity tracking only for the super admin (role compared without case or spaces)', async () => {
    await renderSidebar([], { role: 'super admin' });
    expect(sidebarPaths()).toEqual(['/activity-tracking', '/releases']);
  });

  test('super admin through roles[].slug', async () => {
    await renderSidebar([], { role: null, roles: [{ slug: 'SuperAdmin' }] });
    expect(sidebarPaths()).toEqual(['/activity-tracking', '/releases']);
  });

  test('settings group: templates and calories', async () => {
    await renderSidebar(['show_calorie_settings']);
    expect(sidebarPaths()).toEqual(['/calories']);
    expect(screen.getByRole('button', { name: 'الإعدادات' })).toBeInTheDocument();
  });
});

describe('sidebar behaviour', () => {
  test('the group holding the current page opens by itself; its link is marked current', async () => {
    await renderSidebar(['show_reports', 'show_families'], {}, '/reports/medical/archive/3');
    expect(screen.getByRole('button', { name: 'التقارير' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('button', { name: 'المستفيدون' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('link', { name: 'التقرير الطبي' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.queryByRole('link', { name: 'الأسر' })).not.toBeInTheDocument();
  });

  test('groups toggle, and navigating into a closed group opens it', async () => {
    const user = userEvent.setup();
    const app = await renderSidebar(['show_reports', 'show_families']);
    const beneficiaries = screen.getByRole('button', { name: 'المستفيدون' });
    await user.click(beneficiaries);
    expect(beneficiaries).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('link', { name: 'أفراد الأسر' }));
    expect(app.pathname()).toBe('/families/members');
    expect(screen.getByRole('link', { name: 'أفراد الأسر' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Only the longest matching link is current, not /families as well.
    expect(screen.getByRole('link', { name: 'الأسر' })).not.toHaveAttribute('aria-current');
    await user.click(beneficiaries);
    expect(beneficiaries).toHaveAttribute('aria-expanded', 'false');
  });

  test('the active link is scrolled into view', async () => {
    const scrollIntoView = jest.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    await renderSidebar(['show_calorie_settings'], {}, '/calories');
    // After the page's first paint, not in the render's own task.
    expect(scrollIntoView).not.toHaveBeenCalled();
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(
      screen.getByRole('link', { name: 'إعدادات السعرات الحرارية' }),
    );
  });

  test('Ctrl+B and Cmd(meta)+B toggle it; the state goes into a 7-day cookie', async () => {
    const cookieSetter = jest.spyOn(document, 'cookie', 'set');
    await renderSidebar(['show_index']);
    const panel = document.getElementById('app-sidebar');
    expect(panel).toHaveAttribute('data-state', 'expanded');

    fireEvent.keyDown(window, { key: 'b', code: 'KeyB', ctrlKey: true });
    expect(panel).toHaveAttribute('data-state', 'collapsed');
    expect(cookieSetter).toHaveBeenLastCalledWith(
      `sidebar_state=false; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; samesite=lax`,
    );
    expect(SIDEBAR_COOKIE_MAX_AGE_SECONDS).toBe(7 * 24 * 60 * 60);

    fireEvent.keyDown(window, { key: 'b', code: 'KeyB', metaKey: true });
    expect(panel).toHaveAttribute('data-state', 'expanded');
    expect(document.cookie).toContain('sidebar_state=true');

    // An Arabic layout types 'لا' on the B key: the physical key still counts.
    fireEvent.keyDown(window, { key: 'لا', code: 'KeyB', ctrlKey: true });
    expect(panel).toHaveAttribute('data-state', 'collapsed');
    // B alone does nothing.
    fireEvent.keyDown(window, { key: 'b', code: 'KeyB' });
    expect(panel).toHaveAttribute('data-state', 'collapsed');
    cookieSetter.mockRestore();
  });

  test('the top bar toggle collapses it to icons with tooltips (no delay)', async () => {
    const user = userEvent.setup();
    await renderSidebar(['show_index']);
    const toggle = screen.getByRole('button', { name: 'تبديل القائمة الجانبية' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('app-sidebar')).toHaveAttribute('data-state', 'collapsed');
    // Still named for screen readers; the tooltip shows on focus at once.
    const link = screen.getByRole('link', { name: 'نظرة عامة' });
    act(() => link.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent('نظرة عامة');
  });

  test('a collapsed state saved in the cookie is restored', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    await renderSidebar(['show_index']);
    expect(document.getElementById('app-sidebar')).toHaveAttribute('data-state', 'collapsed');
  });
});

describe('narrow screens (under 768 px)', () => {
  let media: ReturnType<typeof installMatchMedia>;
  beforeEach(() => {
    media = installMatchMedia({ [MOBILE_MEDIA_QUERY]: true });
  });
  afterEach(() => media.restore());

  test('a slide-over that closes when a link is chosen, and gives focus back', async () => {
    const user = userEvent.setup();
    const app = await renderApp({
      path: '/profile',
      employee: makeEmployee({ permissions: ['show_index', 'show_orgs'] }),
    });
    const toggle = await screen.findByRole('button', { name: 'تبديل القائمة الجانبية' });
    expect(screen.queryByRole('navigation', { name: 'القائمة الرئيسية' })).not.toBeInTheDocument();

    await user.click(toggle);
    const sheet = screen.getByRole('dialog', { name: 'القائمة الرئيسية' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(sheet).toContainElement(document.activeElement as HTMLElement);

    await user.click(within(sheet).getByRole('link', { name: 'نظرة عامة' }));
    expect(app.pathname()).toBe('/dashboard');
    expect(screen.queryByRole('dialog', { name: 'القائمة الرئيسية' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  test('Escape and the overlay close it; Ctrl+B opens it', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/profile', employee: makeEmployee({ permissions: ['show_index'] }) });
    await screen.findByRole('button', { name: 'تبديل القائمة الجانبية' });

    fireEvent.keyDown(window, { key: 'b', code: 'KeyB', ctrlKey: true });
    expect(screen.getByRole('dialog', { name: 'القائمة الرئيسية' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'القائمة الرئيسية' })).not.toBeInTheDocument();

    fireEvent.keyDown(window, { key: 'b', code: 'KeyB', ctrlKey: true });
    await user.click(screen.getByTestId('sidebar-overlay'));
    expect(screen.queryByRole('dialog', { name: 'القائمة الرئيسية' })).not.toBeInTheDocument();
  });

  test('widening the window closes the slide-over and shows the fixed sidebar', async () => {
    await renderApp({ path: '/profile', employee: makeEmployee({ permissions: ['show_index'] }) });
    await screen.findByRole('button', { name: 'تبديل القائمة الجانبية' });
    fireEvent.keyDown(window, { key: 'b', code: 'KeyB', ctrlKey: true });
    expect(screen.getByRole('dialog', { name: 'القائمة الرئيسية' })).toBeInTheDocument();
    act(() => media.set(MOBILE_MEDIA_QUERY, false));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'القائمة الرئيسية' })).toBeInTheDocument();
  });
});
