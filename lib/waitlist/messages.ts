/** Texts of the waitlist: the public form, the offer's link, the staff's panel. The issue's own texts verbatim. */
export const WAITLIST_MESSAGES = {
  // The public page
  join: "Entrar na lista de espera",
  joinHint: "Não há horários livres neste dia. Entre na lista de espera: se um horário vagar, avisamos por e-mail.",
  joined: "Você está na lista de espera",
  joinedDescription: "Se um horário que combina com o seu pedido vagar, enviaremos um e-mail com o link 'Quero este horário'. O primeiro a confirmar fica com o horário.",
  joinError: "Não foi possível entrar na lista de espera",
  joinFallback: "Não foi possível entrar na lista de espera. Tente novamente.",
  emailRequired: "Informe seu e-mail: é por ele que avisamos quando um horário vagar.",
  pickDay: "Escolha pelo menos um dia.",
  tooManyDays: "Escolha no máximo 14 dias.",
  pastDay: "Escolha dias a partir de hoje.",
  outsideWindow: "Escolha dias dentro do período de agendamento.",
  /** A day nobody asked for works (the business closed, a holiday, the professional's day off or time off). */
  noWaitDay: (dayMonth: string) => `Não há atendimento em ${dayMonth} para o seu pedido (estabelecimento fechado ou profissional de folga). Escolha outro dia.`,
  /** The page: a day without free times that nobody asked for works. */
  offDay: (professional: string | null) =>
    professional ? `${professional} não atende neste dia. Escolha outro dia.` : "Nenhum profissional atende estes serviços neste dia. Escolha outro dia.",
  /** The join step: a chosen day that still has free times. */
  stillFree: "Ainda há horários livres",
  stillFreeDescription: "Não precisa esperar: escolha um horário para agendar agora.",
  noServiceChip: "sem atendimento",
  timeOrder: "O horário final deve ser igual ou depois do inicial.",
  anyProfessional: "Qualquer profissional",
  // The offer's link
  claim: "Quero este horário",
  filled: "Esse horário acabou de ser preenchido",
  filledDescription: "Outra pessoa confirmou antes. Você continua na lista de espera para outros horários que vagarem.",
  claimed: "Horário agendado!",
  claimedDescription: "Seu horário está reservado. O estabelecimento já recebeu seu agendamento.",
  yours: "Seu horário",
  claimedCancelled: "Este agendamento foi cancelado",
  claimedCancelledDescription: "O horário que você reservou por este link foi cancelado pelo estabelecimento. Para remarcar, fale com eles.",
  expired: "Esta oferta expirou",
  expiredDescription: "O prazo para confirmar este horário terminou e ele foi oferecido à próxima pessoa da lista.",
  claimError: "Não foi possível agendar",
  invalid: "Link inválido. Confira o endereço recebido por e-mail.",
  tooMany: "Muitas tentativas. Tente novamente mais tarde.",
  // The staff's panel
  title: "Lista de espera",
  empty: "Ninguém na lista de espera para este dia.",
  add: "Adicionar à lista de espera",
  added: "Adicionado à lista de espera",
  remove: "Remover",
  removed: "Removido da lista de espera",
  removeError: "Erro ao remover da lista de espera",
  saveError: "Erro ao salvar na lista de espera",
  notFound: "Este pedido não está mais na lista de espera.",
  book: "Agendar",
} as const;

/** The statuses as the staff's panel shows them. */
export const WAITLIST_STATUS_TEXT = {
  aguardando: "Aguardando",
  oferecido: "Oferta enviada",
  agendado: "Agendado",
  removido: "Removido",
} as const;
