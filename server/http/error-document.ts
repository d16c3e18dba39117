/**
 * The error page a browser sees when a page request is refused before React Router renders it (docs/decisions/
 * 036): a malformed address, a form post too large or of a type no page reads, a path no page can have, the
 * same-origin check, a lost database connection. Programs — the API's clients, `/uploads`, and the router's
 * own data requests (fetchers, `*.data`) — keep the `{success:false, message}` JSON of ADR 003; a person who
 * asked for a document gets a page in Russian with a way on. Crawlers get a plain status (SPEC §2: bots get
 * no error page).
 *
 * The page is one self-contained document (its style inline, no script): it must render whatever failed,
 * the build's assets included, and React Router cannot hydrate an answer it did not render.
 */
import { isbot } from 'isbot';

/** Paths whose errors are JSON for everyone: the API and uploaded files (ADR 016). */
const PROGRAM_PATH = /^\/(api|uploads)(\/|\?|$)/;
/** React Router's data requests (loaders and actions of fetchers and client navigations). */
const DATA_REQUEST = /\.data(\?|$)/;

type RequestLike = { url: string; headers: Record<string, string | string[] | undefined> };

function header(request: RequestLike, name: string): string {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** Whether an error answer to this request is a page: a document request to a page path, not a program's. */
export function wantsErrorPage(request: RequestLike): boolean {
  if (PROGRAM_PATH.test(request.url) || DATA_REQUEST.test(request.url)) return false;
  return /\btext\/html\b/i.test(header(request, 'accept'));
}

/** A crawler's user agent: it gets the status alone. */
export function isBotRequest(request: RequestLike): boolean {
  const userAgent = header(request, 'user-agent');
  return userAgent !== '' && isbot(userAgent);
}

/** The page's heading for a status; its text is the answer's own message. */
export function errorPageTitle(status: number): string {
  if (status === 404) return 'Ошибка 404';
  if (status === 413) return 'Слишком большой запрос';
  if (status === 429) return 'Слишком много запросов';
  if (status === 503) return 'Сервис временно недоступен';
  if (status >= 500) return 'Что-то пошло не так';
  return 'Не удалось выполнить запрос';
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** The app's colours and type (app/app.css) for the few elements this page has. */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:"Inter Variable",ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a2e22;background:#fff}
header{max-width:1360px;margin:0 auto;padding:16px}
.logo{display:inline-flex;align-items:center;gap:8px;color:#0f6b34;font-weight:800;font-size:24px;text-decoration:none;border-radius:12px}
main{max-width:1360px;margin:0 auto;padding:64px 16px;display:flex;flex-direction:column;align-items:center;text-align:center}
.code{font-size:120px;line-height:1;font-weight:900;letter-spacing:-.05em;color:#d7f3de;margin:0 0 24px}
h1{font-size:30px;font-weight:800;letter-spacing:-.025em;margin:0}
p{margin:16px 0 0;max-width:28rem;font-size:18px;line-height:1.6;color:#5b6660}
p.ref{margin-top:8px;font-size:14px}
nav{margin-top:32px;display:flex;flex-wrap:wrap;gap:12px;justify-content:center}
nav a{display:inline-flex;align-items:center;min-height:48px;padding:0 24px;border-radius:16px;font-weight:600;text-decoration:none;color:#147a3c;background:#eefaf1}
nav a:first-child{color:#fff;background:#147a3c}
a:focus-visible{outline:3px solid #147a3c;outline-offset:2px}
`;

const LOGO_MARK =
  '<svg viewBox="0 0 32 32" width="36" height="36" aria-hidden="true"><rect width="32" height="32" rx="10" fill="#147a3c"/>' +
  '<path d="M22.8 8.6c-6.9-.5-12.4 3.3-13 9.6-.1 1.2 0 2.3.3 3.3 1.7-3.6 4.4-6.3 8.2-8-3.1 2.1-5.5 5-6.9 8.7 1 .6 2.2.9 3.6.9 5.6-.1 8.8-5 7.8-14.5Z" fill="#fff"/>' +
  '<circle cx="23.5" cy="22.5" r="2.6" fill="#ffd43b"/></svg>';

export type ErrorDocumentOptions = {
  /** A page of this site to go back to (the form's page of a refused post), as a path. */
  backPath?: string;
  /** The request's id, shown as 'Код ошибки' for support to find its log lines (ADR 048). */
  requestId?: string;
};

/** The whole HTML document of an error page: heading by status, the answer's message, links on. */
export function errorDocument(status: number, message: string, options: ErrorDocumentOptions = {}): string {
  const title = errorPageTitle(status);
  const links = [
    ...(options.backPath ? [`<a href="${escapeHtml(options.backPath)}">Вернуться назад</a>`] : []),
    '<a href="/catalog">В каталог</a>',
    '<a href="/">На главную</a>',
  ];
  return [
    '<!DOCTYPE html>',
    '<html lang="ru"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)} — Фреш</title>`,
    `<style>${STYLE}</style></head><body>`,
    `<header><a class="logo" href="/" aria-label="Фреш — на главную">${LOGO_MARK}<span>Фреш</span></a></header>`,
    `<main><p class="code" aria-hidden="true">${status}</p>`,
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(message)}</p>`,
    ...(options.requestId ? [`<p class="ref">Код ошибки: ${escapeHtml(options.requestId)}</p>`] : []),
    `<nav aria-label="Куда перейти">${links.join('')}</nav>`,
    '</main></body></html>',
  ].join('');
}

/** A same-site Referer's path (with its query), for the way back; anything else: none. */
export function sameSiteBackPath(referer: string | undefined, host: string | undefined): string | undefined {
  if (!referer || !host) return undefined;
  try {
    const url = new URL(referer);
    return url.host === host && /^https?:$/.test(url.protocol) ? `${url.pathname}${url.search}` : undefined;
  } catch {
    return undefined;
  }
}
