import { describe, expect, test } from "vitest";
import {
  apiSecurityHeaders, newNonce, pageContentSecurityPolicy, pageSecurityHeaders, securityEnv, STATIC_SECURITY_HEADERS,
  strictTransportSecurity, type SecurityEnv,
} from "./security-headers";

const prodHttp: SecurityEnv = { dev: false, appUrl: "http://localhost:3000", signInOrigins: [] };
const prodHttps: SecurityEnv = { dev: false, appUrl: "https://agenda.exemplo.com.br", signInOrigins: ["https://accounts.google.com"] };
const dev: SecurityEnv = { dev: true, appUrl: "http://localhost:3000", signInOrigins: [] };

/** "a b; c d" → { a: ["b"], c: ["d"] } */
function parse(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(";").map((d) => d.trim()).filter(Boolean).map((d) => {
      const [name, ...values] = d.split(/\s+/);
      return [name, values];
    }),
  );
}

describe("securityEnv", () => {
  test("Google's origin is allowed as a form target only when Google sign-in is configured", () => {
    expect(securityEnv({ NODE_ENV: "production" }).signInOrigins).toEqual([]);
    expect(securityEnv({ AUTH_GOOGLE_ID: "id", AUTH_GOOGLE_SECRET: "s" }).signInOrigins).toEqual(["https://accounts.google.com"]);
    expect(
      securityEnv({ AUTH_GOOGLE_ID: "id", AUTH_GOOGLE_SECRET: "s", AUTH_GOOGLE_ISSUER: "http://127.0.0.1:4567/oidc" }).signInOrigins,
    ).toEqual(["http://127.0.0.1:4567"]);
    expect(securityEnv({ AUTH_GOOGLE_ID: "id", AUTH_GOOGLE_SECRET: "s", AUTH_GOOGLE_ISSUER: "not a url" }).signInOrigins).toEqual([]);
  });

  test("dev comes from NODE_ENV", () => {
    expect(securityEnv({ NODE_ENV: "development" }).dev).toBe(true);
    expect(securityEnv({ NODE_ENV: "production" }).dev).toBe(false);
    expect(securityEnv({}).dev).toBe(false);
  });
});

describe("page CSP", () => {
  test("scripts need this request's nonce; the required directives are there", () => {
    const d = parse(pageContentSecurityPolicy("abc123==", prodHttp));
    expect(d["script-src"]).toEqual(["'self'", "'nonce-abc123=='", "'strict-dynamic'"]);
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
    expect(d["object-src"]).toEqual(["'none'"]);
    expect(d["base-uri"]).toEqual(["'self'"]);
    expect(d["form-action"]).toEqual(["'self'"]);
    expect(d["connect-src"]).toEqual(["'self'"]);
    expect(d["default-src"]).toEqual(["'self'"]);
  });

  test("production never allows eval or inline scripts; dev adds only eval (React's debug stacks)", () => {
    for (const env of [prodHttp, prodHttps]) {
      const script = parse(pageContentSecurityPolicy("n", env))["script-src"];
      expect(script).not.toContain("'unsafe-eval'");
      expect(script).not.toContain("'unsafe-inline'");
    }
    expect(parse(pageContentSecurityPolicy("n", dev))["script-src"]).toContain("'unsafe-eval'");
    expect(parse(pageContentSecurityPolicy("n", dev))["script-src"]).not.toContain("'unsafe-inline'");
  });

  test("styles allow inline (Radix, sonner) and carry no nonce, which would disable 'unsafe-inline'", () => {
    const style = parse(pageContentSecurityPolicy("n", prodHttp))["style-src"];
    expect(style).toEqual(["'self'", "'unsafe-inline'"]);
  });

  test("the sign-in provider's origin is a permitted form target (the post to next-auth redirects there)", () => {
    expect(parse(pageContentSecurityPolicy("n", prodHttps))["form-action"]).toEqual(["'self'", "https://accounts.google.com"]);
  });

  test("upgrade-insecure-requests only over https", () => {
    expect(pageContentSecurityPolicy("n", prodHttp)).not.toContain("upgrade-insecure-requests");
    expect(parse(pageContentSecurityPolicy("n", prodHttps))).toHaveProperty("upgrade-insecure-requests");
  });

  test("a fresh nonce per request: 16 random bytes in base64", () => {
    const a = newNonce();
    const b = newNonce();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(Buffer.from(a, "base64")).toHaveLength(16);
  });
});

describe("HSTS", () => {
  test("only in production over https", () => {
    expect(strictTransportSecurity(prodHttps)).toBe("max-age=63072000; includeSubDomains");
    expect(strictTransportSecurity(prodHttp)).toBeNull();
    expect(strictTransportSecurity({ ...prodHttps, dev: true })).toBeNull();
    expect(strictTransportSecurity({ ...prodHttps, appUrl: undefined })).toBeNull();
    expect(strictTransportSecurity({ ...prodHttps, appUrl: "agenda.exemplo.com.br" })).toBeNull();
  });
});

describe("header sets", () => {
  test("pages: the same CSP goes to Next (request) and to the browser (response); x-nonce for our code", () => {
    const s = pageSecurityHeaders(prodHttps, "N0nce");
    expect(s.nonce).toBe("N0nce");
    expect(s.requestHeaders["x-nonce"]).toBe("N0nce");
    expect(s.requestHeaders["Content-Security-Policy"]).toBe(s.responseHeaders["Content-Security-Policy"]);
    expect(s.responseHeaders["Content-Security-Policy"]).toContain("'nonce-N0nce'");
    expect(s.responseHeaders["Strict-Transport-Security"]).toBeDefined();
    expect(pageSecurityHeaders(prodHttp, "x").responseHeaders).not.toHaveProperty("Strict-Transport-Security");
  });

  test("pages get a different nonce on each call", () => {
    expect(pageSecurityHeaders(prodHttp).nonce).not.toBe(pageSecurityHeaders(prodHttp).nonce);
  });

  test("/api: nothing may run or frame it", () => {
    const h = apiSecurityHeaders(prodHttp);
    const d = parse(h["Content-Security-Policy"]);
    expect(d["default-src"]).toEqual(["'none'"]);
    expect(d["frame-ancestors"]).toEqual(["'none'"]);
    expect(h).not.toHaveProperty("Strict-Transport-Security");
    expect(apiSecurityHeaders(prodHttps)["Strict-Transport-Security"]).toBeDefined();
  });

  test("every response: nosniff, a referrer policy, a permissions policy, no framing", () => {
    const byKey = Object.fromEntries(STATIC_SECURITY_HEADERS.map((h) => [h.key, h.value]));
    expect(byKey["X-Content-Type-Options"]).toBe("nosniff");
    expect(byKey["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(byKey["Permissions-Policy"]).toContain("camera=()");
    expect(byKey["X-Frame-Options"]).toBe("DENY");
  });
});
