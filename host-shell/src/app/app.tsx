import { RouterProvider } from 'react-router-dom';
import { AppProviders, type AppProvidersProps } from './app-providers';
import type { AppRouter } from './app-router';

export interface AppProps extends Omit<AppProvidersProps, 'children'> {
  router: AppRouter;
}

/** The providers wrap the router, so every route element (remote pages too) is inside them. */
export function App({ router, ...providers }: AppProps) {
  return (
    <AppProviders {...providers}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
