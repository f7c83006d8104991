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
} as const;
