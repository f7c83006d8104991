/**
 * A local SMTP server that keeps what it receives: the reminders' tests and benchmark point
 * SMTP_URL at it, so messages go through nodemailer's real SMTP path. `delayMs` holds each
 * message before accepting it (a slow provider, so a worker can be killed mid-send); `refuse`
 * answers every message with a temporary failure.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type Captured = { to: string[]; raw: string; at: number };

export type SmtpCapture = {
  url: string;
  messages: Captured[];
  setDelay(ms: number): void;
  setRefuse(refuse: boolean): void;
  stop(): Promise<void>;
};

export async function startSmtpCapture(opts: { delayMs?: number } = {}): Promise<SmtpCapture> {
  const messages: Captured[] = [];
  let delayMs = opts.delayMs ?? 0;
  let refuse = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        setTimeout(() => {
          // SMTP replies are ASCII (RFC 5321): a UTF-8 text came back to the client as mojibake.
          if (refuse) return callback(Object.assign(new Error("Service unavailable"), { responseCode: 451 }));
          messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    setDelay: (ms) => (delayMs = ms),
    setRefuse: (r) => (refuse = r),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
