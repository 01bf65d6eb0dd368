import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { decideAccess, type RouteDefinition } from 'shared-contracts';
import { useCurrentEmployee } from '../../../lib/session/current-employee';

export const UNAUTHORIZED_PATH = '/unauthorized';

interface AccessGateProps {
  route: Pick<RouteDefinition, 'path' | 'permissions' | 'superAdminOnly'>;
  children: ReactNode;
}

/**
 * The permission half of the guard (docs/shell.md#session-and-guard): a missing key, an inactive
 * employee or a super-admin-only page for anyone else → /unauthorized. That page itself is always
 * shown to a logged-in employee, or an inactive one would be redirected to it forever.
 */
export function AccessGate({ route, children }: AccessGateProps) {
  const employee = useCurrentEmployee();
  if (route.path !== UNAUTHORIZED_PATH && decideAccess(employee, route) === 'forbidden') {
    return <Navigate to={UNAUTHORIZED_PATH} replace />;
  }
  return <>{children}</>;
}
