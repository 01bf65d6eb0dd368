// Standalone development page (`pnpm --filter mf-beneficiaries dev`): the remote's pages without the host,
// behind a plain index of links. Production builds expose only ./pages; the host renders those.
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider } from 'styled-components';
import { REMOTES, routesOf, titleForPath } from 'shared-contracts';
import { GlobalStyle, LoadingState, PageHeader, ToastProvider, lightTheme } from 'shared-ui';
import pages from './pages';

const REMOTE = 'mf-beneficiaries';

function DevIndex() {
  return (
    <main>
      <PageHeader
        title={REMOTES[REMOTE].label}
        description="صفحات هذه الواجهة المستقلة (بيئة التطوير)"
      />
      <ul>
        {routesOf(REMOTE).map((route) => (
          <li key={route.pageId}>
            {/* Parameterised routes get a sample id so every page can be opened. */}
            <Link to={route.path.replace(/:([A-Za-z]+)/g, '1')}>
              {titleForPath(route.path)}
            </Link>{' '}
            <bdi dir="ltr">{route.path}</bdi>
          </li>
        ))}
      </ul>
    </main>
  );
}

const queryClient = new QueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');

createRoot(container).render(
  <StrictMode>
    <ThemeProvider theme={lightTheme}>
      <GlobalStyle />
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <BrowserRouter>
            <Suspense fallback={<LoadingState />}>
              <Routes>
                <Route path="/" element={<DevIndex />} />
                {routesOf(REMOTE).map((route) => {
                  const Page = pages[route.pageId as keyof typeof pages];
                  return <Route key={route.pageId} path={route.path} element={<Page />} />;
                })}
              </Routes>
            </Suspense>
          </BrowserRouter>
        </ToastProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
