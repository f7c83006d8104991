/**
 * Texts of the public page, the private link and the owner's card, with the card's choices. Apart
 * from the schemas, so code that only shows them ships no zod to the browser.
 */
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
  /** The per-client cap, said without a number: the page tells a stranger nothing about a phone's bookings. */
  capReached: "Não é possível fazer mais agendamentos online com este telefone agora. Fale com o estabelecimento.",
  tooMany: "Muitas tentativas",
  nameRequired: "Informe seu nome.",
  phoneInvalid: "Informe um celular ou telefone com DDD, ex.: (65) 99999-1234.",
  emailInvalid: "E-mail inválido",
  slotsError: "Não foi possível carregar os horários. Tente novamente.",
  // The private link
  cancelled: "Agendamento cancelado",
  cancelledDescription: "O horário foi liberado. Se quiser, faça um novo agendamento.",
  cancelError: "Não foi possível cancelar",
  alreadyCancelled: "Este agendamento já está cancelado.",
  linkUsed: "Este link já foi usado para cancelar o agendamento.",
  notCancellable: "Este agendamento não pode mais ser cancelado pelo link. Fale com o estabelecimento.",
  linkInvalid: "Link inválido. Confira o endereço recebido por e-mail ou na confirmação.",
  // The owner's card
  saveError: "Erro ao salvar o agendamento online",
  saved: "Agendamento online salvo",
  slugTaken: "Este endereço já é usado por outro estabelecimento. Escolha outro.",
  confirmToEnable: "Confirme seu e-mail para ativar o agendamento online. Enviamos o link para a sua caixa de entrada.",
} as const;

/**
 * The code of 'Esse horário acabou de ser reservado' (a booking's refusal): the page goes back to
 * the times and the waitlist's claim answers 'preenchido' by it, never by the text.
 */
export const SLOT_TAKEN_CODE = "slot-taken";

/** 'O cancelamento pelo link é possível até 2 horas antes do horário. …' */
export function tooLateText(hours: number): string {
  const when = hours === 0 ? "o horário do atendimento" : `${hours} ${hours === 1 ? "hora" : "horas"} antes do horário`;
  return `O cancelamento pelo link é possível até ${when}. Fale com o estabelecimento.`;
}

/** How many services one online booking may have. */
export const MAX_SERVICES = 5;
export const CANCEL_DEADLINE_OPTIONS = [0, 1, 2, 3, 4, 6, 12, 24, 48] as const;
export const MAX_FUTURE_OPTIONS = [1, 2, 3, 4, 5, 10] as const;
