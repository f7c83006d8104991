/** Texts of the 'Lembretes' card and the bell, apart from the schemas (no zod in the browser for them). */
export const NOTIFICATION_MESSAGES = {
  cardTitle: "Lembretes",
  saved: "Lembretes salvos",
  saveError: "Erro ao salvar os lembretes",
  leadsDiffer: "Escolha dois horários diferentes.",
  channelRequired: "Escolha pelo menos um canal.",
  whatsAppOff: "O WhatsApp não está configurado neste servidor.",
  leadRange: "Entre 30 minutos e 72 horas.",
  markAllRead: "Marcar todas como lidas",
  empty: "Nenhuma notificação",
} as const;

/** The lead times offered (minutes): 30 min to 72 h. */
export const LEAD_OPTIONS = [30, 60, 120, 180, 360, 720, 1440, 2880, 4320] as const;

/** '30 minutos antes', '1 hora antes', '24 horas antes'. */
export function leadLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} minutos antes`;
  const h = minutes / 60;
  return `${h} ${h === 1 ? "hora" : "horas"} antes`;
}
