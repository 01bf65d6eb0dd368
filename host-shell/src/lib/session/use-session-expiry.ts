import { useEffect, useRef } from 'react';
import { isAxiosError } from 'axios';
import { authEndpoints } from 'shared-contracts';
import { useToast } from 'shared-ui';
import { useHostServices } from '../host-services';
import { useSession } from './session-context';

function isUnauthenticated(error: unknown): boolean {
  return isAxiosError(error) && error.response?.status === 401;
}

/**
 * A 401 on any query or mutation in the shared QueryClient — the host's or a remote's — means the
 * token expired or was revoked: end the session (the guard then sends the employee to `/`).
 * The session check itself is left to the guard, which treats its failure per docs/shell.md#errors.
 */
export function useSessionExpiry(): void {
  const { queryClient } = useHostServices();
  const { clearSession } = useSession();
  const { toast } = useToast();
  const handled = useRef(false);

  useEffect(() => {
    handled.current = false;
    const expire = () => {
      if (handled.current) return;
      handled.current = true;
      clearSession();
      toast({ title: 'انتهت الجلسة', description: 'يرجى تسجيل الدخول مرة أخرى.' });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      // The session check's own failure is the guard's to judge (docs/shell.md#errors).
      if (event.query.queryKey[1] === authEndpoints.currentUser.id) return;
      if (isUnauthenticated(event.action.error)) expire();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        isUnauthenticated(event.action.error)
      )
        expire();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient, clearSession, toast]);
}
