import { z } from "zod";
import { dateSchema, timeSchema } from "@/lib/appointments/schemas";
import { localPhoneDigits } from "@/lib/format/phone";
import { ANY_PROFESSIONAL } from "./slots";
import { slugProblem, SLUG_PROBLEM_TEXT } from "./slug";

/** Texts of the public page, the private link and the owner's card. */
export const ONLINE_MESSAGES = {
  // The public page
  slotTakenTitle: "Horário indisponível",
  slotTaken: "Esse horário acabou de ser reservado. Escolha outro.",
  bookError: "Não foi possível agendar",
  bookFallback: "Não foi possível concluir o agendamento. Tente novamente.",
  unavailable: "Agendamento online indisponível",
  unavailableDescription: "Este estabelecimento não está recebendo agendamentos online no momento.",
  outsideWindow: "Escolha um dia dentro do período de agendamento.",
  pickService: "Escolha pelo menos um serviço.",
  serviceGone: "Um dos serviços escolhidos não está mais disponível. Recarregue a página.",
  professionalGone: "Este profissional não está mais disponível para os serviços escolhidos. Escolha outro.",
  capReached: "Limite de agendamentos atingido",
  clientBusy: "Você já tem um agendamento próximo a esse horário. Escolha outro horário.",
  tooMany: "Muitas tentativas",
  nameRequired: "Informe seu nome.",
  phoneInvalid: "Informe um celular ou telefone com DDD, ex.: (65) 99999-1234.",
  emailInvalid: "Email inválido",
  slotsError: "Não foi possível carregar os horários. Tente novamente.",
  // The private link
  cancelled: "Agendamento cancelado",
  cancelledDescription: "O horário foi liberado. Se quiser, faça um novo agendamento.",
  cancelError: "Não foi possível cancelar",
  alreadyCancelled: "Este agendamento já está cancelado.",
  linkUsed: "Este link já foi usado para cancelar o agendamento.",
  notCancellable: "Este agendamento não pode mais ser cancelado pelo link. Fale com o estabelecimento.",
  linkInvalid: "Link inválido. Confira o endereço recebido por email ou na confirmação.",
  // The owner's card
  saveError: "Erro ao salvar o agendamento online",
  saved: "Agendamento online salvo",
  slugTaken: "Este endereço já é usado por outro estabelecimento. Escolha outro.",
} as const;

/** 'Este telefone já tem 3 agendamentos online futuros neste estabelecimento. …' */
export function capReachedText(n: number): string {
  return `Este telefone já tem ${n} ${n === 1 ? "agendamento online futuro" : "agendamentos online futuros"} neste estabelecimento. Cancele um deles pelo link recebido ou fale com o estabelecimento.`;
}

/** 'O cancelamento pelo link é possível até 2 horas antes do horário. …' */
export function tooLateText(hours: number): string {
  const when = hours === 0 ? "o horário do atendimento" : `${hours} ${hours === 1 ? "hora" : "horas"} antes do horário`;
  return `O cancelamento pelo link é possível até ${when}. Fale com o estabelecimento.`;
}

/** How many services one online booking may have. */
export const MAX_SERVICES = 5;
export const CANCEL_DEADLINE_OPTIONS = [0, 1, 2, 3, 4, 6, 12, 24, 48] as const;
export const MAX_FUTURE_OPTIONS = [1, 2, 3, 4, 5, 10] as const;

/**
 * A Brazilian phone: DDD (11–99, no zero digit) and the number, 10 digits for a landline or 11 for a
 * mobile (starting with 9), with or without +55 and any punctuation.
 */
export function isBrazilianPhone(phone: string): boolean {
  const d = localPhoneDigits(phone);
  if (d.length !== 10 && d.length !== 11) return false;
  if (d[0] === "0" || d[1] === "0") return false;
  if (d.length === 11) return d[2] === "9";
  return d[2] >= "2";
}

/** The client's own fields on the public page, and the honeypot. */
export const contactSchema = z.object({
  name: z.string().trim().min(1, ONLINE_MESSAGES.nameRequired).max(120, "Máximo de 120 caracteres"),
  phone: z.string().trim().max(40, ONLINE_MESSAGES.phoneInvalid).refine(isBrazilianPhone, ONLINE_MESSAGES.phoneInvalid),
  email: z
    .string()
    .trim()
    .max(255, "Email deve ter no máximo 255 caracteres")
    .optional()
    .nullable()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || z.email().safeParse(v).success, ONLINE_MESSAGES.emailInvalid),
  /** Hidden from people; a bot that fills every field fills this one too. */
  website: z.string().max(500).optional().default(""),
});
export type ContactFields = z.input<typeof contactSchema>;

const professionalChoice = z.union([z.literal(ANY_PROFESSIONAL), z.uuid("Profissional inválido")]);
const serviceIds = z
  .array(z.uuid("Serviço inválido"))
  .min(1, ONLINE_MESSAGES.pickService)
  .max(MAX_SERVICES, `No máximo ${MAX_SERVICES} serviços por agendamento.`)
  .refine((ids) => new Set(ids).size === ids.length, "Serviço repetido");

/** What the page sends to book: its own slug (never a business id), the choices, the client's fields. */
export const bookingSchema = contactSchema.extend({
  slug: z.string().trim().min(1).max(60),
  serviceIds,
  professionalId: professionalChoice,
  date: dateSchema,
  time: timeSchema,
});
export type BookingInput = z.output<typeof bookingSchema>;

/** The slots list's query string: ?date=YYYY-MM-DD&services=id,id&professional=any|id */
export const slotsQuerySchema = z.object({
  date: dateSchema,
  services: z.string().max(MAX_SERVICES * 37).transform((v) => v.split(",").filter(Boolean)).pipe(serviceIds),
  professional: professionalChoice,
});

export const cancelSchema = z.object({ token: z.string().trim().min(20).max(100) });

/** The owner's 'Agendamento online' card. */
export const onlineSettingsSchema = z.object({
  slug: z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem = slugProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: SLUG_PROBLEM_TEXT[problem] });
    }),
  enabled: z.boolean(),
  cancelDeadlineHours: z.number().int().min(0, "Entre 0 e 168 horas").max(168, "Entre 0 e 168 horas"),
  maxFutureBookings: z.number().int().min(1, "Entre 1 e 20").max(20, "Entre 1 e 20"),
});
export type OnlineSettingsFields = z.input<typeof onlineSettingsSchema>;
