/** 'Link da agenda (iCal)' (issue 36): the texts. Apart from the schemas, so code that only shows them ships no zod to the browser. */
export const CALENDAR_FEED_MESSAGES = {
  title: "Link da agenda (iCal)",
  description:
    "Assine este endereço no calendário do celular (Google Agenda, Apple Calendário). Quem tiver o link vê os horários deste profissional; gere um novo para invalidar o antigo.",
  generate: "Gerar link",
  regenerate: "Gerar novo link",
  revoke: "Revogar link",
  copy: "Copiar link",
  copied: "Link copiado",
  none: "Nenhum link gerado para este profissional.",
  /** Shown with the address, right after it is made: only its hash is kept. */
  shownOnce: "Copie o link agora: por segurança, o endereço completo só aparece desta vez.",
  /** A link exists, its address is not known any more. */
  active: (since: string) => `Link ativo, gerado em ${since}.`,
  hidden: "Por segurança, o endereço só aparece quando é gerado. Se você não o tem mais, gere um novo.",
  generated: "Link da agenda gerado",
  regenerated: "Novo link gerado",
  regeneratedDescription: "O link anterior deixou de funcionar.",
  revoked: "Link da agenda revogado",
  regenerateConfirm: "O link atual deixa de funcionar na hora: os calendários que o assinaram param de receber os horários até assinarem o novo.",
  revokeConfirm: "O link atual deixa de funcionar na hora e os calendários que o assinaram param de receber os horários deste profissional.",
  loadError: "Falha ao carregar o link da agenda",
  generateError: "Falha ao gerar o link da agenda",
  revokeError: "Falha ao revogar o link da agenda",
  notFound: "Profissional não encontrado.",
  /** The feed's one answer for an unknown, revoked or malformed address: nothing to learn by guessing. */
  feedNotFound: "Calendário não encontrado.",
  feedError: "Não foi possível gerar o calendário. Tente novamente.",
} as const;
