import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from 'shared-contracts';
import { makeEmployee } from '../../testing/fixtures';
import { installMatchMedia } from '../../testing/match-media';
import { renderApp, resetBrowserState } from '../../testing/render-app';
import { DARK_SCHEME_QUERY } from './components/theme-mode-provider';

let media: ReturnType<typeof installMatchMedia>;
beforeEach(() => {
  resetBrowserState();
  media = installMatchMedia({ [DARK_SCHEME_QUERY]: false });
});
afterEach(() => media.restore());

const root = () => document.documentElement;

function injectedCss(): string {
  return Array.from(document.querySelectorAll('style'))
    .map((style) => style.textContent ?? '')
    .join('\n');
}

describe('theme mode', () => {
  test('system by default: the OS preference decides, live', async () => {
    await renderApp();
    expect(root()).toHaveClass('light');
    expect(root()).not.toHaveClass('dark');
    expect(localStorage.getItem(STORAGE_KEYS.themeMode)).toBeNull();

    act(() => media.set(DARK_SCHEME_QUERY, true));
    expect(root()).toHaveClass('dark');
    expect(root()).not.toHaveClass('light');
    // The styled-components theme follows: the dark background is in the global styles.
    expect(injectedCss()).toContain('#0e1417');

    act(() => media.set(DARK_SCHEME_QUERY, false));
    expect(root()).toHaveClass('light');
  });

  test('choosing dark saves theme-mode and ignores the OS preference', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/profile', employee: makeEmployee() });
    await user.click(await screen.findByRole('button', { name: 'المظهر: حسب النظام' }));
    await user.click(screen.getByRole('menuitem', { name: 'داكن' }));

    expect(localStorage.getItem(STORAGE_KEYS.themeMode)).toBe('dark');
    expect(root()).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'المظهر: داكن' })).toBeInTheDocument();
    act(() => media.set(DARK_SCHEME_QUERY, false));
    expect(root()).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'المظهر: داكن' }));
    await user.click(screen.getByRole('menuitem', { name: 'فاتح' }));
    expect(localStorage.getItem(STORAGE_KEYS.themeMode)).toBe('light');
    expect(root()).toHaveClass('light');
  });

  test('a saved choice is used at the next start', async () => {
    localStorage.setItem(STORAGE_KEYS.themeMode, 'dark');
    await renderApp();
    expect(root()).toHaveClass('dark');
  });

  test('back to system follows the OS again', async () => {
    const user = userEvent.setup();
    localStorage.setItem(STORAGE_KEYS.themeMode, 'light');
    media.set(DARK_SCHEME_QUERY, true);
    await renderApp({ path: '/profile', employee: makeEmployee() });
    expect(root()).toHaveClass('light');
    await user.click(await screen.findByRole('button', { name: 'المظهر: فاتح' }));
    await user.click(screen.getByRole('menuitem', { name: 'حسب النظام' }));
    expect(localStorage.getItem(STORAGE_KEYS.themeMode)).toBe('system');
    expect(root()).toHaveClass('dark');
  });

  test('an unreadable stored value falls back to system', async () => {
    localStorage.setItem(STORAGE_KEYS.themeMode, 'sepia');
    media.set(DARK_SCHEME_QUERY, true);
    await renderApp();
    expect(root()).toHaveClass('dark');
  });
});
