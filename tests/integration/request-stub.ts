/**
 * The request stand-in that replaces `next/headers` and `next/cache` in integration tests (see
 * act-as.ts). It imports nothing of the app, so the mocks it backs can never import themselves.
 */
export const jar = new Map<string, string>();
export const request = { headers: new Headers() };
export const revalidated: string[] = [];

type CookieOptions = { value?: string; name?: string } | string;

export const nextHeaders = {
  cookies: async () => ({
    get: (name: string) => (jar.has(name) ? { name, value: jar.get(name)! } : undefined),
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    has: (name: string) => jar.has(name),
    set: (name: string | { name: string; value: string }, value?: CookieOptions) => {
      if (typeof name === "object") jar.set(name.name, name.value);
      else jar.set(name, typeof value === "string" ? value : (value?.value ?? ""));
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

