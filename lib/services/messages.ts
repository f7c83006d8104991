/** Spec section 5, Services: the texts. Apart from the schemas, so code that only shows them ships no zod to the browser. */
export const SERVICE_MESSAGES = {
  nameRequired: "O nome do serviço é obrigatório.",
  durationWhole: "Informe a duração em minutos, um número inteiro.",
  durationMin: "A duração mínima é 1 minuto.",
  durationMax: "A duração máxima é 1440 minutos (24 horas).",
  saveError: "Erro ao salvar serviço",
  saveFallback: "Não foi possível salvar o serviço. Tente novamente.",
  deleteError: "Erro ao excluir serviço",
  loadError: "Erro ao carregar serviços",
  created: "Serviço criado com sucesso!",
  updated: "Serviço atualizado com sucesso!",
  deleted: "Serviço excluído com sucesso!",
  notFound: "Serviço não encontrado.",
  noBusinessDescription: "Nenhum negócio selecionado. Escolha um negócio no topo e tente novamente.",
  inUse: "Este serviço está ligado a agendamentos e não pode ser excluído.",
  activeLabel: "Ativo",
  activeHint: "Inativos não aparecem em novos agendamentos nem no agendamento online; os agendamentos antigos continuam com eles.",
  deactivate: "Desativar",
  deactivated: "Serviço desativado",
  deactivatedDescription: "Ele não aparece mais em novos agendamentos nem no agendamento online.",
  activated: "Serviço ativado",
  inUseTitle: "Serviço em uso",
  deactivateOffer: "Você pode desativá-lo: ele deixa de aparecer em novos agendamentos e no agendamento online, e continua nos agendamentos e relatórios existentes.",
} as const;

/** The refusal code of a delete that the screen answers with the offer to deactivate instead. */
export const SERVICE_IN_USE = "service-in-use";

/** "1 agendamento" / "3 agendamentos". */
const appointmentsText = (n: number) => `${n} ${n === 1 ? "agendamento" : "agendamentos"}`;

/** The delete refusal of a used service: how many appointments use it, and what can be done instead. */
export function inUseText(name: string, n: number, active: boolean): string {
  const base = `O serviço "${name}" está em ${appointmentsText(n)} e não pode ser excluído.`;
  return active ? base : `${base} Ele já está inativo: não aparece em novos agendamentos nem no agendamento online.`;
}
