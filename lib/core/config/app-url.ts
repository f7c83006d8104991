/**
 * The app's own address and secret, read with one precedence everywhere (a setting read in several
 * places with different fallbacks is how links and cookies come to disagree). APP_URL in
 * production: e-mailed links are built from it and session cookies are Secure only when it is
 * https, so a production server refuses to start without a right one (lib/core/config/env.ts). Read on
 * each call, not cached: tests change them. No other import: middleware and e-mails read it too.
 */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** What is wrong with `value` as the production APP_URL, or null when it is fine. */
export function appUrlProblem(value: string | undefined): string | null {
  const v = (value ?? "").trim();
  if (!v) {
    return "APP_URL não está definida. Em produção, defina o endereço público do app (ex.: APP_URL=https://agenda.exemplo.com.br): os links dos e-mails e os cookies seguros dependem dele.";
  }
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return `APP_URL inválida: "${v}". Use um endereço completo, como https://agenda.exemplo.com.br.`;
  }
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && (LOCAL_HOSTS.has(url.hostname) || url.hostname.endsWith(".localhost"))) return null;
  return `APP_URL deve usar https (http só é aceito para localhost): "${v}".`;
}

/** The public address, without a trailing slash: APP_URL, else NEXTAUTH_URL, else the dev server's. */
export function appUrl(): string {
  return (process.env.APP_URL || process.env.NEXTAUTH_URL || "http://localhost:3000").trim().replace(/\/$/, "");
}

/** Served over https: cookies are then Secure (and next-auth's prefixed) and HSTS is sent. */
export function servedOverHttps(): boolean {
  return appUrl().startsWith("https://");
}

/** The secret that signs session cookies (AUTH_SECRET, or next-auth's NEXTAUTH_SECRET). */
export function authSecret(): string | undefined {
  return process.env.AUTH_SECRET || process.env.NEXTAUTH_SECRET || undefined;
}
