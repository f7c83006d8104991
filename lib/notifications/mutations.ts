import "server-only";
import { sql } from "drizzle-orm";
import type { Write } from "@/lib/pipeline";
import { fail, ok, type ActionResult } from "@/lib/core/actions/result";
import { NOTIFICATION_MESSAGES as MSG } from "./messages";
import type { ReminderSettingsFields } from "./schemas";
import { whatsAppConfig } from "./whatsapp";

/**
 * Saves the card: the business's settings (a row made on the first save), the caller's own morning
 * summary, and — in the same transaction — every upcoming appointment's reminder jobs re-timed to
 * the new lead times, or removed when switched off (agenda_reschedule_business_reminders).
 */
export async function saveReminderSettings(w: Write, input: ReminderSettingsFields): Promise<ActionResult> {
  if (input.whatsapp && !whatsAppConfig()) return fail(MSG.saveError, MSG.whatsAppOff, { whatsapp: MSG.whatsAppOff });
  const leads = [input.firstLead, ...(input.secondLead !== null && input.secondLead !== undefined ? [input.secondLead] : [])];
  const channels = [...(input.email ? ["email"] : []), ...(input.whatsapp ? ["whatsapp"] : [])];
  const { businessId, userId } = w.ctx;
  await w.tx.execute(sql`
    insert into business_notification_settings (business_id, reminders_enabled, reminder_lead_minutes, reminder_channels, owner_emails, client_change_messages, updated_by, updated_at)
    values (${businessId}, ${input.remindersEnabled}, ${`{${leads.join(",")}}`}::integer[], ${`{${channels.join(",")}}`}::text[], ${input.ownerEmails}, ${input.clientChangeMessages}, ${userId}, now())
    on conflict (business_id) do update set reminders_enabled = excluded.reminders_enabled, reminder_lead_minutes = excluded.reminder_lead_minutes,
      reminder_channels = excluded.reminder_channels, owner_emails = excluded.owner_emails, client_change_messages = excluded.client_change_messages, updated_by = excluded.updated_by, updated_at = now()`);
  await w.tx.execute(sql`update user_business_roles set daily_summary = ${input.dailySummary} where business_id = ${businessId} and user_id = ${userId}`);
  await w.tx.execute(sql`select agenda_reschedule_business_reminders(${businessId})`);
  return ok();
}

/** 'Marcar todas como lidas' for the caller in this business. */
export async function markAllRead(w: Write): Promise<ActionResult> {
  await w.tx.execute(sql`
    insert into notification_reads (user_id, business_id, read_at) values (${w.ctx.userId}, ${w.ctx.businessId}, now())
    on conflict (user_id, business_id) do update set read_at = now()`);
  return ok();
}
