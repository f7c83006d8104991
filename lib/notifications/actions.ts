"use server";

import { defineAction } from "@/lib/pipeline";
import { markAllRead, saveReminderSettings } from "./mutations";
import { NOTIFICATION_MESSAGES as MSG } from "./messages";
import { markReadSchema, reminderSettingsSchema } from "./schemas";

/** The owner's 'Lembretes' card on Meus Dados. */
export const saveReminderSettingsAction = defineAction({
  name: "notifications.settings",
  level: "owner",
  schema: reminderSettingsSchema,
  error: MSG.saveError,
  revalidate: ["/business-profile"],
  run: ({ input, ...w }) => saveReminderSettings(w, input),
});

/** The bell's 'Marcar todas como lidas': the caller's own marker, for any staff member. */
export const markNotificationsReadAction = defineAction({
  name: "notifications.markRead",
  level: "staff",
  schema: markReadSchema,
  error: "Não foi possível marcar as notificações",
  run: (w) => markAllRead(w),
});
