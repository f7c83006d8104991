/**
 * APP_URL in production: e-mailed links are built from it and session cookies are Secure only
 * when it is https, so a production server refuses to start without a right one.
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
