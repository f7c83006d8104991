/**
 * Spec section 8, business hours and holidays: the texts (every failure is titled 'Erro' unless
 * noted) and the booking window's choices. Apart from the schemas, so code that only shows them
 * ships no zod to the browser.
 */
export const HOURS_MESSAGES = {
  error: "Erro",
  loadError: "Não foi possível carregar os dados.",
  refreshError: "Não foi possível atualizar os dados.",
  saveHours: "Não foi possível salvar os horários.",
  saveSettings: "Não foi possível salvar as configurações.",
  addHoliday: "Não foi possível adicionar o feriado.",
  removeHoliday: "Não foi possível remover o feriado.",
  saveWindow: "Não foi possível salvar a janela de agendamento.",
  /** The non-destructive title when no business is selected. */
  attention: "Atenção",
  noBusiness: "Selecione um negócio no topo da página e tente novamente.",
  holidayRequired: "Selecione um negócio e preencha os campos obrigatórios.",
  holidayName: "Informe o nome do feriado.",
  holidayDate: "Escolha a data do feriado.",
  holidayPast: "Escolha uma data a partir de hoje.",
  holidayNotFound: "Este feriado não existe mais. A lista foi atualizada.",
  holidayDuplicate: "Já existe um feriado cadastrado nesta data.",
  invalidWindow: "Escolha uma das janelas de agendamento da lista.",
  invalidWeek: "Envie os sete dias da semana, de domingo a sábado.",
  // Successes (the spec names them without texts).
  dataUpdated: "Dados atualizados",
  hoursUpdated: "Horários atualizados",
  settingUpdated: "Configuração de feriados atualizada",
  holidayAdded: "Feriado adicionado",
  holidayRemoved: "Feriado removido",
  windowUpdated: "Janela de agendamento atualizada",
} as const;

/** Spec section 9: booking window options in days; default 30. */
export const BOOKING_WINDOW_OPTIONS = [7, 14, 21, 30, 45, 60, 90, 180, 365] as const;
export const DEFAULT_BOOKING_WINDOW = 30;
