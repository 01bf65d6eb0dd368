import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { matchRoute } from 'shared-contracts';
import { FullPageLoading } from 'shared-ui';
import { CurrentEmployeeProvider } from '../../../lib/session/current-employee';
import { sameEmployee } from '../../../lib/session/same-employee';
import { useSession } from '../../../lib/session/session-context';
import { useSessionCheck } from '../hooks/use-session-check';

interface SessionGateProps {
  children: ReactNode;
  /** Shown to a visitor without a session on a path the route table does not know. */
  unknownPathFallback: ReactNode;
}

/**
 * The session half of the route guard (docs/shell.md#session-and-guard): checking → 'Loading...';
 * no stored employee or a session the server rejects → `/`; a verified session renders the shell.
 * The permission half is AccessGate, per route.
 */
export function SessionGate({ children, unknownPathFallback }: SessionGateProps) {
  const verdict = useSessionCheck();
  const session = useSession();
  const { clearSession, updateEmployee } = session;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const isKnownPath = matchRoute(pathname) !== undefined;

  const rejected = verdict.state === 'rejected';
  const mustLeave = rejected || (verdict.state === 'anonymous' && isKnownPath);
  useEffect(() => {
    if (!mustLeave) return;
    // Clear before leaving, so the login page does not bounce a void session straight back.
    if (rejected) clearSession();
    navigate('/', { replace: true });
  }, [mustLeave, rejected, clearSession, navigate]);

  const fresh = verdict.state === 'verified' ? verdict.employee : null;
  useEffect(() => {
    if (fresh && !sameEmployee(fresh, session.employee)) void updateEmployee(fresh);
  }, [fresh, session.employee, updateEmployee]);

  if (verdict.state === 'verified') {
    return (
      <CurrentEmployeeProvider employee={verdict.employee}>{children}</CurrentEmployeeProvider>
    );
  }
  if (verdict.state === 'anonymous' && !isKnownPath) return <>{unknownPathFallback}</>;
  return <FullPageLoading />;
}
