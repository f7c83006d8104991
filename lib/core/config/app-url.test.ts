import { describe, expect, test } from "vitest";
import { appUrlProblem } from "./app-url";

describe("appUrlProblem (production APP_URL)", () => {
  test.each(["https://agenda.exemplo.com.br", "http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:3000", "http://app.localhost"])(
    "%s is accepted",
    (v) => expect(appUrlProblem(v)).toBeNull(),
  );
  test("unset, invalid, plain http elsewhere and other schemes are refused with a clear message", () => {
    expect(appUrlProblem(undefined)).toMatch(/^APP_URL não está definida/);
    expect(appUrlProblem("  ")).toMatch(/^APP_URL não está definida/);
    expect(appUrlProblem("agenda.exemplo.com.br")).toMatch(/^APP_URL inválida/);
    expect(appUrlProblem("http://agenda.exemplo.com.br")).toMatch(/^APP_URL deve usar https/);
    expect(appUrlProblem("http://192.168.0.10:3000")).toMatch(/^APP_URL deve usar https/);
    expect(appUrlProblem("ftp://localhost")).toMatch(/^APP_URL deve usar https/);
  });
});
