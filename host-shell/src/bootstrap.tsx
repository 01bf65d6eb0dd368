import './app/zod-without-eval';
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  authEndpoints,
  callEndpoint,
  createApiClient,
  createSessionStore,
  landingPathFor,
  matchRoute,
  type Employee,
} from 'shared-contracts';
import { ErrorState, FullPageLoading } from 'shared-ui';
import { ThemeModeProvider } from './features/theme/components/theme-mode-provider';
import { REMOTES_CONFIG_PATH, prefetchJson } from './app/early-fetch';
import { takeBootLogin, whenBootLoginReleased } from './app/boot-login';
import { LoginRoot } from './app/login-root';
import { warmUpRequest, withKnownEmployee } from './app/session-warmup';
import { hasStoredToken, startsOnLoginPage } from './app/start-mode';

// What every visit needs: the session store and the API client. The authenticated shell (router,
// query client, sidebar, federation registry) is a chunk of its own, loaded only when needed.
const sessionStore = createSessionStore();
const apiClient = createApiClient({ getToken: () => sessionStore.readToken() });
const loadShell = () => import(/* webpackChunkName: "shell" */ './app/shell');

const container =
  document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
const root = createRoot(container);

/** The session check of a stored token, sent now rather than after the shell has loaded. */
function warmUpSessionCheck(): void {
  warmUpRequest(
    apiClient,
    () => sessionStore.readToken(),
    () => callEndpoint(apiClient, authEndpoints.currentUser),
  );
}

async function startShell(employee: Promise<Employee | null>, afterLogin: boolean): Promise<void> {
  const { mountShell } = await loadShell();
  mountShell(root, {
    sessionStore: withKnownEmployee(sessionStore, employee),
    apiClient,
    afterLogin,
  });
}

/** The shell's code could not be fetched (the network dropped): say so, and offer a reload. */
function showShellLoadError(error: unknown): void {
  console.error('تعذر تحميل واجهة النظام', error);
  root.render(
    <StrictMode>
      <ThemeModeProvider>
        <ErrorState
          title="تعذر تحميل النظام"
          message="تحقق من اتصالك بالشبكة ثم أعد تحميل الصفحة."
          retryLabel="إعادة التحميل"
          onRetry={() => window.location.reload()}
        />
      </ThemeModeProvider>
    </StrictMode>,
  );
}

const isKnownPath = (pathname: string) => matchRoute(pathname) !== undefined;
if (startsOnLoginPage(window.location, hasStoredToken(window.localStorage), isKnownPath)) {
  // The guard's answer for a visitor on a page of the table: the login page, at `/`.
  if (window.location.pathname !== '/') window.history.replaceState(null, '', '/');
  const onLoggedIn = async (token: string, employee: Employee) => {
    try {
      await sessionStore.save(token, employee);
    } catch (error) {
      // Encryption needs IndexedDB; without it the login still holds for this tab (the shell
      // gets the employee in memory below).
      console.error('تعذر حفظ الجلسة في المتصفح', error);
    }
    warmUpSessionCheck();
    await loadShell();
    window.history.replaceState(null, '', landingPathFor(employee));
    await startShell(Promise.resolve(employee), true);
  };
  const showLogin = () => {
    // What was typed in the page's own form is read, and that form replaced by React's, in one
    // task: no keystroke can land in between and be lost.
    flushSync(() => {
      root.render(
        <StrictMode>
          <LoginRoot
            initial={takeBootLogin(document)}
            apiClient={apiClient}
            onLoggedIn={onLoggedIn}
            onSubmitting={() => {
              // What the shell needs first downloads beside the login request.
              void loadShell().catch(() => undefined);
              prefetchJson(REMOTES_CONFIG_PATH);
            }}
          />
        </StrictMode>,
      );
    });
  };
  // Not in the middle of a click on the page's form (its button would vanish under the pointer).
  void whenBootLoginReleased(document).then(showLogin);
} else {
  // A returning employee: the stored record is decrypted and the session checked while the
  // shell downloads (index.ts started that download already); the same loading screen as before.
  const employee = sessionStore.readEmployee();
  if (sessionStore.readToken()) warmUpSessionCheck();
  root.render(
    <StrictMode>
      <ThemeModeProvider>
        <FullPageLoading />
      </ThemeModeProvider>
    </StrictMode>,
  );
  startShell(employee, false).catch(showShellLoadError);
}
