import { useCallback } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { landingPathFor, type Employee } from 'shared-contracts';
import { FullPageLoading } from 'shared-ui';
import { useHostServices } from '../../../lib/host-services';
import { useSession } from '../../../lib/session/session-context';
import { LoginScreen } from '../components/login-screen';

/**
 * `/` inside the shell's router: the login screen, or straight to the first allowed page for a
 * stored session (docs/shell.md#screens-and-routes). A first visit without a session gets the same
 * screen from app/login-root.tsx, before the router and the rest of the shell have loaded.
 */
export function LoginPage() {
  const session = useSession();
  const { saveSession } = session;
  const { apiClient } = useHostServices();
  const navigate = useNavigate();
  const onLoggedIn = useCallback(
    async (token: string, employee: Employee) => {
      await saveSession(token, employee);
      navigate(landingPathFor(employee), { replace: true });
    },
    [saveSession, navigate],
  );
  if (session.status === 'restoring') return <FullPageLoading />;
  if (session.employee) return <Navigate to={landingPathFor(session.employee)} replace />;
  return <LoginScreen apiClient={apiClient} onLoggedIn={onLoggedIn} />;
}
