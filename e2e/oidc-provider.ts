/**
 * A real local OpenID Connect provider (the `oidc-provider` package) standing in for Google in the
 * end-to-end tests. The app reaches it through AUTH_GOOGLE_ISSUER. Its login page accepts any
 * e-mail as the login (any password); the person's name is made from the e-mail's local part
 * ("ana.souza@…" → "Ana Souza"), then a consent page follows (the app asks prompt=consent).
 * Like Google, it vouches for the address (`email_verified: true`), except for logins whose local
 * part starts with UNVERIFIED_PREFIX, which come back with `email_verified: false`.
 */
import http from "node:http";

// oidc-provider ships no type declarations: the little used here is typed by hand.
type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };
type ProviderInstance = {
  callback: () => http.RequestListener;
  on: (event: string, fn: (ctx: unknown, err: unknown) => void) => void;
};
type ProviderClass = new (issuer: string, config: Record<string, unknown>) => ProviderInstance;
const MODULE = "oidc-provider";

export const OIDC_CLIENT_ID = "agenda-e2e";
export const OIDC_CLIENT_SECRET = "agenda-e2e-client-secret-0123456789abcdef";

export const UNVERIFIED_PREFIX = "naoverificado";

export function nameFromEmail(email: string): string {
  return email
    .split("@")[0]
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

export async function startOidcProvider(opts: { port: number; appUrl: string }) {
  const issuer = `http://127.0.0.1:${opts.port}`;
  const { default: Provider } = (await import(MODULE)) as { default: ProviderClass };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [`${opts.appUrl}/api/auth/callback/google`],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
      },
    ],
    async findAccount(_ctx: unknown, sub: string): Promise<Account> {
      const email = sub.toLowerCase();
      return {
        accountId: sub,
        async claims() {
          return { sub, email, email_verified: !email.startsWith(UNVERIFIED_PREFIX), name: nameFromEmail(email) };
        },
      };
    },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // next-auth reads the person from the ID token (as with Google), so it carries the claims.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["agenda-e2e-oidc-cookie-key-0123456789"] },
    pkce: { required: () => false },
  });
  provider.on("server_error", (_ctx, err) => console.error("[oidc] server_error", err));
  const server = http.createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(opts.port, "127.0.0.1", resolve));
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
