/** Texts of a reminder's links (/agendar/lembrete/{token}). */
export const REMINDER_LINK_MESSAGES = {
  confirm: "Confirmar presença",
  cancel: "Preciso cancelar",
  confirmed: "Presença confirmada",
  confirmedDescription: "Obrigado! O estabelecimento já sabe que você vem.",
  cancelled: "Agendamento cancelado",
  cancelledDescription: "O horário foi liberado. Obrigado por avisar.",
  error: "Não foi possível concluir",
  invalid: "Este link não é válido ou já expirou. Fale com o estabelecimento.",
  used: "Este link já foi usado.",
  notActive: "Este agendamento já foi cancelado ou concluído.",
  tooMany: "Muitas tentativas. Tente novamente mais tarde.",
} as const;

/** Too late to cancel through the link: call instead. */
export function callToCancelText(hours: number, phone: string | null): string {
  const until = hours === 0 ? "até o horário do atendimento" : `até ${hours} ${hours === 1 ? "hora" : "horas"} antes do horário`;
  return `O cancelamento pelo link é possível ${until}. Para cancelar agora, ligue para o estabelecimento${phone ? `: ${phone}` : "."}`;
}

/** Why a link can't act (the refusal's code; the page works it out from the database too). */
export type RefusalCode = "invalid" | "used" | "not-active" | "too-late" | "too-many";
