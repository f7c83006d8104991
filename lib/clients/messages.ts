/** Spec section 5, Clients: the texts. Apart from the schemas, so code that only shows them ships no zod to the browser. */
export const CLIENT_MESSAGES = {
  nameRequired: "O nome do cliente é obrigatório.",
  invalidEmail: "E-mail inválido",
  saveError: "Erro ao salvar cliente",
  saveFallback: "Não foi possível salvar o cliente. Tente novamente.",
  deleteError: "Erro ao excluir cliente",
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
} as const;
