/**
 * The 'Lembretes' card and the bell through their real server actions and live read: the card saves
 * what the owner chose (defaults without a row), refuses what can't be (the same lead twice, no
 * channel, a lead out of range, WhatsApp on a server without it) keeping everything as it was, and
 * re-times every upcoming appointment's reminder jobs in the save's own transaction; the bell counts
 * what the caller has not read, and 'Marcar todas como lidas' is the caller's own. Only the owners
 * of the business write the card; other businesses neither read nor write any of it.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { ACCESS } from "@/lib/auth/permissions";
import { addDays } from "@/lib/core/time/business-date";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { reminderDueAt } from "@/lib/jobs/rules";
import { markNotificationsReadAction, saveReminderSettingsAction } from "@/lib/notifications/actions";
import { NOTIFICATION_MESSAGES as MSG } from "@/lib/notifications/messages";
import { reminderSettings } from "@/lib/notifications/queries";
import { notificationsRead } from "@/lib/notifications/reads";
import type { ReminderSettingsFields } from "@/lib/notifications/schemas";
import { actAs, readAs, revalidated } from "./act-as";
import { addBusinessRole, createAppointment, createClient, createUser, twoBusinesses } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const DEFAULTS: ReminderSettingsFields = {
  remindersEnabled: false, firstLead: 1440, secondLead: 120, email: true, whatsapp: false, ownerEmails: true, clientChangeMessages: true, dailySummary: false,
};
const card = (over: Partial<ReminderSettingsFields> = {}): ReminderSettingsFields => ({ ...DEFAULTS, remindersEnabled: true, ...over });

type Cast = Awaited<ReturnType<typeof cast>>;

/** A business with its owner, an administrator and an employee; a stranger owns another one. */
async function cast() {
  const c = await twoBusinesses();
  const admin = await createUser();
  await addBusinessRole(admin.id, c.business.id, "admin");
  return { ...c, admin };
}

async function settingsRow(businessId: string) {
  const [row] = await db.execute<{ reminders_enabled: boolean; reminder_lead_minutes: number[]; reminder_channels: string[]; owner_emails: boolean; updated_by: string }>(sql`
    select reminders_enabled, reminder_lead_minutes, reminder_channels, owner_emails, updated_by from business_notification_settings where business_id = ${businessId}`);
  return row;
}

async function summaryOf(businessId: string, userId: string) {
  const [row] = await db.execute<{ daily_summary: boolean }>(sql`select daily_summary from user_business_roles where business_id = ${businessId} and user_id = ${userId}`);
  return row.daily_summary;
}

/** The appointment's reminder jobs on the queue (graphile-worker's view), by slot. */
async function jobsOf(appointmentId: string) {
  return db.execute<{ key: string; run_at: Date }>(sql`
    select key, run_at from graphile_worker.jobs where key like ${`reminder:${appointmentId}:%`} order by key`);
}
const runAts = async (appointmentId: string) => (await jobsOf(appointmentId)).map((j) => new Date(j.run_at).getTime());

describe("the 'Lembretes' card", () => {
  let s: Cast;
  beforeAll(async () => {
    s = await cast();
  });

  test("a business without a row shows the defaults: off, 24 h and 2 h, e-mail, the owners' e-mails on, no summary", async () => {
    expect(await reminderSettings(s.business.id, s.owner.id)).toEqual(DEFAULTS);
    expect(await settingsRow(s.business.id)).toBeUndefined();
  });

  test("the owner saves it: the business's row, and the morning summary for the owner alone", async () => {
    await actAs(s.owner.id);
    const v = card({ firstLead: 2880, secondLead: null, ownerEmails: false, dailySummary: true });
    expect(await saveReminderSettingsAction({ businessId: s.business.id, ...v })).toEqual({ ok: true });
    expect(revalidated).toContain("/business-profile");
    expect(await settingsRow(s.business.id)).toEqual({
      reminders_enabled: true, reminder_lead_minutes: [2880], reminder_channels: ["email"], owner_emails: false, updated_by: s.owner.id,
    });
    expect(await reminderSettings(s.business.id, s.owner.id)).toEqual(v);
    // The summary switch is each member's own: the administrator's stays as it was.
    expect(await summaryOf(s.business.id, s.admin.id)).toBe(false);
    expect((await reminderSettings(s.business.id, s.admin.id)).dailySummary).toBe(false);

    // An administrator is an owner here: saving again updates the same row, and sets their own summary.
    await actAs(s.admin.id);
    expect(await saveReminderSettingsAction({ businessId: s.business.id, ...card({ firstLead: 60, secondLead: 30, dailySummary: true }) })).toEqual({ ok: true });
    expect(await settingsRow(s.business.id)).toMatchObject({ reminder_lead_minutes: [60, 30], owner_emails: true, updated_by: s.admin.id });
    expect(await summaryOf(s.business.id, s.admin.id)).toBe(true);
    expect(await summaryOf(s.business.id, s.owner.id)).toBe(true);
  });

  test("what can't be is refused on its field, in Portuguese, and nothing changes", async () => {
    await actAs(s.owner.id);
    const before = await settingsRow(s.business.id);
    const save = (over: Partial<ReminderSettingsFields> | Record<string, unknown>) =>
      saveReminderSettingsAction({ businessId: s.business.id, ...card(), dailySummary: false, ...over } as ReminderSettingsFields & { businessId: string });

    expect(await save({ firstLead: 120, secondLead: 120 })).toEqual({
      ok: false, error: MSG.saveError, description: MSG.leadsDiffer, fieldErrors: { secondLead: MSG.leadsDiffer },
    });
    expect(await save({ email: false, whatsapp: false })).toMatchObject({ ok: false, error: MSG.saveError, fieldErrors: { email: MSG.channelRequired } });
    for (const lead of [29, 0, -30, 4321, 10_000, 90.5]) {
      expect(await save({ firstLead: lead })).toMatchObject({ ok: false, fieldErrors: { firstLead: MSG.leadRange } });
      expect(await save({ secondLead: lead })).toMatchObject({ ok: false, fieldErrors: { secondLead: MSG.leadRange } });
    }
    expect(await save({ firstLead: "1440" })).toMatchObject({ ok: false, fieldErrors: { firstLead: MSG.leadRange } });
    expect(await save({ firstLead: null })).toMatchObject({ ok: false, fieldErrors: { firstLead: MSG.leadRange } });
    expect(await save({ remindersEnabled: "sim" })).toMatchObject({ ok: false, error: MSG.saveError });

    // This server has no WhatsApp: the channel is refused with the reason, on its field.
    expect(await save({ whatsapp: true })).toEqual({ ok: false, error: MSG.saveError, description: MSG.whatsAppOff, fieldErrors: { whatsapp: MSG.whatsAppOff } });

    expect(await settingsRow(s.business.id)).toEqual(before);
    expect(await summaryOf(s.business.id, s.owner.id)).toBe(true);
  });

  test("the edges of the range save: 30 minutes and 72 hours", async () => {
    await actAs(s.owner.id);
    expect(await saveReminderSettingsAction({ businessId: s.business.id, ...card({ firstLead: 30, secondLead: 4320 }) })).toEqual({ ok: true });
    expect((await settingsRow(s.business.id)).reminder_lead_minutes).toEqual([30, 4320]);
  });

  test("with the WhatsApp variables set, WhatsApp saves, alone or with e-mail", async () => {
    const vars = { WHATSAPP_TOKEN: "tok", WHATSAPP_PHONE_NUMBER_ID: "123", WHATSAPP_REMINDER_TEMPLATE: "lembrete" };
    const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
    Object.assign(process.env, vars);
    try {
      await actAs(s.owner.id);
      expect(await saveReminderSettingsAction({ businessId: s.business.id, ...card({ email: false, whatsapp: true }) })).toEqual({ ok: true });
      expect((await settingsRow(s.business.id)).reminder_channels).toEqual(["whatsapp"]);
      expect(await saveReminderSettingsAction({ businessId: s.business.id, ...card({ whatsapp: true }) })).toEqual({ ok: true });
      expect((await settingsRow(s.business.id)).reminder_channels).toEqual(["email", "whatsapp"]);
      expect(await reminderSettings(s.business.id, s.owner.id)).toMatchObject({ email: true, whatsapp: true });
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  test("an employee, another business's owner and nobody signed in can't save it", async () => {
    const before = await settingsRow(s.business.id);
    for (const who of [s.employee.id, s.stranger.id]) {
      await actAs(who);
      expect(await saveReminderSettingsAction({ businessId: s.business.id, ...card({ remindersEnabled: false, dailySummary: true }) })).toMatchObject({
        ok: false, description: ACCESS.forbidden,
      });
    }
    await actAs(null);
    expect((await saveReminderSettingsAction({ businessId: s.business.id, ...card({ remindersEnabled: false }) })).ok).toBe(false);
    expect(await settingsRow(s.business.id)).toEqual(before);
    expect(await summaryOf(s.business.id, s.employee.id)).toBe(false);
  });
});

describe("saving re-times the upcoming appointments' reminders in the same transaction", () => {
  test("switching off removes them, on adds them, new lead times move them, a refused save leaves them", async () => {
    const s = await cast();
    const client = await createClient(s.business.id);
    // Tomorrow at 23:00 (business zone): every lead below is still ahead, whatever the hour now.
    const date = addDays(todayInBusiness(), 1);
    const save = async (v: ReminderSettingsFields) => {
      await actAs(s.owner.id);
      return saveReminderSettingsAction({ businessId: s.business.id, ...v });
    };
    expect(await save(card({ firstLead: 180, secondLead: 60 }))).toEqual({ ok: true });
    const a = await createAppointment({ businessId: s.business.id, clientId: client.id, date, time: "23:00" });
    // Another business's appointment: its jobs are not this card's.
    const theirs = await createAppointment({ businessId: s.other.id, clientId: (await createClient(s.other.id)).id, date, time: "23:00" });
    await db.execute(sql`insert into business_notification_settings (business_id, reminders_enabled, reminder_lead_minutes) values (${s.other.id}, true, '{60}')`);
    await db.execute(sql`select agenda_reschedule_business_reminders(${s.other.id})`);
    expect(await runAts(theirs.id)).toEqual([reminderDueAt(date, "23:00", 60).getTime()]);

    expect(await runAts(a.id)).toEqual([reminderDueAt(date, "23:00", 180).getTime(), reminderDueAt(date, "23:00", 60).getTime()]);

    expect(await save(card({ remindersEnabled: false, firstLead: 180, secondLead: 60 }))).toEqual({ ok: true });
    expect(await jobsOf(a.id)).toHaveLength(0);

    expect(await save(card({ firstLead: 120, secondLead: 30 }))).toEqual({ ok: true });
    expect(await runAts(a.id)).toEqual([reminderDueAt(date, "23:00", 120).getTime(), reminderDueAt(date, "23:00", 30).getTime()]);

    expect(await save(card({ firstLead: 360, secondLead: null }))).toEqual({ ok: true });
    expect((await jobsOf(a.id)).map((j) => j.key)).toEqual([`reminder:${a.id}:1`]);
    expect(await runAts(a.id)).toEqual([reminderDueAt(date, "23:00", 360).getTime()]);

    // A save the server refuses (WhatsApp is not configured here) rolls back with its jobs untouched.
    expect((await save(card({ remindersEnabled: false, whatsapp: true }))).ok).toBe(false);
    expect(await runAts(a.id)).toEqual([reminderDueAt(date, "23:00", 360).getTime()]);

    expect(await runAts(theirs.id)).toEqual([reminderDueAt(date, "23:00", 60).getTime()]);
  });
});

describe("the bell", () => {
  let s: Cast;
  let appointmentId: string;
  const notify = (businessId: string, kind: string, createdAt = "now()") =>
    db.execute(sql`insert into business_notifications (business_id, appointment_id, kind, created_at)
                   values (${businessId}, ${appointmentId}, ${kind}, ${sql.raw(createdAt)})`);
  const bellAs = async (userId: string, businessId = s.business.id) => {
    await actAs(userId);
    return readAs(notificationsRead, { businessId });
  };

  beforeAll(async () => {
    s = await cast();
    const client = await createClient(s.business.id, { name: "Ana Souza" });
    const a = await createAppointment({ businessId: s.business.id, clientId: client.id, date: addDays(todayInBusiness(), 4), time: "14:00" });
    appointmentId = a.id;
  });

  test("empty at first; then the latest 20, newest first, all unread for someone who never read them", async () => {
    expect((await bellAs(s.employee.id)).body).toEqual({ unread: 0, items: [] });
    for (let i = 25; i >= 1; i--) await notify(s.business.id, i % 2 ? "online_booking" : "client_confirmed", `now() - interval '${i} minutes'`);
    const { status, body } = await bellAs(s.employee.id);
    expect(status).toBe(200);
    const items = body.items as { kind: string; createdAt: string; clientName: string; unread: boolean; appointmentId: string; time: string }[];
    expect(body.unread).toBe(25);
    expect(items).toHaveLength(20);
    expect(items.map((n) => Date.parse(n.createdAt))).toEqual(items.map((n) => Date.parse(n.createdAt)).sort((x, y) => y - x));
    expect(items[0]).toMatchObject({ kind: "online_booking", clientName: "Ana Souza", time: "14:00", appointmentId, unread: true });
  });

  test("'Marcar todas como lidas' is the caller's own: their count goes to 0, the others' stays; what comes after is unread", async () => {
    await actAs(s.employee.id);
    expect(await markNotificationsReadAction({ businessId: s.business.id })).toEqual({ ok: true });
    let mine = (await bellAs(s.employee.id)).body;
    expect(mine.unread).toBe(0);
    expect((mine.items as { unread: boolean }[]).every((n) => !n.unread)).toBe(true);
    expect((await bellAs(s.owner.id)).body.unread).toBe(25);

    await notify(s.business.id, "client_cancelled");
    mine = (await bellAs(s.employee.id)).body;
    expect(mine.unread).toBe(1);
    expect((mine.items as { kind: string; unread: boolean }[])[0]).toMatchObject({ kind: "client_cancelled", unread: true });

    // Marking again moves the caller's marker (one row per member and business).
    await actAs(s.employee.id);
    expect(await markNotificationsReadAction({ businessId: s.business.id })).toEqual({ ok: true });
    const [{ n }] = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from notification_reads where user_id = ${s.employee.id} and business_id = ${s.business.id}`);
    expect(n).toBe(1);
    expect((await bellAs(s.employee.id)).body.unread).toBe(0);
  });

  test("another business's owner reads none of it and marks nothing; nobody signed in neither", async () => {
    const refused = await bellAs(s.stranger.id);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain("Ana Souza");

    await actAs(s.stranger.id);
    expect(await markNotificationsReadAction({ businessId: s.business.id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    const [{ n }] = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from notification_reads where user_id = ${s.stranger.id}`);
    expect(n).toBe(0);

    await actAs(null);
    expect((await readAs(notificationsRead, { businessId: s.business.id })).status).toBe(401);
    expect((await markNotificationsReadAction({ businessId: s.business.id })).ok).toBe(false);

    // Their own bell is theirs alone: nothing of this business in it.
    expect((await bellAs(s.stranger.id, s.other.id)).body).toEqual({ unread: 0, items: [] });
  });
});
