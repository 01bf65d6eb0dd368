import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { lightTheme } from 'shared-ui';
import { APP_ERROR_TITLE, AppErrorPage } from './pages/app-error-page';

function Broken(): never {
  throw new Error('boom');
}

test('a failure in a route shows the Arabic error page, not the router’s English one', () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const router = createMemoryRouter([
    { errorElement: <AppErrorPage />, children: [{ path: '/', element: <Broken /> }] },
  ]);
  render(
    <ThemeProvider theme={lightTheme}>
      <RouterProvider router={router} />
    </ThemeProvider>,
  );
  expect(screen.getByText(APP_ERROR_TITLE)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'إعادة تحميل الصفحة' })).toBeInTheDocument();
  expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument();
  logged.mockRestore();
});
