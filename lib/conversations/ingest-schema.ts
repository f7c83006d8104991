import { z } from "zod";
import { singleLine } from "@/lib/core/validation/single-line";

/**
 * The body of POST /api/conversations (docs/features/whatsapp-bot-api.md). Field names are snake_case like
 * the spec's entities; unknown fields are ignored. Messages in Portuguese: the bot's developer reads
 * them in the 422 answer.
 */
export const INGEST_LIMITS = { messageMax: 4000, nameMax: 200, futureToleranceMs: 5 * 60 * 1000 } as const;

const digits = (s: string) => s.replace(/\D/g, "");

export const ingestBodySchema = z.object({
  client_phone: z
    .string({ error: "Informe client_phone (o telefone do cliente, texto)." })
    .trim()
    .max(40, "Telefone inválido: informe de 8 a 15 dígitos.")
    .refine((v) => {
      const n = digits(v).length;
      return n >= 8 && n <= 15;
    }, "Telefone inválido: informe de 8 a 15 dígitos."),
  client_name: singleLine(
    z
      .string({ error: "client_name deve ser texto." })
      .trim()
      .max(INGEST_LIMITS.nameMax, `O nome do cliente pode ter no máximo ${INGEST_LIMITS.nameMax} caracteres.`),
  )
    .nullish()
    .transform((v) => v || null),
  message: z
    .string({ error: "Informe message (o texto da mensagem)." })
    .trim()
    .min(1, "A mensagem não pode ficar vazia.")
    .max(INGEST_LIMITS.messageMax, `A mensagem pode ter no máximo ${INGEST_LIMITS.messageMax} caracteres.`),
  is_bot: z.boolean({ error: "Informe is_bot: true para mensagem do bot, false para mensagem do cliente." }),
  sent_at: z
    .iso.datetime({ offset: true, error: "sent_at deve ser uma data ISO 8601 com fuso (ex.: 2026-05-01T14:30:00-04:00)." })
    .nullish()
    .transform((v) => (v ? new Date(v) : null))
    .refine((d) => !d || d.getTime() <= Date.now() + INGEST_LIMITS.futureToleranceMs, "sent_at não pode estar no futuro.")
    .refine((d) => !d || d.getUTCFullYear() >= 2000, "sent_at anterior a 2000."),
});

export type IngestBody = z.output<typeof ingestBodySchema>;

// The phone lookup's digits live with the other phone helpers; re-exported for the bot API's callers.
export { localPhoneDigits } from "@/lib/core/format/phone";
