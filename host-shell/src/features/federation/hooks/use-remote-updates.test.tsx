import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from 'shared-ui';
import { RemoteNotices } from '../components/remote-notices';
import { RemoteRegistryProvider } from '../components/remote-registry-provider';
import { RemoteRegistry } from '../remote-registry';
import { UPDATE_NAVIGATION_MIN_GAP_MS, UPDATE_POLL_INTERVAL_MS } from './use-remote-updates';

const PATHS = ['/services/service-types', '/financial', '/financial/report'];

function NavigateButtons() {
  const navigate = useNavigate();
  return (
    <>
      {PATHS.map((path) => (
        <button key={path} type="button" onClick={() => navigate(path)}>
          {path}
        </button>
      ))}
    </>
  );
}

const navigateTo = (path: string) => act(() => screen.getByRole('button', { name: path }).click());

function setup() {
  const registry = new RemoteRegistry({
    runtime: { registerRemotes: jest.fn(), loadRemote: jest.fn() },
    fetchJson: async () => ({ remotes: {} }),
    baseUrl: () => 'http://localhost/',
  });
  const check = jest.spyOn(registry, 'checkForUpdates').mockResolvedValue([]);
  const reloadPage = jest.fn();
  render(
    <ThemeProvider theme={lightTheme}>
      <RemoteRegistryProvider registry={registry} reloadPage={reloadPage}>
        <MemoryRouter initialEntries={['/services']}>
          <NavigateButtons />
          <RemoteNotices />
        </MemoryRouter>
      </RemoteRegistryProvider>
    </ThemeProvider>,
  );
  return { check, reloadPage };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('polling remotes.json (release flow b)', () => {
  test('every 60 s', async () => {
    const { check } = setup();
    expect(check).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(UPDATE_POLL_INTERVAL_MS - 1);
    });
    expect(check).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(check).toHaveBeenCalledTimes(1);
    await act(async () => {
      jest.advanceTimersByTime(UPDATE_POLL_INTERVAL_MS);
    });
    expect(check).toHaveBeenCalledTimes(2);
    expect(UPDATE_POLL_INTERVAL_MS).toBe(60_000);
  });

  test('on navigation, at most every 15 s', async () => {
    const { check } = setup();
    navigateTo('/services/service-types');
    expect(check).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(UPDATE_NAVIGATION_MIN_GAP_MS);
    });
    navigateTo('/financial');
    expect(check).toHaveBeenCalledTimes(1);
    navigateTo('/financial/report');
    expect(check).toHaveBeenCalledTimes(1);
    expect(UPDATE_NAVIGATION_MIN_GAP_MS).toBe(15_000);
  });

  test('the notice names the remote and its button reloads the page', async () => {
    const { check, reloadPage } = setup();
    check.mockResolvedValue([{ remote: 'mf-finance', version: '1.3.0' }]);
    await act(async () => {
      jest.advanceTimersByTime(UPDATE_POLL_INTERVAL_MS);
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'تتوفر نسخة أحدث من قسم «المالية». أعد تحميل الصفحة لاستخدامها.',
    );
    act(() => screen.getByRole('button', { name: 'إعادة التحميل' }).click());
    expect(reloadPage).toHaveBeenCalledTimes(1);
    act(() => screen.getByRole('button', { name: 'إخفاء التنبيه' }).click());
    expect(screen.queryByText(/تتوفر نسخة أحدث/)).not.toBeInTheDocument();
  });
});
