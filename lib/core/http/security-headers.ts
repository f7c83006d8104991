/**
 * The HTTP security headers of every response. Pure functions (no `server-only`, no Next imports)
 * so `next.config.ts`, `middleware.ts` and unit tests share them.
 *
 * - `STATIC_SECURITY_HEADERS`: the same for every response (pages, /api, static files); set once in
 *   `next.config.ts` `headers()`.
 * - `pageSecurityHeaders`: per request, from the middleware: a Content-Security-Policy with a fresh
 *   script nonce (Next.js reads the nonce from the request's CSP header and puts it on its own
 *   scripts), plus HSTS in production over https.
 * - `apiSecurityHeaders`: /api responses (JSON, redirects, the event stream, avatars) run no
 *   scripts: a CSP that allows nothing to run or frame them, plus HSTS.
 */

export type SecurityEnv = {
  /** `next dev`: React needs eval for its debugging stacks; never in production. */
  dev: boolean;
  /** The public address; https turns on HSTS and upgrade-insecure-requests. */
  appUrl: string | undefined;
  /** Where Google sign-in's form post is redirected to; must be allowed by form-action. */
  signInOrigins: string[];
};

type Env = Record<string, string | undefined>;

/** Reads the settings from the environment at request time (AUTH_GOOGLE_ISSUER is a runtime setting). */
export function securityEnv(env: Env = process.env): SecurityEnv {
  return {
    dev: env.NODE_ENV === "development",
    appUrl: env.APP_URL,
    signInOrigins: signInOrigins(env),
  };
}

/**
 * Google sign-in posts a form to /api/auth/signin/google, which answers with a redirect to the
 * identity provider. Browsers apply form-action to every hop of that redirect, so the provider's
 * origin must be listed (Google's, or AUTH_GOOGLE_ISSUER's: the e2e tests' local provider).
 */
function signInOrigins(env: Env): string[] {
  if (!env.AUTH_GOOGLE_ID || !env.AUTH_GOOGLE_SECRET) return [];
  const issuer = env.AUTH_GOOGLE_ISSUER;
  if (!issuer) return ["https://accounts.google.com"];
  try {
    return [new URL(issuer).origin];
  } catch {
    return [];
  }
}

function isHttps(appUrl: string | undefined): boolean {
  try {
    return !!appUrl && new URL(appUrl).protocol === "https:";
  } catch {
    return false;
  }
}

/** 16 random bytes, base64: unguessable and new for every request. Web Crypto (middleware runtime). */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}

/** The policy of HTML pages. */
export function pageContentSecurityPolicy(nonce: string, env: SecurityEnv): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // Only scripts carrying this request's nonce (Next's own, next-themes'), and what they load
    // ('strict-dynamic': Next's chunk loader). No inline handlers, no injected <script>.
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(env.dev ? ["'unsafe-eval'"] : [])],
    // Radix (popper positioning, presence animations), sonner and Tailwind-driven components set
    // inline `style` attributes and inject <style> at runtime; nonces cannot cover style attributes,
    // and a nonce here would make browsers ignore 'unsafe-inline'. Styles cannot run code, so this
    // is the accepted trade-off; scripts stay strict.
    "style-src": ["'self'", "'unsafe-inline'"],
    // data: for inline SVG/icons, blob: for the avatar preview before upload.
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    // fetch, server actions, the realtime EventSource (/api/realtime); in dev also the HMR
    // WebSocket ('self' covers ws: to the same host and port).
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...env.signInOrigins],
    "frame-ancestors": ["'none'"],
    ...(isHttps(env.appUrl) ? { "upgrade-insecure-requests": [] } : {}),
  };
  return serialize(directives);
}

/** The policy of /api responses: nothing in them may run, load or be framed. */
export function apiContentSecurityPolicy(env: SecurityEnv): string {
  return serialize({
    "default-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'", ...env.signInOrigins],
  });
}

/** HSTS only where it is true that the app is served over https, and never in dev. */
export function strictTransportSecurity(env: SecurityEnv): string | null {
  return !env.dev && isHttps(env.appUrl) ? "max-age=63072000; includeSubDomains" : null;
}

/** Headers that do not depend on the request: every response, including static files. */
export const STATIC_SECURITY_HEADERS: { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()",
  },
  // Older browsers that ignore CSP frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
];

/**
 * A server action's answer (the RSC payload a page's script fetched, which middleware does not see:
 * middleware.ts) is data, never a document: nothing in it may run, load or be framed. A form sent
 * before the scripts load carries no Next-Action header and gets the page's headers instead.
 */
export const ACTION_RESPONSE_HEADERS: { key: string; value: string }[] = [
  { key: "Content-Security-Policy", value: serialize({ "default-src": ["'none'"], "frame-ancestors": ["'none'"], "base-uri": ["'none'"] }) },
];

export type PageSecurity = {
  nonce: string;
  /** Set on the forwarded request: Next reads the CSP for the nonce; x-nonce for our own code. */
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
};

export function pageSecurityHeaders(env: SecurityEnv, nonce: string = newNonce()): PageSecurity {
  const csp = pageContentSecurityPolicy(nonce, env);
  const hsts = strictTransportSecurity(env);
  return {
    nonce,
    requestHeaders: { "Content-Security-Policy": csp, "x-nonce": nonce },
    responseHeaders: { "Content-Security-Policy": csp, ...(hsts ? { "Strict-Transport-Security": hsts } : {}) },
  };
}

export function apiSecurityHeaders(env: SecurityEnv): Record<string, string> {
  const hsts = strictTransportSecurity(env);
  return { "Content-Security-Policy": apiContentSecurityPolicy(env), ...(hsts ? { "Strict-Transport-Security": hsts } : {}) };
}

export function setHeaders<T extends { headers: Headers }>(target: T, headers: Record<string, string>): T {
  for (const [k, v] of Object.entries(headers)) target.headers.set(k, v);
  return target;
}
