import path from "node:path";
import { expect, test } from "vitest";
import { publicFilePaths, staticFileMethodRefused } from "./static-files";

const files = new Set(["/logo.svg", "/logo-dark.svg"]);

test.each([
  ["POST", "/logo.svg", true],
  ["DELETE", "/logo.svg?v=1", true],
  ["PUT", "/_next/static/chunks/abc.js", true],
  ["POST", "/%6Cogo.svg", true],
  ["GET", "/logo.svg", false],
  ["HEAD", "/_next/static/chunks/abc.js", false],
  // Pages, route handlers and actions are Next's to answer.
  ["POST", "/agendar/x", false],
  ["POST", "/api/conversations", false],
  ["POST", "/%E0%A4%A", false],
])("%s %s → refused: %s", (method, url, refused) => expect(staticFileMethodRefused(method, url, files)).toBe(refused));

test("public/ as served", () => {
  expect(publicFilePaths(path.resolve(__dirname, "../../../public"))).toContain("/logo.svg");
  expect(publicFilePaths("/nao/existe").size).toBe(0);
});
