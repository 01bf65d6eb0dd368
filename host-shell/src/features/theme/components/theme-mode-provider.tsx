import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { ThemeProvider } from 'styled-components';
import { readThemeMode, writeThemeMode, type ThemeMode } from 'shared-contracts';
import { GlobalStyle, darkTheme, lightTheme } from 'shared-ui';
import { useMediaQuery } from '../../../lib/use-media-query';

export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export interface ThemeModeContextValue {
  mode: ThemeMode;
  /** what is on screen: the mode, or the OS preference when the mode is 'system' */
  resolved: 'light' | 'dark';
  setMode(mode: ThemeMode): void;
}

const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);

function readStoredMode(): ThemeMode {
  try {
    return readThemeMode(window.localStorage);
  } catch {
    // Storage can be disabled (privacy settings): the default, system, still works.
    return 'system';
  }
}

/**
 * docs/shell.md#top-bar-and-theme: light, dark or system (default), saved under `theme-mode`; the
 * class on <html> and the styled-components theme follow it, and with 'system' the OS setting
 * decides, live.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(readStoredMode);
  const prefersDark = useMediaQuery(DARK_SCHEME_QUERY);
  const resolved: 'light' | 'dark' = mode === 'system' ? (prefersDark ? 'dark' : 'light') : mode;

  // Layout effect: the class changes in the same frame as the styled theme, with no flash.
  useLayoutEffect(() => {
    const root = document.documentElement;
    root.classList.remove('light', 'dark');
    root.classList.add(resolved);
  }, [resolved]);

  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    try {
      writeThemeMode(window.localStorage, next);
    } catch {
      // Not persisted; the choice still holds for this visit.
    }
  }, []);

  const value = useMemo(() => ({ mode, resolved, setMode }), [mode, resolved, setMode]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={resolved === 'dark' ? darkTheme : lightTheme}>
        <GlobalStyle />
        {children}
      </ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeContextValue {
  const context = useContext(ThemeModeContext);
  if (!context) throw new Error('useThemeMode must be used inside <ThemeModeProvider>');
  return context;
}
