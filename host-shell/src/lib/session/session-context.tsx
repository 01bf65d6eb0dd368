import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { Employee } from 'shared-contracts';
import { setCurrentEmployee } from 'shared-ui';
import { useHostServices } from '../host-services';
import { toCurrentUser } from './current-user';

type SessionState =
  | { status: 'restoring'; token: null; employee: null }
  | { status: 'ready'; token: string | null; employee: Employee | null };

export interface SessionContextValue {
  /**
   * 'restoring' until the stored employee has been decrypted at start-up
   * (docs/shell.md#session-and-guard).
   */
  status: SessionState['status'];
  token: string | null;
  employee: Employee | null;
  /**
   * After login: replaces token and employee, in memory and in storage
   * (docs/shell.md#session-and-guard).
   */
  saveSession(token: string, employee: Employee): Promise<void>;
  /** A fresher copy of the same employee (session check, profile edit). */
  updateEmployee(employee: Employee): Promise<void>;
  /** Forgets token, employee and every cached query of this user. */
  clearSession(): void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const { sessionStore, queryClient } = useHostServices();
  const [state, setState] = useState<SessionState>({
    status: 'restoring',
    token: null,
    employee: null,
  });

  useEffect(() => {
    let cancelled = false;
    // The store logs and returns null for a record it cannot decrypt or parse
    // (docs/shell.md#session-and-guard).
    void sessionStore.readEmployee().then((employee) => {
      if (!cancelled) setState({ status: 'ready', token: sessionStore.readToken(), employee });
    });
    return () => {
      cancelled = true;
    };
  }, [sessionStore]);

  const saveSession = useCallback(
    async (token: string, employee: Employee) => {
      try {
        await sessionStore.save(token, employee);
      } catch (error) {
        // Encryption needs IndexedDB; without it the login still holds for this tab.
        console.error('تعذر حفظ الجلسة في المتصفح', error);
      }
      setCurrentEmployee(queryClient, toCurrentUser(employee));
      setState({ status: 'ready', token, employee });
    },
    [sessionStore, queryClient],
  );

  const updateEmployee = useCallback(
    async (employee: Employee) => {
      try {
        await sessionStore.saveEmployee(employee);
      } catch (error) {
        console.error('تعذر حفظ بيانات الموظف في المتصفح', error);
      }
      setCurrentEmployee(queryClient, (previous) =>
        toCurrentUser(employee, previous?.is_active ?? employee.active),
      );
      setState((previous) => ({
        status: 'ready',
        token: previous.token ?? sessionStore.readToken(),
        employee,
      }));
    },
    [sessionStore, queryClient],
  );

  const clearSession = useCallback(() => {
    sessionStore.clear();
    // Another employee may log in next on this browser: none of this one's data may linger.
    queryClient.clear();
    setState({ status: 'ready', token: null, employee: null });
  }, [sessionStore, queryClient]);

  const value = useMemo<SessionContextValue>(
    () => ({ ...state, saveSession, updateEmployee, clearSession }),
    [state, saveSession, updateEmployee, clearSession],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
