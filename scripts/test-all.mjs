// `npm test`: the production build, then the unit and integration tests (vitest, real PostgreSQL;
// some of them serve that build over HTTP), then the end-to-end tests (Playwright, system Chromium).
// Ends with each phase's time, the 15 slowest tests and one line "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const results = "test-results";
fs.mkdirSync(results, { recursive: true });
const env = { ...process.env, TZ: "Asia/Tokyo" };
let passed = 0;
let failed = 0;
let broken = false;
const phases = [];
const durations = [];
// Printed again at the very end: CI keeps only the tail of the output.
const failures = [];

function run(phase, cmd, args, extraEnv = {}) {
  console.log(`\n$ ${cmd} ${args.join(" ")}`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  phases.push([phase, (Date.now() - t0) / 1000]);
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const skipE2e = process.env.SKIP_E2E === "1";
// Built first: the integration tests that serve it over HTTP (serve-bad-requests) would otherwise
// skip on a fresh clone, where no earlier build exists.
let built = false;
if (!skipE2e) {
  built = run("build", "npx", ["next", "build"]) === 0;
  if (!built) {
    broken = true;
    failed += 1;
  }
}

const vitestFile = `${results}/vitest.json`;
fs.rmSync(vitestFile, { force: true });
const vitestStatus = run("unit + integration", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestFile}`]);
const v = readJson(vitestFile);
if (v) {
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  for (const file of v.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, "");
    for (const t of file.assertionResults ?? []) {
      durations.push([t.duration ?? 0, `${name} › ${t.fullName ?? t.title}`]);
      if (t.status === "failed") failures.push(`${name} › ${t.fullName ?? t.title}: ${(t.failureMessages ?? []).join(" ").split("\n")[0].slice(0, 300)}`);
    }
    if (file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed")) failures.push(`${name}: ${(file.message ?? "").split("\n")[0].slice(0, 300)}`);
  }
}
if (!v || (vitestStatus !== 0 && v.numFailedTests === 0)) broken = true;

if (built) {
  const e2eFile = `${results}/e2e-results.json`;
  fs.rmSync(e2eFile, { force: true });
  const status = run("end-to-end", "npx", ["playwright", "test"]);
  const e = readJson(e2eFile);
  if (e?.stats) {
    passed += e.stats.expected + (e.stats.flaky ?? 0);
    failed += e.stats.unexpected;
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests) {
          for (const r of t.results) durations.push([r.duration, `${spec.file} › ${spec.title}`]);
          if (t.status === "unexpected") failures.push(`${spec.file} › ${spec.title}: ${(t.results.at(-1)?.error?.message ?? "").split("\n")[0].slice(0, 300)}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const s of e.suites ?? []) walk(s);
  }
  if (!e?.stats || (status !== 0 && !e.stats.unexpected)) broken = true;
}

console.log("\nPhases:");
for (const [phase, seconds] of phases) console.log(`  ${phase.padEnd(20)} ${seconds.toFixed(0).padStart(5)} s`);
console.log(`  ${"total".padEnd(20)} ${phases.reduce((s, [, x]) => s + x, 0).toFixed(0).padStart(5)} s`);
console.log("\nThe 15 slowest tests:");
for (const [ms, name] of durations.sort((a, b) => b[0] - a[0]).slice(0, 15)) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${name}`);

if (failures.length) {
  console.log("\nFailed:");
  for (const f of failures) console.log(`  ${f}`);
}
if (broken && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
