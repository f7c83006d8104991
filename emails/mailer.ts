import fs from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";

export type Attachment = { filename: string; content: string; contentType: string };
export type Message = { to: string; subject: string; html: string; text: string; attachments?: Attachment[] };

const FROM = process.env.MAIL_FROM ?? "Agenda <nao-responda@agenda.local>";

function outboxDir(): string {
  return process.env.OUTBOX_DIR ?? path.join(process.cwd(), ".data", "outbox");
}

/**
 * Sends one message: over SMTP when SMTP_URL is set, otherwise into the outbox folder as an .eml
 * file (and the first link is logged) so every flow can be finished locally.
 */
export async function sendMail(message: Message): Promise<void> {
  if (process.env.SMTP_URL) {
    const transport = nodemailer.createTransport(process.env.SMTP_URL);
    await transport.sendMail({ from: FROM, ...message });
    return;
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const info = await transport.sendMail({ from: FROM, ...message });
  const dir = outboxDir();
  fs.mkdirSync(dir, { recursive: true });
  const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
  const file = path.join(dir, `${Date.now()}-${process.hrtime.bigint()}-${safeTo}.eml`);
  fs.writeFileSync(file, info.message as Buffer);
  const link = message.text.match(/https?:\/\/\S+/)?.[0];
  console.log(`[email] ${message.subject} → ${message.to} (${file})${link ? `\n[email] link: ${link}` : ""}`);
}

/** Sends one message after the work it reports on is done: false (and a log line) when it could not go. */
export async function trySendMail(message: Message): Promise<boolean> {
  try {
    await sendMail(message);
    return true;
  } catch (e) {
    console.error(`[email] falha ao enviar "${message.subject}"`, e);
    return false;
  }
}


/** Escapes text for HTML templates. */
export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The shared frame of every message: pt-BR, product name, one call to action. */
export function layout(opts: { title: string; intro: string; actionLabel: string; actionUrl: string; footer: string }) {
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;background:#f6f5fb;padding:24px;color:#1f1b2e">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">${esc(opts.title)}</h1>
<p style="line-height:1.5">${esc(opts.intro)}</p>
<p style="margin:28px 0"><a href="${esc(opts.actionUrl)}" style="background:#7c3aed;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${esc(opts.actionLabel)}</a></p>
<p style="font-size:13px;color:#6b6480;line-height:1.5">${esc(opts.footer)}</p>
<p style="font-size:12px;color:#8a84a0;word-break:break-all">${esc(opts.actionUrl)}</p>
</td></tr></table></body></html>`;
  const text = `${opts.title}\n\n${opts.intro}\n\n${opts.actionLabel}: ${opts.actionUrl}\n\n${opts.footer}\n`;
  return { html, text };
}
