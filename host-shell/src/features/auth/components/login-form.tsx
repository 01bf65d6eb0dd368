import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { AxiosInstance } from 'axios';
import styled from 'styled-components';
import { authEndpoints, callEndpoint, loginRequestSchema, type Employee } from 'shared-contracts';
import { Button, Icon, PasswordField, TextField } from 'shared-ui';
import type { BootLogin } from '../../../app/boot-login';
import { loginFromBootAnswer } from '../api/boot-login-answer';
import {
  LOGIN_SENDING_LABEL,
  loginErrorMessage,
  loginFieldErrors,
  type LoginField,
} from '../api/login-error';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const FormError = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.badge.danger.fg};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.badge.danger.bg};
  color: ${({ theme }) => theme.colors.badge.danger.fg};
  font-size: ${({ theme }) => theme.font.size.sm};

  svg {
    flex-shrink: 0;
    margin-block-start: 0.2em;
  }
`;

const SubmitButton = styled(Button)`
  inline-size: 100%;
`;

type FieldErrors = Partial<Record<LoginField, string>>;

export interface LoginFormProps {
  apiClient: AxiosInstance;
  /**
   * The server accepted the credentials: keep the session and go on (the submit button keeps its
   * loading state until this settles; a rejection is shown like a failed login).
   */
  onLoggedIn(token: string, employee: Employee): Promise<void>;
  /** Valid input is about to be sent: what comes after login can start loading beside it. */
  onSubmitting?(): void;
  /** What was typed in the HTML page's form before the app loaded (app/boot-login.ts). */
  initial?: BootLogin | null;
}

/**
 * Email + password (docs/shell.md#screens-and-routes). Validation messages come from the shared
 * Arabic zod map. It needs no router and no query client, so the login page can be shown before the
 * shell loads.
 */
export function LoginForm({ apiClient, onLoggedIn, onSubmitting, initial }: LoginFormProps) {
  const [email, setEmail] = useState(initial?.email ?? '');
  const [password, setPassword] = useState(initial?.password ?? '');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(Boolean(initial?.answer));
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const takenOver = useRef(false);

  // Taking over from the HTML page's form, in the commit that replaced it (no keystroke can fall
  // between): the caret stays in its field.
  useLayoutEffect(() => {
    if (initial?.focused === 'email') emailRef.current?.focus();
    else if (initial?.focused === 'password') passwordRef.current?.focus();
  }, [initial]);

  const focusFirstInvalid = (errors: FieldErrors) => {
    if (errors.email) emailRef.current?.focus();
    else if (errors.password) passwordRef.current?.focus();
  };

  /** A login under way, to its end: the session, or the error (docs/shell.md#errors). */
  const finish = (pending: Promise<{ token: string; employee: Employee }>): Promise<void> =>
    pending
      .then(({ token, employee }) => onLoggedIn(token, employee))
      .catch((error: unknown) => {
        // Nothing is saved on failure; the server's message (or the fallback) is shown.
        setFieldErrors(loginFieldErrors(error));
        setFormError(loginErrorMessage(error));
        setSubmitting(false);
      });

  // A login the HTML page already sent is finished with its answer (never sent twice; the button
  // starts in its loading state for it); a submit it left to the app (unfinished input) is made
  // now, so the form's Arabic checks show. Once, also under StrictMode's double effects.
  useEffect(() => {
    if (!initial || takenOver.current) return;
    takenOver.current = true;
    const { answer } = initial;
    if (answer) {
      onSubmitting?.();
      void finish(loginFromBootAnswer(answer));
    } else if (initial.submitted) formRef.current?.requestSubmit();
    // `finish` and `onSubmitting` are this render's; the effect runs once, for the hand-over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = loginRequestSchema.safeParse({ email: email.trim(), password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'password') && !errors[field])
          errors[field] = issue.message;
      }
      setFieldErrors(errors);
      focusFirstInvalid(errors);
      return;
    }
    setFieldErrors({});
    setSubmitting(true);
    onSubmitting?.();
    await finish(
      callEndpoint(apiClient, authEndpoints.login, { body: parsed.data }).then(({ data }) => data),
    );
  };

  return (
    <Form
      ref={formRef}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-describedby={formError ? 'login-error' : undefined}
    >
      <TextField
        ref={emailRef}
        label="البريد الإلكتروني"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        dir="ltr"
        required
        value={email}
        error={fieldErrors.email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordField
        ref={passwordRef}
        label="كلمة المرور"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        error={fieldErrors.password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {formError ? (
        <FormError id="login-error" role="alert">
          <Icon name="alert" size={18} />
          <span>{formError}</span>
        </FormError>
      ) : null}
      <SubmitButton type="submit" loading={submitting} loadingLabel={LOGIN_SENDING_LABEL}>
        تسجيل الدخول
      </SubmitButton>
    </Form>
  );
}
