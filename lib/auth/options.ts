import type { NextAuthOptions } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import GoogleProvider from "next-auth/providers/google";
import { claimsOf, loadUserAccess, SESSION_MAX_AGE, sessionHolds, sessionIdOf } from "./claims";
import { clientAddressFrom, headerObject } from "@/lib/core/net/client-address";
import { UNAVAILABLE } from "@/lib/core/actions/messages";
import { databaseUnavailable } from "@/lib/core/db/errors";
import { AUTH_MESSAGES } from "./messages";
import { checkCredentials } from "./credentials";
import { authRedirect } from "./route-rules";
import { authSecret } from "@/lib/core/config/app-url";
import { upsertOAuthUser } from "./oauth-user";
import { endSession, openSession, renewSession } from "./sessions";

/** ?error= code of a Google sign-in refused because Google does not vouch for the address. */
export const GOOGLE_EMAIL_UNVERIFIED = "EmailNaoVerificado";

/** The `email_verified` claim of the provider's profile (Google sends a boolean; some send "true"). */
export function googleEmailVerified(profile: unknown): boolean {
  const v = (profile as { email_verified?: unknown } | undefined)?.email_verified;
  return v === true || v === "true";
}

export function googleConfigured(): boolean {
  return !!(process.env.AUTH_GOOGLE_ID && process.env.AUTH_GOOGLE_SECRET);
}

function googleProvider() {
  // AUTH_GOOGLE_ISSUER points the same OpenID Connect flow at another issuer (the tests' local provider).
  const issuer = process.env.AUTH_GOOGLE_ISSUER;
  return GoogleProvider({
    clientId: process.env.AUTH_GOOGLE_ID!,
    clientSecret: process.env.AUTH_GOOGLE_SECRET!,
    ...(issuer ? { issuer, wellKnown: `${issuer.replace(/\/$/, "")}/.well-known/openid-configuration` } : {}),
    authorization: { params: { access_type: "offline", prompt: "consent", scope: "openid email profile" } },
  });
}

/** A sign-in (either provider): a new server-side session, and the claims the database gives the user. */
async function signedIn(token: JWT, uid: string): Promise<JWT> {
  const sid = await openSession(uid);
  const access = await loadUserAccess(uid, sid);
  if (!access) throw new Error("Sessão encerrada: o usuário não existe mais.");
  return { ...token, ...claimsOf(access), sid };
}

/**
 * A cookie next-auth is about to issue again (/api/auth/session), with claims rebuilt from the
 * database. A deleted user, a session signed out, expired, or opened before a password reset (older
 * session version) ends here: throwing makes next-auth clear the cookie instead of re-issuing it.
 */
async function reissued(token: JWT, uid: string): Promise<JWT> {
  const access = await loadUserAccess(uid, sessionIdOf(token));
  if (!access) throw new Error("Sessão encerrada: o usuário não existe mais.");
  if (token.sv !== access.user.sessionVersion) throw new Error("Sessão encerrada: a senha foi alterada.");
  if (!sessionHolds(token, access)) throw new Error("Sessão encerrada: saída registrada ou expirada.");
  // The re-issued cookie gets a fresh expiry: its session lives as long.
  await renewSession(uid, sessionIdOf(token)!);
  return { ...token, ...claimsOf(access) };
}

export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE },
  pages: { signIn: "/auth", error: "/auth" },
  providers: [
    CredentialsProvider({
      name: "E-mail",
      credentials: { email: { type: "email" }, password: { type: "password" } },
      async authorize(credentials, req) {
        // next-auth hands over the request's headers only; scripts/serve.ts put the socket's address there.
        const address = clientAddressFrom(headerObject(req?.headers as Record<string, string> | undefined));
        let result: Awaited<ReturnType<typeof checkCredentials>>;
        try {
          result = await checkCredentials(credentials?.email ?? "", credentials?.password ?? "", address);
        } catch (err) {
          // next-auth hands a thrown message to the browser (?error=, then the login toast): never
          // the driver's own words, which are English and name the database's internals.
          console.error("[login] falha ao verificar as credenciais:", err);
          throw new Error(databaseUnavailable(err) ? UNAVAILABLE : AUTH_MESSAGES.unexpected);
        }
        if (!result.ok) throw new Error(result.error);
        return { id: result.user.id, email: result.user.email, name: result.user.fullName };
      },
    }),
    ...(googleConfigured() ? [googleProvider()] : []),
  ],
  events: {
    // Whoever posts to next-auth's own /api/auth/signout: its session ends on the server too. ('Sair'
    // itself goes through signOutAction, which can say when the database could not end it; next-auth
    // only logs an error thrown here.)
    async signOut({ token }) {
      const sid = sessionIdOf(token);
      if (typeof token?.uid === "string" && sid) await endSession(token.uid, sid);
    },
  },
  callbacks: {
    redirect: ({ url, baseUrl }) => authRedirect(url, baseUrl),
    async signIn({ user, account, profile }) {
      if (account?.provider === "credentials") return true;
      if (!user.email) return false;
      // Only an address the provider vouches for may open (or take over) an account here.
      if (!googleEmailVerified(profile)) return `/auth?error=${GOOGLE_EMAIL_UNVERIFIED}`;
      const fullName = (profile as { name?: string } | undefined)?.name ?? user.name ?? null;
      const saved = await upsertOAuthUser(user.email, fullName, user.image ?? null);
      user.id = saved.id;
      return true;
    },
    async jwt({ token, user }) {
      const signingIn = !!user?.id;
      const uid = (user?.id as string | undefined) ?? (token.uid as string | undefined);
      if (!uid) return token;
      try {
        return signingIn ? await signedIn(token, uid) : await reissued(token, uid);
      } catch (err) {
        // The database away (a restart) is not a reason to sign everyone out: the token is kept as
        // it is, and every page and action re-checks the user against the database anyway, so
        // nothing is granted meanwhile. Any other failure still ends the session.
        if (!signingIn && databaseUnavailable(err)) return token;
        throw err;
      }
    },
    async session({ session, token }) {
      return { ...session, user: { ...session.user, id: token.uid as string | undefined, email: token.email } };
    },
  },
};
