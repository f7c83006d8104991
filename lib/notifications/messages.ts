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

/**
 * The lead times whose reminder goes without 'Preciso cancelar': due when cancelling by link has
 * already closed. A reminder is due `lead` minutes before the start and the link closes the
 * business's minimum notice before it ('Cancelamento pelo cliente' of Agendamento online), so the
 * rule the reminder applies as it is sent (lib/reminder-links/state.ts cancelByLinkOpen) leaves the
 * link out of every reminder whose lead is not longer than the notice (state.test.ts checks the two agree).
 */
export function leadsWithoutCancelLink(leads: readonly number[], cancelNoticeHours: number): number[] {
  return leads.filter((m) => m <= cancelNoticeHours * 60);
}

/** What the 'Lembretes' card says of those reminders; null when every reminder has its cancel link. */
export function noCancelLinkText(leads: readonly number[], cancelNoticeHours: number): string | null {
  const without = leadsWithoutCancelLink(leads, cancelNoticeHours);
  if (!without.length) return null;
  const one = without.length === 1;
  const notice = `${cancelNoticeHours} ${cancelNoticeHours === 1 ? "hora" : "horas"}`;
  return (
    `${one ? "O lembrete" : "Os lembretes"} de ${without.map(leadLabel).join(" e de ")} ${one ? "vai" : "vão"} sem o link 'Preciso cancelar': ` +
    `o cancelamento pelo link vai até ${notice} antes do horário ('Cancelamento pelo cliente', em Agendamento online). ` +
    `${one ? "Ele pede" : "Eles pedem"} ao cliente que ligue para o estabelecimento.`
  );
}
