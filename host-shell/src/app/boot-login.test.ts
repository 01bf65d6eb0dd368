import { BOOT_LOGIN_CONTRACT, htmlShell } from 'build-config/webpack/html-shell';
import { DEFAULT_API_BASE_URL, STORAGE_KEYS, authEndpoints } from 'shared-contracts';
import { LOGIN_FALLBACK_MESSAGE, LOGIN_SENDING_LABEL } from '../features/auth/api/login-error';
import {
  BOOT_LOGIN_ANSWER_GLOBAL,
  BOOT_LOGIN_RELEASED_EVENT,
  takeBootLogin,
  whenBootLoginReleased,
} from './boot-login';
import { STORED_TOKEN_KEY } from './start-mode';

const APP_TAGS = {
  headTags: [
    { tagName: 'script', attributes: { defer: true, src: '/main.js' } },
    { tagName: 'link', attributes: { rel: 'preload', as: 'script', href: '/812.0a1b2c3d.js' } },
  ],
  bodyTags: [],
};

/** The host page as built, parsed into the test document (its script does not run by itself). */
function loadHostPage(): string {
  const html = htmlShell('عطاء', { bootLogin: true, appTags: APP_TAGS });
  document.head.innerHTML = '';
  document.documentElement.innerHTML = /<html[^>]*>([\s\S]*)<\/html>/.exec(html)?.[1] ?? '';
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
  // One inline script: the gateway's CSP allows exactly it, by its hash.
  expect(scripts).toHaveLength(1);
  return scripts[0] ?? '';
}

/** Runs the page's inline script as the browser would at the end of the body. */
function runPageScript(script: string): void {
  new Function(script)();
}

const el = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const started = () => ({
  scripts: [...document.querySelectorAll('script[src]')].map((s) => s.getAttribute('src')),
  preloads: [...document.querySelectorAll('link[rel="preload"]')].map((l) =>
    l.getAttribute('href'),
  ),
});

function answerWith(status: number, body: unknown): jest.Mock {
  const fetchMock = jest.fn(async () => ({
    status,
    json: async () => (body === undefined ? Promise.reject(new SyntaxError('not JSON')) : body),
  }));
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

function type(email: string, password: string) {
  el<HTMLInputElement>('boot-login-email').value = email;
  el<HTMLInputElement>('boot-login-password').value = password;
}

const submit = () =>
  el<HTMLFormElement>('boot-login-form').dispatchEvent(
    new Event('submit', { bubbles: true, cancelable: true }),
  );

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
  delete window[BOOT_LOGIN_ANSWER_GLOBAL];
});

describe('the HTML page and the app agree', () => {
  test('on the endpoint, the token key, the texts, the global and the event', () => {
    expect(BOOT_LOGIN_CONTRACT).toEqual({
      loginUrl: `${DEFAULT_API_BASE_URL}${authEndpoints.login.path}`,
      tokenKey: STORAGE_KEYS.token,
      fallbackMessage: LOGIN_FALLBACK_MESSAGE,
      sendingLabel: LOGIN_SENDING_LABEL,
      answerGlobal: BOOT_LOGIN_ANSWER_GLOBAL,
      releasedEvent: BOOT_LOGIN_RELEASED_EVENT,
    });
    expect(authEndpoints.login.method).toBe('POST');
    expect(STORED_TOKEN_KEY).toBe(BOOT_LOGIN_CONTRACT.tokenKey);
  });
});

describe('the page’s script: nothing of the app runs before the form is used', () => {
  test('the app’s scripts are not in the HTML for the parser: the script starts them', () => {
    const html = htmlShell('عطاء', { bootLogin: true, appTags: APP_TAGS });
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    expect(html).not.toMatch(/<link[^>]*rel="preload"/);
  });

  test('at / without a session: the form shows, and the app starts on its first use, once', () => {
    runPageScript(loadHostPage());
    expect(el('boot-login').hidden).toBe(false);
    expect(started()).toEqual({ scripts: [], preloads: [] });
    el('boot-login-email').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(started()).toEqual({ scripts: ['/main.js'], preloads: ['/812.0a1b2c3d.js'] });
    el('boot-login-password').dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(started().scripts).toHaveLength(1);
  });

  test('a returning session: the form stays hidden and the app starts at once', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    runPageScript(loadHostPage());
    expect(el('boot-login').hidden).toBe(true);
    expect(started()).toEqual({ scripts: ['/main.js'], preloads: ['/812.0a1b2c3d.js'] });
  });

  test('the first screen’s font is preloaded with the app, as a font fetched in CORS mode', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'a-token');
    const html = htmlShell('عطاء', {
      bootLogin: true,
      appTags: APP_TAGS,
      appFonts: ['/fonts/cairo-arabic-wght-normal.0a1b2c3d.woff2'],
    });
    document.documentElement.innerHTML = /<html[^>]*>([\s\S]*)<\/html>/.exec(html)?.[1] ?? '';
    runPageScript(/<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '');
    const font = document.querySelector<HTMLLinkElement>('link[rel="preload"][as="font"]');
    expect(font?.getAttribute('href')).toBe('/fonts/cairo-arabic-wght-normal.0a1b2c3d.woff2');
    expect(font?.type).toBe('font/woff2');
    // Without it the preloaded file is not the one the stylesheet's @font-face asks for.
    expect(font?.getAttribute('crossorigin')).toBe('anonymous');
  });

  test('a submit sends the login itself, to the app’s endpoint, and leaves the answer for the app', async () => {
    const fetchMock = answerWith(200, { data: { token: 't' } });
    runPageScript(loadHostPage());
    type('sara@ataa.test', 'correct horse');
    submit();
    expect(started().scripts).toEqual(['/main.js']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(BOOT_LOGIN_CONTRACT.loginUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: 'sara@ataa.test', password: 'correct horse' }),
    });
    const button = document.querySelector<HTMLButtonElement>('#boot-login-form button');
    expect(button?.disabled).toBe(true);
    expect(button?.textContent).toBe(LOGIN_SENDING_LABEL);
    // Enter again while it is out sends nothing more.
    submit();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const taken = takeBootLogin(document);
    expect(taken).toMatchObject({ email: 'sara@ataa.test', submitted: true });
    await expect(taken?.answer).resolves.toEqual({ status: 200, body: { data: { token: 't' } } });
    await settle();
    // Signed in: the button keeps waiting for the app, which starts with the session.
    expect(button?.disabled).toBe(true);
  });

  test('a refused login shows the server’s message as the app would, and the form is usable again', async () => {
    answerWith(401, { message: ' البريد الإلكتروني أو كلمة المرور غير صحيحة ' });
    runPageScript(loadHostPage());
    type('sara@ataa.test', 'wrong');
    submit();
    await settle();
    expect(el('boot-login-error').textContent).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
    expect(el('boot-login-error').getAttribute('role')).toBe('alert');
    const button = document.querySelector<HTMLButtonElement>('#boot-login-form button');
    expect(button?.disabled).toBe(false);
    expect(button?.textContent).toBe('تسجيل الدخول');
    // The app, taking over now, shows the same answer.
    const taken = takeBootLogin(document);
    expect(taken?.submitted).toBe(false);
    await expect(taken?.answer).resolves.toMatchObject({ status: 401 });
  });

  test.each([
    ['a server answer without a message', 502, undefined],
    ['a JSON answer without a message', 500, { error: 'x' }],
    ['no answer at all', 0, null],
  ])('%s shows the app’s fallback text', async (_, status, body) => {
    if (status === 0) {
      globalThis.fetch = jest.fn(async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch;
    } else answerWith(status, body);
    runPageScript(loadHostPage());
    type('sara@ataa.test', 'correct horse');
    submit();
    await settle();
    await settle();
    expect(el('boot-login-error').textContent).toBe(LOGIN_FALLBACK_MESSAGE);
    await expect(takeBootLogin(document)?.answer).resolves.toEqual({
      status,
      body: body === undefined ? null : body,
    });
  });

  test('an unfinished form is left for the app to check: nothing is sent', () => {
    const fetchMock = answerWith(200, {});
    runPageScript(loadHostPage());
    type('sara@', '');
    submit();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(takeBootLogin(document)).toMatchObject({ submitted: true, answer: null });
  });

  test('the app waits for a press on the form to end before replacing it', async () => {
    runPageScript(loadHostPage());
    const button = document.querySelector('#boot-login-form button') as HTMLElement;
    // jsdom has no PointerEvent: a plain event of the same name is what the script listens to.
    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(started().scripts).toEqual(['/main.js']);
    let released = false;
    const waiting = whenBootLoginReleased(document).then(() => (released = true));
    await settle();
    expect(released).toBe(false);
    button.dispatchEvent(new Event('pointerup', { bubbles: true }));
    await waiting;
    expect(el('boot-login-form').hasAttribute('data-pressed')).toBe(false);
  });

  test('with no press under way the app takes over at once; a lost release holds it briefly', async () => {
    runPageScript(loadHostPage());
    await expect(whenBootLoginReleased(document)).resolves.toBeUndefined();
    el('boot-login-form').setAttribute('data-pressed', 'true');
    await expect(whenBootLoginReleased(document, 10)).resolves.toBeUndefined();
  });
});

describe('takeBootLogin: the HTML login form handed over to the app', () => {
  beforeEach(() => {
    loadHostPage();
  });

  test('the page carries a hidden, labelled form with the fields the app reads', () => {
    const container = document.getElementById('boot-login');
    expect(container?.hidden).toBe(true);
    for (const id of ['boot-login-email', 'boot-login-password']) {
      const input = document.getElementById(id) as HTMLInputElement;
      expect(document.querySelector(`label[for="${id}"]`)?.textContent).toMatch(
        /البريد الإلكتروني|كلمة المرور/,
      );
      expect(input.required).toBe(true);
    }
    expect(document.querySelector('#boot-login-form button[type="submit"]')?.textContent).toBe(
      'تسجيل الدخول',
    );
    // Not shown: nothing to hand over.
    expect(takeBootLogin(document)).toBeNull();
  });

  test('reads what was typed, the focused field and an early submit', () => {
    (document.getElementById('boot-login') as HTMLElement).hidden = false;
    (document.getElementById('boot-login-email') as HTMLInputElement).value = 'sara@ataa.local';
    const password = document.getElementById('boot-login-password') as HTMLInputElement;
    password.value = 'سر-طويل-1';
    password.focus();
    expect(takeBootLogin(document)).toEqual({
      email: 'sara@ataa.local',
      password: 'سر-طويل-1',
      focused: 'password',
      submitted: false,
      answer: null,
    });
    document.getElementById('boot-login-form')?.setAttribute('data-submitted', 'true');
    expect(takeBootLogin(document)?.submitted).toBe(true);
  });

  test('an answer left in the page global is checked: an odd value is no answer', async () => {
    (document.getElementById('boot-login') as HTMLElement).hidden = false;
    window[BOOT_LOGIN_ANSWER_GLOBAL] = { answer: 'not a promise' };
    expect(takeBootLogin(document)?.answer).toBeNull();
    window[BOOT_LOGIN_ANSWER_GLOBAL] = { answer: Promise.resolve({ status: '200', body: 1 }) };
    await expect(takeBootLogin(document)?.answer).resolves.toEqual({ status: 0, body: 1 });
    window[BOOT_LOGIN_ANSWER_GLOBAL] = { answer: Promise.reject(new Error('x')) };
    await expect(takeBootLogin(document)?.answer).resolves.toEqual({ status: 0, body: null });
  });

  test('a remote’s standalone page has no login form', () => {
    document.documentElement.innerHTML =
      /<html[^>]*>([\s\S]*)<\/html>/.exec(htmlShell('mf-finance'))?.[1] ?? '';
    expect(document.getElementById('boot-login')).toBeNull();
    expect(takeBootLogin(document)).toBeNull();
  });
});
