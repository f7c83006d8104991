/**
 * The configuration the production server runs with, checked once when it starts (scripts/serve.ts):
 * every setting the README lists, validated together, so a wrong value stops the start with all
 * the reasons in Portuguese instead of surfacing later as a broken link, cookie or e-mail. The app
 * reads the values through their own accessors (lib/core/config/app-url.ts, db/index.ts, …).
 */
import { z } from "zod";
import { appUrlProblem } from "./app-url";

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, `${name} deve ser um número inteiro entre ${min} e ${max}.`)
    .optional();

const url = (name: string, protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `${name} deve ser um endereço ${protocols.map((p) => p.replace(":", "://…")).join(" ou ")}.`)
    .optional();

export const envSchema = z
  .object({
    // unknown, not optional: a missing APP_URL is itself the problem.
    APP_URL: z.unknown().superRefine((v, ctx) => {
      const problem = appUrlProblem(typeof v === "string" ? v : undefined);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    AUTH_SECRET: z.string().min(32, "AUTH_SECRET deve ter pelo menos 32 caracteres (por exemplo: openssl rand -base64 32).").optional(),
    NEXTAUTH_SECRET: z.string().optional(),
    DATABASE_URL: url("DATABASE_URL", ["postgres:", "postgresql:"]),
    DATABASE_POOL_SIZE: wholeNumber("DATABASE_POOL_SIZE", 1, 200),
    SMTP_URL: url("SMTP_URL", ["smtp:", "smtps:"]),
    TRUSTED_PROXY_HOPS: wholeNumber("TRUSTED_PROXY_HOPS", 0, 10),
    WEB_CONCURRENCY: wholeNumber("WEB_CONCURRENCY", 1, 64),
    AUTH_GOOGLE_ID: z.string().optional(),
    AUTH_GOOGLE_SECRET: z.string().optional(),
    ADMIN_EMAILS: z.string().optional(),
    WHATSAPP_TOKEN: z.string().optional(),
    WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
    WHATSAPP_REMINDER_TEMPLATE: z.string().optional(),
    WHATSAPP_WAITLIST_TEMPLATE: z.string().optional(),
    WHATSAPP_CLIENT_UPDATE_TEMPLATE: z.string().optional(),
    WHATSAPP_API_URL: url("WHATSAPP_API_URL", ["https:", "http:"]),
    // Meta names template languages pt_BR, en, fil…: "pt-BR" would fail every message, not the start.
    WHATSAPP_TEMPLATE_LANGUAGE: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "WHATSAPP_TEMPLATE_LANGUAGE deve ser um código de idioma da Meta, como pt_BR.").optional(),
    JOBS: z.enum(["on", "off"], { message: "JOBS deve ser on ou off." }).optional(),
    // Messages (e-mail and WhatsApp) one business may send each day, counted in the database across
    // instances; past it a message is recorded as skipped and the owner sees it in the bell.
    // Default 300 (lib/core/config/messages.ts).
    MESSAGES_PER_BUSINESS_PER_DAY: wholeNumber("MESSAGES_PER_BUSINESS_PER_DAY", 1, 100_000),
    // Next.js encrypts server actions' bound values with it (AES-GCM, a raw key in base64); each build
    // makes its own unless set, so instances of separate builds must share this one.
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: z
      .string()
      .trim()
      .refine(
        (v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && v.length % 4 === 0 && [16, 24, 32].includes(Buffer.from(v, "base64").length),
        "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY deve ser uma chave AES de 16, 24 ou 32 bytes em base64 (por exemplo: openssl rand -base64 32).",
      )
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (!env.AUTH_SECRET && !env.NEXTAUTH_SECRET) ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "AUTH_SECRET não está definida: ela assina as sessões." });
    // Trimmed as whatsAppConfig reads them: a blank value there turns the channel off without a word.
    const whatsApp = { WHATSAPP_TOKEN: env.WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID: env.WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_REMINDER_TEMPLATE: env.WHATSAPP_REMINDER_TEMPLATE };
    const missing = Object.entries(whatsApp).filter(([, v]) => !v?.trim()).map(([k]) => k);
    if (missing.length > 0 && missing.length < 3) {
      ctx.addIssue({
        code: "custom", path: ["WHATSAPP_TOKEN"],
        message: `Defina WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID e WHATSAPP_REMINDER_TEMPLATE juntas (ou nenhuma) para os lembretes por WhatsApp; falta: ${missing.join(", ")}.`,
      });
    }
    if (!!env.AUTH_GOOGLE_ID !== !!env.AUTH_GOOGLE_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_GOOGLE_ID"], message: "Defina AUTH_GOOGLE_ID e AUTH_GOOGLE_SECRET juntas (ou nenhuma) para o login com Google." });
    }
  });

/** Every problem of the production configuration, one line each; empty when it is right. */
export function envProblems(source: Record<string, string | undefined> = process.env): string[] {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== "")));
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}
