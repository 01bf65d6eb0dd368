import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { taskEndpoints } from 'shared-contracts/resources/tasks-contracts';
import { createFakeApi } from 'shared-ui/testing';
import { makeEmployee } from '../../testing/fixtures';
import { renderApp, resetBrowserState } from '../../testing/render-app';

beforeEach(resetBrowserState);

const employee = makeEmployee({
  name: 'منى القحطاني',
  permissions: ['show_families', 'show_index'],
});

describe('top bar', () => {
  test('the title comes from the longest matching route prefix', async () => {
    await renderApp({ path: '/families/show/12', employee });
    expect(await screen.findByTestId('page-title')).toHaveTextContent('الأسر');
    expect(document.title).toBe('الأسر | عطاء');
  });

  test('an unknown page is titled as such', async () => {
    await renderApp({ path: '/somewhere/else', employee });
    expect(await screen.findByTestId('page-title')).toHaveTextContent('صفحة غير معروفة');
  });

  test('the logo opens a large-image dialog that closes with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/profile', employee });
    const logo = await screen.findByRole('button', { name: 'عرض شعار عطاء' });
    await user.click(logo);
    const dialog = screen.getByRole('dialog', { name: 'عطاء' });
    expect(within(dialog).getByRole('img', { name: 'شعار عطاء' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(logo).toHaveFocus();
  });

  test('account menu: my account and profile open /profile', async () => {
    const user = userEvent.setup();
    const app = await renderApp({ path: '/families', employee });
    // Named by what it is and by the name it shows (WCAG 2.5.3 label in name).
    const menu = await screen.findByRole('button', { name: 'قائمة الحساب: منى القحطاني' });
    expect(menu).toHaveTextContent('منى القحطاني');
    await user.click(menu);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'حسابي',
      'الملف الشخصي',
      'تسجيل الخروج',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'حسابي' }));
    await waitFor(() => expect(app.pathname()).toBe('/profile'));

    await user.click(screen.getByRole('button', { name: /^قائمة الحساب/ }));
    await user.click(screen.getByRole('menuitem', { name: 'الملف الشخصي' }));
    expect(app.pathname()).toBe('/profile');
  });

  test('landmarks and the skip link', async () => {
    await renderApp({ path: '/profile', employee });
    await screen.findByRole('heading', { name: 'الملف الشخصي' });
    const skip = screen.getByRole('link', { name: 'تخطَّ إلى المحتوى الرئيسي' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('navigation', { name: 'القائمة الرئيسية' })).toBeInTheDocument();
    // The skip link is the first thing Tab reaches.
    await userEvent.setup().tab();
    expect(skip).toHaveFocus();
  });

  test('the bell says how many tasks are open, links to «مهامي», and asks again on focus', async () => {
    const user = userEvent.setup();
    const api = createFakeApi();
    let total = 3;
    api.on(taskEndpoints.count, () => ({ status: 200, data: { data: { total } } }));
    const app = await renderApp({ path: '/profile', employee, api });
    await waitFor(() => expect(api.callsTo(taskEndpoints.count)).not.toHaveLength(0));
    const bell = await screen.findByRole('link', { name: 'المهام المفتوحة: 3 مهام' });
    expect(bell).toHaveAttribute('href', '/tasks');
    expect(bell).toHaveTextContent('3');

    total = 1;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(
      await screen.findByRole('link', { name: 'المهام المفتوحة: مهمة واحدة' }),
    ).toBeInTheDocument();
    focusManager.setFocused(undefined);

    // Moving to another page asks again: a task may just have been done there.
    total = 0;
    await user.click(screen.getByRole('link', { name: /^المهام المفتوحة/ }));
    await waitFor(() => expect(app.pathname()).toBe('/tasks'));
    const none = await screen.findByRole('link', { name: 'المهام المفتوحة: لا توجد مهام' });
    expect(none).toHaveTextContent('');
  });
});
