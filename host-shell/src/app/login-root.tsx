import type { AxiosInstance } from 'axios';
import type { Employee } from 'shared-contracts';
import { LoginScreen } from '../features/auth/components/login-screen';
import type { BootLogin } from './boot-login';
import { ThemeModeProvider } from '../features/theme/components/theme-mode-provider';

export interface LoginRootProps {
  apiClient: AxiosInstance;
  /** Credentials accepted: keep the session and hand over to the shell (bootstrap.tsx). */
  onLoggedIn(token: string, employee: Employee): Promise<void>;
  /** A valid form is being sent: the shell's code can start downloading beside the request. */
  onSubmitting(): void;
  /** What was typed in the HTML page's form before the app loaded. */
  initial?: BootLogin | null;
}

/**
 * The login page of a visit without a stored session, as the shell's `/` route shows it, but with
 * only what login needs: the theme and the form — no router, query client, sidebar or federation
 * registry, which arrive with the shell once the credentials are accepted.
 */
export function LoginRoot({ apiClient, onLoggedIn, onSubmitting, initial }: LoginRootProps) {
  return (
    <ThemeModeProvider>
      <LoginScreen
        apiClient={apiClient}
        onLoggedIn={onLoggedIn}
        onSubmitting={onSubmitting}
        initial={initial ?? null}
      />
    </ThemeModeProvider>
  );
}
