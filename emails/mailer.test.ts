/**
 * The outbox (no SMTP_URL) holds live secrets, the links of invitations, confirmations and
 * password resets: its folder is 0700 and each message 0600, and the server log shows such a link
 * only in development, never in production.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { sendMail } from "./mailer";
import { passwordResetEmail } from "./password-reset";

const TOKEN = "tok_0123456789abcdefghijklmnopqrstuv";
let root: string;
let logged: string[];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "agenda-mailer-"));
  vi.stubEnv("OUTBOX_DIR", path.join(root, "outbox"));
  vi.stubEnv("SMTP_URL", "");
  vi.stubEnv("APP_URL", "https://agenda.exemplo.com.br");
  logged = [];
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void logged.push(args.join(" ")));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  fs.rmSync(root, { recursive: true, force: true });
});

const reset = () => passwordResetEmail({ to: "ana@exemplo.com.br", fullName: "Ana", token: TOKEN });
const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe("the outbox", () => {
  test("a new outbox folder is 0700 and each message 0600", async () => {
    await sendMail(reset());
    await sendMail(reset());
    const dir = path.join(root, "outbox");
    expect(mode(dir)).toBe(0o700);
    const files = fs.readdirSync(dir);
    expect(files).toHaveLength(2);
    for (const f of files) {
      expect(mode(path.join(dir, f))).toBe(0o600);
      expect(fs.readFileSync(path.join(dir, f), "utf8")).toContain(TOKEN);
    }
  });

  test("an outbox folder left open by an older version is closed to 0700", async () => {
    const dir = path.join(root, "outbox");
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o755);
    await sendMail(reset());
    expect(mode(dir)).toBe(0o700);
  });
});

describe("the server log", () => {
  test("production: the message is logged without its link or token", async () => {
    vi.stubEnv("NODE_ENV", "production");
    await sendMail(reset());
    const log = logged.join("\n");
    expect(log).toContain("[email] Redefinição de senha — Agenda → ana@exemplo.com.br");
    expect(log).not.toContain("[email] link:");
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain("reset-password");
  });

  test("development (`npm run dev`): the link is logged, to finish the flow locally", async () => {
    vi.stubEnv("NODE_ENV", "development");
    await sendMail(reset());
    expect(logged.join("\n")).toContain(`[email] link: https://agenda.exemplo.com.br/reset-password?token=${TOKEN}`);
  });
});
