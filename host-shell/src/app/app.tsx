import { BrowserRouter } from 'react-router-dom';
import { AppProviders, type AppProvidersProps } from './app-providers';
import { AppRoutes } from './app-routes';

export function App(props: Omit<AppProvidersProps, 'children'>) {
  return (
    <AppProviders {...props}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
