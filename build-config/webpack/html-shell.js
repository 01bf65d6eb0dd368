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
 * The login form in the HTML itself (docs/decisions/0009 and 0016): on an old
 * office PC the JavaScript takes seconds to parse and run, but the form can be typed into — and
 * sent — from the first paint. It is shown only at `/` without a stored session (the inline script
 * below; the gateway allows exactly that script by its hash in the CSP), kept looking like the
 * React login page, and handed over to it: host-shell's `takeBootLogin` reads what was typed,
 * which field had the focus and the answer to a login already sent, before React replaces it.
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
            <p id="boot-login-error" class="boot-error" role="alert"></p>
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
      .boot-error{margin:0 0 .5rem;padding:.5rem .75rem;border:1px solid #b91c1c;border-radius:.5rem;background:#fef2f2;color:#b91c1c;font-size:.875rem}
      .boot-error:empty{display:none}
      @media (prefers-color-scheme:dark){.boot-card{background:#111827;color:#f1f5f9}.boot-intro{color:#94a3b8}#boot-login-form input{background:#0b1220;color:#f1f5f9;border-color:#475569}}
    </style>`;

/**
 * What the HTML page's script must agree on with the app; unit tests hold each equal to the
 * app's own (shared-contracts' login endpoint and token key, host-shell's fallback message).
 */
const BOOT_LOGIN_CONTRACT = {
  /** POST, the same endpoint the app's form calls (authEndpoints.login under /api). */
  loginUrl: '/api/auth/create/sanctum/token',
  /** localStorage key of the session token (STORAGE_KEYS.token). */
  tokenKey: 'token',
  /** The login page's text when the server gave no message of its own (LOGIN_FALLBACK_MESSAGE). */
  fallbackMessage: 'حدث خطأ غير متوقع أثناء تسجيل الدخول',
  /** The submit button's text while the request is out (the app's form announces the same). */
  sendingLabel: 'جارٍ تسجيل الدخول...',
  /** The global the answer of a login sent from this page is left in for the app. */
  answerGlobal: 'ataaBootLogin',
  /** Dispatched on the form once a press (pointer down) on it has ended: the app may take over. */
  releasedEvent: 'boot-login-released',
};

/**
 * @typedef {{ tagName: string, attributes: Record<string, string | boolean | undefined | null> }} AppTag
 * @typedef {{ scripts: string[], preloads: string[], fonts: string[] }} AppFiles
 */

/**
 * The app's scripts and their preloads, out of the tags html-webpack-plugin would have injected
 * (`htmlWebpackPlugin.tags`): the page's script starts them itself, at once or on the form's
 * first use. Any other tag is a build change this page does not know how to start: an error.
 * @param {{ headTags?: AppTag[], bodyTags?: AppTag[] } | undefined} tags
 * @param {string[]} [fonts] the font files the first screen is drawn with (preloaded with the app)
 * @returns {AppFiles}
 */
function appFilesOf(tags, fonts = []) {
  /** @type {AppFiles} */
  const files = { scripts: [], preloads: [], fonts };
  for (const tag of [...(tags?.headTags ?? []), ...(tags?.bodyTags ?? [])]) {
    const { src, href, rel, as } = tag.attributes;
    if (tag.tagName === 'script' && typeof src === 'string') files.scripts.push(src);
    else if (
      tag.tagName === 'link' &&
      rel === 'preload' &&
      as === 'script' &&
      typeof href === 'string'
    )
      files.preloads.push(href);
    else throw new Error(`html-shell: the host page cannot start a <${tag.tagName}> tag`);
  }
  return files;
}

/**
 * The page's one inline script. It shows the form at `/` when no session token is stored (the
 * shell's own check, start-mode.ts); otherwise it starts the app at once. On the login page nothing
 * of the app is fetched or run until the form is first used (focus, pointer, key, input) or sent:
 * the page's main thread is idle until then. A submit made before the app has taken over is sent
 * by this script to the same login endpoint; a failure shows the server's message (or the app's
 * fallback) as the app would, and the answer, whatever it is, is left for the app, which signs in
 * with it or shows it again (host-shell boot-login.ts). A press on the form is never split
 * between this form and the app's: the app waits for `releasedEvent` first.
 * @param {AppFiles} files
 */
function bootLoginScript(files) {
  const c = BOOT_LOGIN_CONTRACT;
  const json = (/** @type {unknown} */ value) => JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script>(function(){var d=document,F=${json(files)},started=false;function preload(u,as){var l=d.createElement("link");l.rel="preload";l.setAttribute("as",as);if(as==="font"){l.type="font/woff2";l.setAttribute("crossorigin","anonymous")}l.href=u;d.head.appendChild(l)}function start(){if(started)return;started=true;F.fonts.forEach(function(u){preload(u,"font")});F.preloads.forEach(function(u){preload(u,"script")});F.scripts.forEach(function(u){var s=d.createElement("script");s.src=u;s.async=false;d.head.appendChild(s)})}var login=false;try{login=location.pathname==="/"&&!localStorage.getItem(${json(c.tokenKey)})}catch(e){}var b=d.getElementById("boot-login");if(!login||!b){start();return}b.hidden=false;var f=d.getElementById("boot-login-form"),em=d.getElementById("boot-login-email"),pw=d.getElementById("boot-login-password"),al=d.getElementById("boot-login-error"),bt=f.querySelector("button"),label=bt.textContent;["focusin","pointerdown","keydown","input","touchstart"].forEach(function(t){f.addEventListener(t,start,{passive:true})});f.addEventListener("pointerdown",function(){f.setAttribute("data-pressed","true")});function release(){if(f.hasAttribute("data-pressed"))setTimeout(function(){f.removeAttribute("data-pressed");f.dispatchEvent(new Event(${json(c.releasedEvent)}))},0)}d.addEventListener("pointerup",release,true);d.addEventListener("pointercancel",release,true);f.addEventListener("submit",function(e){e.preventDefault();start();if(bt.disabled)return;f.setAttribute("data-submitted","true");var email=em.value.trim(),password=pw.value;if(!email||!password)return;bt.disabled=true;bt.textContent=${json(c.sendingLabel)};al.textContent="";var answer=fetch(${json(c.loginUrl)},{method:"POST",headers:{"Content-Type":"application/json",Accept:"application/json"},body:JSON.stringify({email:email,password:password})}).then(function(r){return r.json().then(null,function(){return null}).then(function(body){return{status:r.status,body:body}})},function(){return{status:0,body:null}});window[${json(c.answerGlobal)}]={answer:answer};answer.then(function(a){if(a.status>=200&&a.status<300)return;f.removeAttribute("data-submitted");bt.disabled=false;bt.textContent=label;var m=a.body&&typeof a.body.message==="string"?a.body.message.trim():"";al.textContent=m||${json(c.fallbackMessage)}})})})()</script>`;
}

/**
 * @param {string} title
 * @param {{ bootLogin?: boolean, appTags?: { headTags?: AppTag[], bodyTags?: AppTag[] }, appFonts?: string[] }} [options]
 *   `bootLogin`: the host's page, with the login form in the HTML; `appTags`: with it, the tags of
 *   the app's scripts (html-webpack-plugin's `tags`, built with `inject: false`), which the page's
 *   script starts instead of the parser; `appFonts`: the font files the app's first screen is
 *   drawn with, which the page's script preloads beside the app's scripts (the page's title would
 *   otherwise be drawn first in a fallback font, then again, wider, once the font arrives)
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
    <div id="root">${bootLogin ? `\n      ${BOOT_LOGIN_HTML}\n    ` : ''}</div>${bootLogin ? `\n    ${bootLoginScript(appFilesOf(options.appTags, options.appFonts))}` : ''}
  </body>
</html>
`;
}

module.exports = { htmlShell, appFilesOf, BOOT_LOGIN_CONTRACT };
