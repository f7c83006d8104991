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
 * file so every flow can be finished locally.
 *
 * A message's links carry live secrets (invitation keys, e-mail confirmation and password reset
 * tokens): the outbox folder is 0700 and each file 0600, so no other local user reads them; and
 * the first link is logged only in development (`npm run dev`), never by a production server,
 * whose log may be kept, shipped or shown to others.
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
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  // An outbox made by an older version may be 0755.
  if ((fs.statSync(dir).mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
  const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
  const file = path.join(dir, `${Date.now()}-${process.hrtime.bigint()}-${safeTo}.eml`);
  fs.writeFileSync(file, info.message as Buffer, { mode: 0o600, flag: "wx" });
  const link = process.env.NODE_ENV === "development" ? message.text.match(/https?:\/\/\S+/)?.[0] : undefined;
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

export type Row = [label: string, value: string];
export type Action = { label: string; url: string };

/**
 * The frame of a message about one appointment: a title, an intro, the details as label/value
 * rows, one or more links as buttons, a footer; light on markup, and whole in its text form.
 */
export function detailsLayout(opts: { title: string; intro: string; rows: Row[]; actions: Action[]; footer: string }) {
  const button = (a: Action, i: number) =>
    `<a href="${esc(a.url)}" style="${i === 0 ? "background:#7c3aed;color:#fff" : "background:#fff;color:#7c3aed;border:1px solid #7c3aed"};padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block;margin:0 8px 8px 0">${esc(a.label)}</a>`;
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;background:#f6f5fb;padding:24px;color:#1f1b2e">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">${esc(opts.title)}</h1>
<p style="line-height:1.5">${esc(opts.intro)}</p>
<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">
${opts.rows.map(([k, v]) => `<tr><td style="padding:6px 12px 6px 0;color:#6b6480;vertical-align:top;white-space:nowrap">${esc(k)}</td><td style="padding:6px 0">${esc(v)}</td></tr>`).join("\n")}
</table>
${opts.actions.length ? `<p style="margin:28px 0">${opts.actions.map(button).join("")}</p>` : ""}
<p style="font-size:13px;color:#6b6480;line-height:1.5">${esc(opts.footer)}</p>
${opts.actions.map((a) => `<p style="font-size:12px;color:#8a84a0;word-break:break-all">${esc(a.label)}: ${esc(a.url)}</p>`).join("\n")}
</td></tr></table></body></html>`;
  const text = [
    opts.title, "", opts.intro, "",
    ...opts.rows.map(([k, v]) => `${k}: ${v}`), "",
    ...opts.actions.map((a) => `${a.label}: ${a.url}`),
    ...(opts.actions.length ? [""] : []),
    opts.footer, "",
  ].join("\n");
  return { html, text };
}
