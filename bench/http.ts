/**
 * Talking to the production server as a browser does: signing in through next-auth's credentials
 * flow, calling server actions by the ids the build gave them, and driving load with autocannon.
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";

export type Stats = { p50_ms: number; p95_ms: number; p99_ms: number; rps: number; requests: number; errors: number };

/** The percentile `p` (0–100) of sorted samples, nearest-rank. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function summarize(samples: number[], seconds: number, errors = 0): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    p50_ms: r(percentile(s, 50)), p95_ms: r(percentile(s, 95)), p99_ms: r(percentile(s, 99)),
    rps: r(samples.length / seconds), requests: samples.length, errors,
  };
}

function cookiesOf(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(";")[0]);
}

/** Signs in through /api/auth (csrf, then the credentials callback) and returns the session cookie. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookiesOf(csrf).join("; "), origin: base },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${base}/`, json: "true" }),
  });
  const session = cookiesOf(res).find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`Login de ${email} falhou (HTTP ${res.status}).`);
  return session;
}

/** Server action ids of the build (in NEXT_DIST_DIR, as next.config.ts reads it), by "lib/feature/actions.ts#exportName". */
export function actionIds(root = process.cwd()): Map<string, string> {
  const dist = process.env.NEXT_DIST_DIR ?? ".next";
  const manifest = JSON.parse(fs.readFileSync(path.join(root, dist, "server/server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const out = new Map<string, string>();
  for (const [id, entry] of Object.entries(manifest.node)) {
    if (entry.filename && entry.exportedName) out.set(`${entry.filename}#${entry.exportedName}`, id);
  }
  return out;
}

export type ActionCall = { path: string; actionId: string; args: unknown };

/** The request a browser sends for a server action (React encodes plain arguments as JSON). */
export function actionRequest(base: string, cookie: string, call: ActionCall) {
  return {
    method: "POST" as const,
    path: call.path,
    headers: {
      "next-action": call.actionId,
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: base,
      cookie,
    },
    body: JSON.stringify([call.args]),
  };
}

/** The action's result object out of the RSC answer ("0:{…}\n1:{ok:…}"). */
export function actionResult(body: string): { ok?: boolean; error?: string; description?: string } | null {
  for (const line of body.split("\n")) {
    const m = /^[0-9a-f]+:(\{.*\})$/.exec(line);
    if (!m) continue;
    try {
      const v = JSON.parse(m[1]) as { ok?: boolean };
      if (typeof v.ok === "boolean") return v;
    } catch {
      /* not the result line */
    }
  }
  return null;
}

export type Load = {
  base: string;
  cookie: string;
  connections?: number;
  /** Stop after this many requests (or after `seconds`, whichever comes first). */
  amount?: number;
  seconds?: number;
  /** The next request: a GET path, or a full request (a server action). */
  next: () => string | { method: "GET" | "POST"; path: string; headers: Record<string, string>; body?: string };
  /** Judges an answer; false counts as an error. */
  check?: (status: number, body: string) => boolean;
};

/** Drives the server at `connections` concurrent users and measures every answer's latency. */
export async function load(opts: Load): Promise<Stats & { outcomes: Record<string, number> }> {
  const samples: number[] = [];
  const outcomes: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  // Without a callback autocannon returns an instance that is both an event emitter and a promise.
  const instance = autocannon({
    url: opts.base,
    connections: opts.connections ?? 10,
    amount: opts.amount,
    duration: opts.seconds ?? 20,
    headers: { cookie: opts.cookie },
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const n = opts.next();
          if (typeof n === "string") return { ...req, method: "GET", path: n, headers: { cookie: opts.cookie } } as autocannon.Request;
          return { ...req, ...n } as autocannon.Request;
        },
        onResponse: (status: number, body: string) => {
          const good = status < 400 && (opts.check?.(status, body) ?? true);
          if (!good) errors++;
          const r = actionResult(body);
          const key = r ? (r.ok ? "ok" : `${r.error ?? "falha"}: ${r.description ?? ""}`) : String(status);
          outcomes[key] = (outcomes[key] ?? 0) + 1;
        },
      },
    ],
  } as unknown as autocannon.Options) as unknown as Promise<autocannon.Result> & autocannon.Instance;
  // Rates over the time until the last answer: run for a number of requests, autocannon resolves
  // on its next one-second tick, and counting that wait understated the writes' rate by up to a third.
  let last = started;
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    samples.push(responseTime);
    last = performance.now();
  });
  await instance;
  const seconds = Math.max(last - started, 1) / 1000;
  return { ...summarize(samples, seconds, errors), outcomes };
}
