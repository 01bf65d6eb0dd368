import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { authEndpoints, callEndpoint } from 'shared-contracts';
import { useToast } from 'shared-ui';
import { useHostServices } from '../host-services';
import { useSession } from './session-context';

export const LOGOUT_ERROR_TOAST = {
  variant: 'destructive',
  title: 'حدث خطأ أثناء تسجيل الخروج',
  description: 'يرجى المحاولة مرة أخرى',
  duration: 3000,
} as const;

/**
 * docs/shell.md#session-and-guard: revoke the token on the server, then forget everything locally
 * whatever the answer, and go to the login page. A failed call only earns a red toast (3000 ms).
 */
export function useLogout(): () => Promise<void> {
  const { apiClient } = useHostServices();
  const { clearSession } = useSession();
  const { toast } = useToast();
  const navigate = useNavigate();

  return useCallback(async () => {
    try {
      await callEndpoint(apiClient, authEndpoints.logout);
    } catch {
      toast({ ...LOGOUT_ERROR_TOAST });
    } finally {
      clearSession();
      navigate('/', { replace: true });
    }
  }, [apiClient, clearSession, toast, navigate]);
}
