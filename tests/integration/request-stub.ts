/**
 * The request stand-in that replaces `next/headers` and `next/cache` in integration tests (see
 * act-as.ts). It imports nothing of the app, so the mocks it backs can never import themselves.
 */
export const jar = new Map<string, string>();
/** The attributes each cookie was last set with (httpOnly, secure, sameSite…), for the hardening tests. */
export const cookieOptions = new Map<string, Record<string, unknown>>();
export const request = { headers: new Headers() };
export const revalidated: string[] = [];

type CookieOptions = { value?: string; name?: string } | string;

export const nextHeaders = {
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    has: (name: string) => jar.has(name),
    set: (name: string | { name: string; value: string }, value?: CookieOptions, options?: Record<string, unknown>) => {
      if (typeof name === "object") {
        const { name: n, value: v, ...rest } = name as { name: string; value: string } & Record<string, unknown>;
        jar.set(n, v);
        cookieOptions.set(n, rest);
      } else {
        jar.set(name, typeof value === "string" ? value : (value?.value ?? ""));
        cookieOptions.set(name, options ?? (typeof value === "object" ? (value as Record<string, unknown>) : {}));
      }
    },
    delete: (name: string) => jar.delete(name),
  }),
  headers: async () => request.headers,
};

export const nextCache = {
  revalidatePath: (path: string) => {
    revalidated.push(path);
  },
  revalidateTag: () => {},
};

