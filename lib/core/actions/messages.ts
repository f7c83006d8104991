export const UNEXPECTED = "Ocorreu um erro inesperado. Tente novamente.";

/** The database could not be reached (a restart, a failover, the network). */
export const UNAVAILABLE = "Serviço temporariamente indisponível. Tente novamente em instantes.";

/** Constraint violations (spec section 8 for the agenda's). */
export const CONFLICTS = {
  professional: {
    code: "professional-busy",
    error: "Conflito de agenda",
    description: "Este profissional já possui atendimento nesse período. Ajuste o horário ou escolha outro profissional.",
  },
  client: {
    code: "client-busy",
    error: "Cliente já possui agendamento",
    description: "Este cliente já tem um agendamento neste horário. Edite o agendamento existente para adicionar mais serviços.",
  },
  duplicate: "Já existe um registro com esses dados.",
  inUse: "Este registro está ligado a outros dados e não pode ser alterado assim.",
} as const;
