import { createBrowserRouter } from 'react-router-dom';
import { createAppRoutes } from './app-routes';

/**
 * The host's data router over the browser history. Create it once the page's URL is final:
 * createHostEnvironment() removes the developer `?remote=` parameter with history.replaceState,
 * which a router created earlier would not see (its location would keep the parameter).
 */
export function createAppRouter() {
  return createBrowserRouter(createAppRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;
