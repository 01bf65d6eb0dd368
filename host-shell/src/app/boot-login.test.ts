import { htmlShell } from 'build-config/webpack/html-shell';
import { takeBootLogin } from './boot-login';

/** The host page as built, parsed into the test document (scripts do not run here). */
function loadHostPage(): void {
  const html = htmlShell('عطاء', { bootLogin: true });
  document.documentElement.innerHTML = /<html[^>]*>([\s\S]*)<\/html>/.exec(html)?.[1] ?? '';
}

describe('takeBootLogin: the HTML login form handed over to the app', () => {
  beforeEach(loadHostPage);

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
    });
    document.getElementById('boot-login-form')?.setAttribute('data-submitted', 'true');
    expect(takeBootLogin(document)?.submitted).toBe(true);
  });

  test('a remote’s standalone page has no login form', () => {
    document.documentElement.innerHTML =
      /<html[^>]*>([\s\S]*)<\/html>/.exec(htmlShell('mf-finance'))?.[1] ?? '';
    expect(document.getElementById('boot-login')).toBeNull();
    expect(takeBootLogin(document)).toBeNull();
  });
});
