import { z } from "zod";
import { NOTIFICATION_MESSAGES as MSG } from "./messages";

const lead = z.number({ message: MSG.leadRange }).int(MSG.leadRange).min(30, MSG.leadRange).max(4320, MSG.leadRange);

/** The 'Lembretes' card: reminders, their one or two lead times and channels; the owners' e-mails; my morning summary. */
export const reminderSettingsSchema = z
  .object({
    remindersEnabled: z.boolean(),
    firstLead: lead,
    secondLead: lead.nullable(),
    email: z.boolean(),
    whatsapp: z.boolean(),
    ownerEmails: z.boolean(),
    clientChangeMessages: z.boolean(),
    dailySummary: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.secondLead !== null && v.secondLead === v.firstLead) ctx.addIssue({ code: "custom", path: ["secondLead"], message: MSG.leadsDiffer });
    if (!v.email && !v.whatsapp) ctx.addIssue({ code: "custom", path: ["email"], message: MSG.channelRequired });
  });
export type ReminderSettingsFields = z.input<typeof reminderSettingsSchema>;

/** 'Marcar todas como lidas': nothing but the business. */
export const markReadSchema = z.object({});
