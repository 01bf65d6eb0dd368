// The HTML page of the host (and of a remote's standalone dev page): right-to-left Arabic from
// the first byte, so nothing renders left-to-right before the app mounts.

// Inline, so the browser's automatic /favicon.ico request never hits the server (a 404 in the console).
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%230f766e'/%3E%3C/svg%3E";

// The page's frame from the first paint: the vertical scrollbar's gutter is kept whether or not
// the page is taller than the window, so the layout's width never changes when a list or a chart
// arrives and makes the page scroll (a classic scrollbar appearing in a right-to-left page moved
// the whole page: a layout shift of the document itself).
const FRAME_STYLE = '<style>html{scrollbar-gutter:stable}</style>';

/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The login form in the HTML itself ("login form usable ≤ 1.5 s on a modest PC"): on an
 * old office PC the JavaScript takes seconds to parse and run, but the form can be typed into
 * from the first paint. It is shown only at `/` without a stored session (the inline script
 * below; the gateway allows exactly that script by its hash in the CSP), kept looking like the
 * React login page, and handed over to it: host-shell's `takeBootLogin` reads what was typed,
 * which field had the focus and whether it was already submitted, before React replaces it.
 * Its ids and names are that hand-over's contract (host-shell/src/app/boot-login.ts).
 */
const BOOT_LOGIN_HTML = `<div id="boot-login" class="boot-login" hidden>
        <p class="boot-brand">عطاء<span>نظام إدارة خدمات الجمعية الخيرية</span></p>
        <main class="boot-card" aria-labelledby="boot-login-heading">
          <h1 id="boot-login-heading">تسجيل الدخول</h1>
          <p class="boot-intro">أدخل بريدك الإلكتروني وكلمة المرور للمتابعة.</p>
          <form id="boot-login-form" novalidate>
            <label for="boot-login-email">البريد الإلكتروني</label>
            <input id="boot-login-email" name="email" type="email" dir="ltr" autocomplete="username" inputmode="email" required />
            <label for="boot-login-password">كلمة المرور</label>
            <input id="boot-login-password" name="password" type="password" dir="ltr" autocomplete="current-password" required />
            <button type="submit">تسجيل الدخول</button>
          </form>
        </main>
      </div>`;

const BOOT_LOGIN_STYLE = `<style>
      .boot-login{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2rem;min-block-size:100vh;padding:1.5rem 1rem;box-sizing:border-box;background:linear-gradient(rgba(6,16,18,.62),rgba(6,16,18,.74)),linear-gradient(135deg,#0b4f49 0%,#0f6e66 45%,#123c5a 100%);color:#fff;font-family:system-ui,"Segoe UI",Tahoma,sans-serif}
      .boot-login[hidden]{display:none}
      .boot-brand{display:flex;flex-direction:column;align-items:center;gap:.5rem;margin:0;font-size:2rem;font-weight:700}
      .boot-brand span{font-size:1rem;font-weight:400;color:rgba(255,255,255,.86)}
      .boot-card{inline-size:100%;max-inline-size:26rem;box-sizing:border-box;padding:1.5rem;border-radius:.75rem;background:#fff;color:#0f172a}
      .boot-card h1{margin:0 0 .25rem;font-size:1.5rem}
      .boot-intro{margin:0 0 1.5rem;color:#475569}
      #boot-login-form{display:flex;flex-direction:column;gap:.5rem}
      #boot-login-form input{font:inherit;padding:.55rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;margin-block-end:.5rem}
      #boot-login-form button{font:inherit;font-weight:600;padding:.6rem 1rem;border:0;border-radius:.5rem;background:#0f6e66;color:#fff}
      @media (prefers-color-scheme:dark){.boot-card{background:#111827;color:#f1f5f9}.boot-intro{color:#94a3b8}#boot-login-form input{background:#0b1220;color:#f1f5f9;border-color:#475569}}
    </style>`;

// Shows the form at `/` when no session token is stored (the shell's own check, start-mode.ts),
// and keeps a submit made before the app has loaded: the app sends it once it takes over.
const BOOT_LOGIN_SCRIPT = `<script>(function(){try{if(location.pathname!=="/"||localStorage.getItem("token"))return}catch(e){return}var b=document.getElementById("boot-login");if(!b)return;b.hidden=false;var f=document.getElementById("boot-login-form");f.addEventListener("submit",function(e){e.preventDefault();f.setAttribute("data-submitted","true");var s=f.querySelector("button");s.disabled=true;s.textContent="جارٍ تسجيل الدخول..."})})()</script>`;

/**
 * @param {string} title
 * @param {{ bootLogin?: boolean }} [options] `bootLogin`: the host's page, with the login form in the HTML
 * @returns {string}
 */
function htmlShell(title, options = {}) {
  const bootLogin = options.bootLogin === true;
  return `<!doctype html>
<html dir="rtl" lang="ar">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <link rel="icon" href="${FAVICON}" />
    <title>${escapeHtml(title)}</title>
    ${FRAME_STYLE}${bootLogin ? `\n    ${BOOT_LOGIN_STYLE}` : ''}
  </head>
  <body>
    <div id="root">${bootLogin ? `\n      ${BOOT_LOGIN_HTML}\n    ` : ''}</div>${bootLogin ? `\n    ${BOOT_LOGIN_SCRIPT}` : ''}
  </body>
</html>
`;
}

module.exports = { htmlShell };
