import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { employeeSchema, type Employee } from 'shared-contracts';
import { useHostServices } from '../../../lib/host-services';
import { currentUserQuery } from '../../../lib/session/current-user';
import { useSession } from '../../../lib/session/session-context';

/** the docs/shell.md#session-and-guard guard states, before the per-route permission decision. */
export type SessionVerdict =
  | { state: 'checking' }
  /** no stored employee or token: nothing to check */
  | { state: 'anonymous' }
  /**
   * the server said inactive, or the check failed (docs/shell.md#errors): the stored session is
   * void
   */
  | { state: 'rejected' }
  | { state: 'verified'; employee: Employee };

/**
 * Validates the stored session with `GET /user` once each time the shell is entered
 * (`refetchOnMount: 'always'`, even when login has just filled the cache), and yields the
 * server's fresh copy of the employee: permissions may have changed since it was stored.
 */
export function useSessionCheck(): SessionVerdict {
  const session = useSession();
  const { apiClient } = useHostServices();
  const hasSession =
    session.status === 'ready' && session.employee !== null && session.token !== null;
  const check = useQuery({
    ...currentUserQuery(apiClient),
    enabled: hasSession,
    refetchOnMount: 'always',
  });

  const verified = useMemo<Employee | null>(() => {
    if (!check.data) return null;
    // Strips is_active and anything else the stored record does not carry.
    const parsed = employeeSchema.safeParse(check.data);
    return parsed.success ? parsed.data : null;
  }, [check.data]);

  if (session.status === 'restoring') return { state: 'checking' };
  if (!hasSession) return { state: 'anonymous' };
  if (check.isError) return { state: 'rejected' };
  if (!check.data) return { state: 'checking' };
  if (!check.data.is_active || !verified) return { state: 'rejected' };
  return { state: 'verified', employee: verified };
}
