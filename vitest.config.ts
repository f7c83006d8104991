import path from "node:path";
import { defineConfig } from "vitest/config";

// Tests run in a server zone far from the business zone (America/Cuiaba), so any code that
// leans on the server's TZ instead of the business zone shows up as a failing test.
process.env.TZ = "Asia/Tokyo";

const alias = {
  "@": path.resolve(__dirname),
  // Every server module imports "server-only"; under vitest the test is the server (one alias for all tests).
  "server-only": path.resolve(__dirname, "tests/setup/server-only.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Three files at once on CI's two cores: much of an integration test is waiting (on PostgreSQL,
    // a server it started, a job), and each worker has its own database copy
    // (tests/setup/db-worker.ts). Vitest's default on 2 cores is one file at a time.
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "emails/**/*.test.ts", "components/**/*.test.ts", "bench/**/*.test.ts", "tests/unit/**/*.test.ts"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.int.test.ts", "lib/**/*.int.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/db-global.ts"],
          setupFiles: ["tests/setup/db-worker.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
        },
      },
    ],
  },
});
