/**
 * What the employee did in the login form of the HTML page (build-config html-shell.js) before
 * the app had loaded: the page runs none of the app's code until that form is first used, so on a
 * slow office PC they type — and even send — before the app has taken over. The app reads it
 * once, in the same task in which React replaces that form with its own (bootstrap.tsx), so
 * nothing typed is lost, and a login the page already sent is finished rather than sent again.
 */
export interface BootLogin {
  email: string;
  password: string;
  /** Which field had the focus, so the app's form keeps the caret where it was. */
  focused: 'email' | 'password' | null;
  /** Enter was pressed (or the button clicked) before the app took over. */
  submitted: boolean;
  /**
   * The answer to the login the page's script sent (pending or not), when it sent one: the app
   * signs in with it, or shows its error, instead of sending again.
   */
  answer: Promise<BootLoginAnswer> | null;
}

/** The login endpoint's answer as the page's script got it; `status` 0: no answer (network). */
export interface BootLoginAnswer {
  status: number;
  body: unknown;
}

/** The ids the HTML page's form uses (its contract with html-shell.js). */
export const BOOT_LOGIN_IDS = {
  container: 'boot-login',
  form: 'boot-login-form',
  email: 'boot-login-email',
  password: 'boot-login-password',
} as const;

/**
 * Where the page's script leaves the answer of a login it sent, and the event it sends once a
 * press on its form has ended (html-shell.js BOOT_LOGIN_CONTRACT; a unit test holds them equal).
 */
export const BOOT_LOGIN_ANSWER_GLOBAL = 'ataaBootLogin';
export const BOOT_LOGIN_RELEASED_EVENT = 'boot-login-released';

/** A press that never reports its end (a lost pointerup) holds the app back no longer than this. */
export const BOOT_LOGIN_PRESS_TIMEOUT_MS = 2000;

declare global {
  interface Window {
    /** BOOT_LOGIN_ANSWER_GLOBAL */
    ataaBootLogin?: { answer?: unknown };
  }
}

const statusOf = (value: unknown): number =>
  typeof value === 'object' &&
  value !== null &&
  'status' in value &&
  typeof value.status === 'number'
    ? value.status
    : 0;

/** The answer left by the page's script, checked at this edge (a page global is outside input). */
function bootAnswer(win: Window): Promise<BootLoginAnswer> | null {
  const answer = win[BOOT_LOGIN_ANSWER_GLOBAL]?.answer;
  if (!(answer instanceof Promise)) return null;
  return answer.then(
    (raw: unknown) => ({
      status: statusOf(raw),
      body: typeof raw === 'object' && raw !== null && 'body' in raw ? raw.body : null,
    }),
    () => ({ status: 0, body: null }),
  );
}

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
    answer: doc.defaultView ? bootAnswer(doc.defaultView) : null,
  };
}

/**
 * Resolves once no press is under way on the HTML form (at once, usually): replacing the form
 * between a pointer's down and up would lose that click, the button under it being gone.
 */
export function whenBootLoginReleased(
  doc: Document,
  timeoutMs = BOOT_LOGIN_PRESS_TIMEOUT_MS,
): Promise<void> {
  const form = doc.getElementById(BOOT_LOGIN_IDS.form);
  if (!form?.hasAttribute('data-pressed')) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      form.removeEventListener(BOOT_LOGIN_RELEASED_EVENT, done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    form.addEventListener(BOOT_LOGIN_RELEASED_EVENT, done);
  });
}
