import { isAxiosError } from 'axios';
import { z } from 'zod';
import { readApiError } from 'shared-contracts';

/** docs/shell.md#errors: shown when the server gave no message of its own. */
export const LOGIN_FALLBACK_MESSAGE = 'حدث خطأ غير متوقع أثناء تسجيل الدخول';

/** Announced while the login request is out (the HTML page's form shows it on its button). */
export const LOGIN_SENDING_LABEL = 'جارٍ تسجيل الدخول...';

const serverMessageSchema = z.object({ message: z.string().trim().min(1) });

/**
 * docs/shell.md#errors: the server's `message` field when there is one, else the fallback.
 * Deliberately not `readApiError`'s network text: the shell names exactly one text for "no message" (docs/shell.md#errors).
 */
export function loginErrorMessage(error: unknown): string {
  if (isAxiosError(error)) {
    const parsed = serverMessageSchema.safeParse(error.response?.data);
    if (parsed.success) return parsed.data.message;
  }
  return LOGIN_FALLBACK_MESSAGE;
}

export type LoginField = 'email' | 'password';

/** A 422's field errors, for the two fields the form has. */
export function loginFieldErrors(error: unknown): Partial<Record<LoginField, string>> {
  const { fieldErrors } = readApiError(error);
  const result: Partial<Record<LoginField, string>> = {};
  for (const field of ['email', 'password'] as const) {
    const message = fieldErrors[field]?.[0];
    if (message) result[field] = message;
  }
  return result;
}
