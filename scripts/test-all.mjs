// `npm test`: unit and integration tests (vitest, real PostgreSQL), then the production build and
// the end-to-end tests (Playwright, system Chromium). Ends with one line "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const results = "test-results";
fs.mkdirSync(results, { recursive: true });
const env = { ...process.env, TZ: "Asia/Tokyo" };
let passed = 0;
let failed = 0;
let broken = false;

function run(cmd, args, extraEnv = {}) {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const vitestFile = `${results}/vitest.json`;
fs.rmSync(vitestFile, { force: true });
const vitestStatus = run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestFile}`]);
const v = readJson(vitestFile);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
}
if (!v || (vitestStatus !== 0 && v.numFailedTests === 0)) broken = true;

const skipE2e = process.env.SKIP_E2E === "1";
if (!skipE2e) {
  if (run("npx", ["next", "build"]) !== 0) {
    broken = true;
    failed += 1;
  } else {
    const e2eFile = `${results}/e2e-results.json`;
    fs.rmSync(e2eFile, { force: true });
    const status = run("npx", ["playwright", "test"]);
    const e = readJson(e2eFile);
    if (e?.stats) {
      passed += e.stats.expected + (e.stats.flaky ?? 0);
      failed += e.stats.unexpected;
    }
    if (!e?.stats || (status !== 0 && !e.stats.unexpected)) broken = true;
  }
}

if (broken && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
