import { z } from "zod";
import { parseDateOnly } from "@/lib/time/business-time";
import { openingRangeError } from "@/lib/scheduling/weekly-hours";

/** Spec section 8, business hours and holidays: every failure is titled 'Erro' unless noted. */
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

export const bookingWindowSchema = z.object({
  days: z.number().int().refine((n) => (BOOKING_WINDOW_OPTIONS as readonly number[]).includes(n), HOURS_MESSAGES.invalidWindow),
});

export const holidaySettingSchema = z.object({ worksOnHolidays: z.boolean() });

const time = z.string().trim();

const daySchema = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  isOpen: z.boolean(),
  openTime: time,
  closeTime: time,
});

/** The seven days, saved together; an open day needs closing after opening (field error on that day). */
export const weeklyHoursSchema = z
  .object({ days: z.array(daySchema).length(7, HOURS_MESSAGES.invalidWeek) })
  .superRefine(({ days }, ctx) => {
    if (days.length !== 7) return;
    if (new Set(days.map((d) => d.dayOfWeek)).size !== 7) {
      ctx.addIssue({ code: "custom", path: ["days"], message: HOURS_MESSAGES.invalidWeek });
      return;
    }
    days.forEach((d, i) => {
      if (!d.isOpen) return;
      const problem = openingRangeError(d.openTime, d.closeTime);
      if (problem) ctx.addIssue({ code: "custom", path: ["days", i, problem.field], message: problem.message });
    });
  });
export type WeeklyHoursInput = z.input<typeof weeklyHoursSchema>;

/** A specific holiday: name and date required; times only when open, closing after opening. */
export const addHolidaySchema = z
  .object({
    name: z.string().trim().min(1, HOURS_MESSAGES.holidayName).max(100, "Máximo de 100 caracteres"),
    date: z.string().trim().refine((d) => {
      try {
        parseDateOnly(d);
        return true;
      } catch {
        return false;
      }
    }, HOURS_MESSAGES.holidayDate),
    isWorking: z.boolean(),
    openTime: time,
    closeTime: time,
  })
  .superRefine((h, ctx) => {
    if (!h.isWorking) return;
    const problem = openingRangeError(h.openTime, h.closeTime);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  })
  .transform((h) => ({
    name: h.name,
    date: h.date,
    isWorking: h.isWorking,
    openTime: h.isWorking ? h.openTime : null,
    closeTime: h.isWorking ? h.closeTime : null,
  }));
export type AddHolidayInput = z.input<typeof addHolidaySchema>;

export const holidayIdSchema = z.object({ id: z.uuid(HOURS_MESSAGES.holidayNotFound) });

/** The read of the whole screen, for live refreshes. */
export const loadHoursSchema = z.object({});
