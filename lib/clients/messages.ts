/** Spec section 5, Clients: the texts. Apart from the schemas, so code that only shows them ships no zod to the browser. */
export const CLIENT_MESSAGES = {
  nameRequired: "O nome do cliente é obrigatório.",
  invalidEmail: "E-mail inválido",
  saveError: "Erro ao salvar cliente",
  saveFallback: "Não foi possível salvar o cliente. Tente novamente.",
  deleteError: "Erro ao excluir cliente",
  hasComandas: "Este cliente tem comandas no caixa; elas fazem parte dos registros do salão e o cliente não pode ser excluído.",
  loadError: "Erro ao carregar clientes",
  created: "Cliente criado com sucesso!",
  updated: "Cliente atualizado com sucesso!",
  deleted: "Cliente excluído com sucesso!",
  notFound: "Cliente não encontrado.",
  notesSaved: "Observações salvas",
  notesError: "Erro ao salvar observações",
  profileError: "Erro ao carregar o cliente",
  /** The spec's text for a save that reaches the server without a business. */
  noBusiness: "Selecione um negócio",
  noBusinessDescription: "Nenhum negócio selecionado. Escolha um negócio no topo e tente novamente.",
  /** 'Criar novo' with the phone or e-mail of a client already registered (issue 52). */
  duplicate: "Cliente já cadastrado",
  duplicateHint: "Use o cliente já cadastrado ou marque que é outra pessoa.",
  createAnyway: "É outra pessoa: cadastrar mesmo assim",
  useExisting: "Usar este cliente",
  /** 'Mesclar' on the client's page (owner only). */
  mergeError: "Erro ao mesclar clientes",
  merged: "Clientes mesclados",
  mergeSame: "Escolha outro cliente para mesclar.",
  mergePick: "Escolha o cliente que será mesclado.",
  mergeConfirm: "Confirme a mesclagem.",
} as const;

/** The refusal's code when a new client has the phone or e-mail of one already registered. */
export const CLIENT_DUPLICATE_CODE = "client_duplicate";

/** What the new client shares with the one registered: 'telefone', 'e-mail' or both. */
export function duplicateWhat(match: { samePhone: boolean; sameEmail: boolean }): string {
  return match.samePhone && match.sameEmail ? "este telefone e e-mail" : match.samePhone ? "este telefone" : "este e-mail";
}

/** What the form's warning says of each client found: 'Mesmo telefone'. */
export function sameText(match: { samePhone: boolean; sameEmail: boolean }): string {
  return match.samePhone && match.sameEmail ? "Mesmo telefone e e-mail" : match.samePhone ? "Mesmo telefone" : "Mesmo e-mail";
}

/** 'Já existe um cliente com este telefone: Maria Silva.' */
export function duplicateText(match: { name: string; samePhone: boolean; sameEmail: boolean }): string {
  return `Já existe um cliente com ${duplicateWhat(match)}: ${match.name}.`;
}

/** The toast after 'Mesclar': 'Ana S. foi mesclado em Ana Souza: 3 agendamentos passaram para Ana Souza.' */
export function mergedText(removed: string, kept: string, appointments: number): string {
  if (appointments === 0) return `${removed} foi mesclado em ${kept}.`;
  return `${removed} foi mesclado em ${kept}: ${appointments === 1 ? "1 agendamento passou" : `${appointments} agendamentos passaram`} para ${kept}.`;
}
