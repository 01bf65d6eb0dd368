import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { lightTheme, type AppTheme } from '../src';

/** Renders inside the app theme, as the host does. */
export function renderWithTheme(
  ui: ReactElement,
  options: RenderOptions & { theme?: AppTheme } = {},
) {
  const { theme = lightTheme, ...rest } = options;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={theme}>{children}</ThemeProvider>
  );
  return render(ui, { wrapper: Wrapper, ...rest });
}
