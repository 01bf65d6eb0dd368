/**
 * What the employee did in the login form of the HTML page (build-config html-shell.js) before
 * the app had loaded: on a slow office PC they can type — and even press Enter — from the first
 * paint. The app reads it once, before React replaces that form with its own, so nothing typed
 * is lost and a submit made early is sent.
 */
export interface BootLogin {
  email: string;
  password: string;
  /** Which field had the focus, so the app's form keeps the caret where it was. */
  focused: 'email' | 'password' | null;
  /** Enter was pressed (or the button clicked) before the app took over. */
  submitted: boolean;
}

/** The ids the HTML page's form uses (its contract with html-shell.js). */
export const BOOT_LOGIN_IDS = {
  container: 'boot-login',
  form: 'boot-login-form',
  email: 'boot-login-email',
  password: 'boot-login-password',
} as const;

/** The state of the HTML login form, or null when it was not shown (a returning session, another path). */
export function takeBootLogin(doc: Document): BootLogin | null {
  const container = doc.getElementById(BOOT_LOGIN_IDS.container);
  if (!container || container.hidden) return null;
  const email = doc.getElementById(BOOT_LOGIN_IDS.email);
  const password = doc.getElementById(BOOT_LOGIN_IDS.password);
  const form = doc.getElementById(BOOT_LOGIN_IDS.form);
  if (!(email instanceof HTMLInputElement) || !(password instanceof HTMLInputElement)) return null;
  const active = doc.activeElement;
  return {
    email: email.value,
    password: password.value,
    focused: active === email ? 'email' : active === password ? 'password' : null,
    submitted: form?.getAttribute('data-submitted') === 'true',
  };
}
