/** Spec section 8 (appointments) and section 5 (creation and saving services): the texts. Apart from the schemas, so the agenda ships no zod until a form opens. */
import { CONFLICTS } from "@/lib/core/actions/messages";
export const APPOINTMENT_MESSAGES = {
  created: "Agendamento criado",
  createdDescription: "O agendamento foi criado com sucesso.",
  deleted: "Agendamento deletado",
  /** 'Desfazer' after a delete (lib/appointments/undo-delete.ts). */
  undoDeleteError: "Erro ao desfazer a exclusão",
  undoDeleteExpired: "O prazo para desfazer terminou: o agendamento continua excluído.",
  dateUpdated: "Data atualizada",
  timeUpdated: "Horário atualizado",
  statusUpdated: "Status atualizado",
  servicesUpdated: "Serviços atualizados",
  servicesUpdatedDescription: "Os serviços e profissionais foram salvos com sucesso.",
  createError: "Erro ao criar agendamento",
  createFallback: "Não foi possível criar o agendamento. Verifique os profissionais e horários selecionados.",
  deleteError: "Erro ao deletar agendamento",
  dateError: "Erro ao atualizar data",
  timeError: "Erro ao atualizar horário",
  rescheduleError: "Erro ao reagendar",
  rescheduled: "Agendamento reagendado",
  loadFreeTimesError: "Erro ao carregar os horários livres",
  statusError: "Erro ao atualizar status",
  servicesError: "Erro ao salvar serviços e profissionais",
  loadError: "Erro ao carregar agendamentos",
  loadFallback: "Erro inesperado ao carregar agendamentos",
  loadProfessionalsError: "Erro ao carregar dados dos profissionais",
  loadServicesError: "Erro ao carregar serviços",
  clientRequired: "Cliente obrigatório",
  clientRequiredDescription: "Selecione um cliente ou crie um novo.",
  nameRequired: "Nome obrigatório",
  nameRequiredDescription: "O nome do cliente é obrigatório.",
  timeRequired: "Horário obrigatório",
  timeRequiredDescription: "Informe o horário do agendamento.",
  clientBusy: "Cliente já possui agendamento",
  clientBusyInline: "Este cliente já tem um agendamento neste horário. Edite o agendamento existente para adicionar mais serviços.",
  conflict: "Conflito de agenda",
  conflictDescription: "Este profissional já possui atendimento nesse período. Ajuste o horário ou escolha outro profissional.",
  servicesConflictDescription: "Um dos profissionais já possui atendimento nesse período. Ajuste o horário ou escolha outro profissional.",
  professionalRequired: "Profissional obrigatório",
  professionalRequiredDescription: "Todos os serviços devem ter um profissional atribuído.",
  professionalUnavailable: "Profissional indisponível",
  notOffered: "Serviço não oferecido",
  professionalUnavailableDescription: "Um dos profissionais selecionados está indisponível neste horário. Escolha outro.",
  noneAvailable: "Nenhum profissional disponível para este serviço no horário selecionado",
  clientCreateError: "Erro ao criar cliente: Ocorreu um erro ao criar o cliente.",
  addServicesError: "Erro ao adicionar serviços",
  notFound: "Agendamento não encontrado.",
  seriesError: "Erro ao criar agendamentos",
  seriesCreated: "Agendamentos criados",
  seriesPreviewError: "Erro ao verificar as datas",
  columnServiceRequired: "Escolha ao menos um serviço com o profissional da coluna.",
} as const;

/** A line given to a professional who does not offer its service (a drop on another column, a stale form). */
export function notOfferedText(professional: string, service: string): string {
  return `${professional} não oferece o serviço "${service}". Escolha outro profissional.`;
}

/** Novo Agendamento from a professional's 'Grade' column: the booking must keep them (schemas.ts keepsColumn). */
export function columnServiceText(name: string): string {
  return `Escolha ao menos um serviço com ${name}.`;
}

/** A service switched to 'Inativo' (on Serviços) after the list was loaded: it takes no new booking. */
export function inactiveServiceText(name: string): string {
  return `O serviço "${name}" está inativo e não pode ser agendado. Recarregue a página.`;
}

/**
 * The refusal code of the hours rule (lib/appointments/rules/availability.ts): the screens offer 'Encaixe
 * fora do horário' on it (the title and text come from OUTSIDE_HOURS_TEXT and hoursProblemText).
 */
export const OUTSIDE_HOURS_CODE = "outside-hours";

/**
 * The codes of the booking refusals code branches on (never on their texts): the client already
 * has an appointment then, or a professional is busy. The pipeline gives the database's exclusion
 * violations the same codes (lib/core/actions/messages.ts CONFLICTS).
 */
export const CLIENT_BUSY_CODE = CONFLICTS.client.code;
export const PROFESSIONAL_BUSY_CODE = CONFLICTS.professional.code;
