/**
 * Reminders on the real job queue (graphile-worker on this run's PostgreSQL): the trigger adds,
 * moves and removes an appointment's jobs atomically with its writes; a job sends once per
 * channel whatever retries, racing workers, a reschedule back and forth or a killed worker do;
 * nothing is sent for an appointment cancelled or moved before its time; a job that keeps
 * failing ends failed and visible.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { appointments } from "@/db/schema";
import { jobQueueStatus } from "@/lib/admin/queries";
import { startJobs, type Jobs } from "@/lib/core/jobs/queue";
import { runDailySummary } from "@/lib/jobs/daily-summary";
import { runOwnerNotice } from "@/lib/jobs/owner-notice";
import { runReminder } from "@/lib/jobs/reminder";
import { reminderDueAt, type ReminderPayload } from "@/lib/jobs/rules";
import { JOB_TASKS } from "@/lib/jobs/tasks";
import { STATUS } from "@/lib/appointments/status";
import { addDays } from "@/lib/core/time/business-date";
import { businessDateTimeToInstant, instantToBusinessParts, todayInBusiness } from "@/lib/core/time/business-time";
import { callToCancelText } from "@/lib/reminder-links/messages";
import { linkByHash } from "@/lib/reminder-links/queries";
import { linkState } from "@/lib/reminder-links/state";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { startWhatsAppStandIn } from "../support/whatsapp-stand-in";
import { hashLinkToken } from "@/lib/reminder-links/tokens";
import { addBusinessRole, createAppointment, createClient, createSalon, createUser } from "./fixtures";
import { eq } from "drizzle-orm";

vi.mock("server-only", () => ({}));

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});

type Job = { id: string; key: string; run_at: Date; locked_at: Date | null; attempts: number; max_attempts: number; last_error: string | null; payload?: ReminderPayload };

async function jobsOf(appointmentId: string): Promise<Job[]> {
  return db.execute<Job>(sql`
    select j.id::text, j.key, j.run_at, j.locked_at, j.attempts, j.max_attempts, j.last_error, p.payload
      from graphile_worker.jobs j join graphile_worker._private_jobs p on p.id = j.id
     where j.key like ${`reminder:${appointmentId}:%`} order by j.key`);
}

async function enableReminders(businessId: string, leads = [1440, 120], channels = ["email"]) {
  await db.execute(sql`
    insert into business_notification_settings (business_id, reminders_enabled, reminder_lead_minutes, reminder_channels)
    values (${businessId}, true, ${`{${leads.join(",")}}`}::integer[], ${`{${channels.join(",")}}`}::text[])
    on conflict (business_id) do update set reminders_enabled = true, reminder_lead_minutes = excluded.reminder_lead_minutes,
      reminder_channels = excluded.reminder_channels`);
  await db.execute(sql`select agenda_reschedule_business_reminders(${businessId})`);
}

/** A salon with reminders on and one appointment `days` ahead at `time`. */
async function booked(days = 2, time = "10:00", leads = [1440, 120]) {
  const salon = await createSalon();
  await enableReminders(salon.business.id, leads);
  const a = await createAppointment({
    businessId: salon.business.id, clientId: salon.client.id, date: addDays(todayInBusiness(), days), time,
    services: [{ serviceId: salon.service.id, professionalId: salon.professional.id }],
  });
  return { ...salon, appointment: a };
}

/** Makes the appointments' reminder jobs due now (the queue's own function), as if their time had come. */
async function dueNow(appointmentIds: string[]) {
  await db.execute(sql`
    select graphile_worker.reschedule_jobs(array(
      select id from graphile_worker.jobs where key like any(${pgArray(appointmentIds.map((id) => `reminder:${id}:%`))}::text[])
    ), run_at := now())`);
}

async function deliveries(appointmentIds: string[]) {
  return db.execute<{ subject_id: string; kind: string; due_at: Date; recipient: string }>(sql`
    select subject_id, kind, due_at, recipient from notification_deliveries where subject_id = any(${pgArray(appointmentIds)}::uuid[])`);
}

const sentTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

/** An array as one parameter (drizzle spreads a JS array into a row). */
const pgArray = (values: string[]) => `{${values.join(",")}}`;

/** A message's text with quoted-printable undone. */
const decoded = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");

/** Waits until `check` holds (polling the database), failing after `ms`. */
async function until(check: () => Promise<boolean>, ms = 30_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condição não atingida a tempo");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the trigger keeps the jobs with the appointment", () => {
  test("a booking adds one job per lead time, due at the start minus the lead", async () => {
    const { appointment: a } = await booked(2, "10:00");
    const jobs = await jobsOf(a.id);
    expect(jobs.map((j) => j.key)).toEqual([`reminder:${a.id}:1`, `reminder:${a.id}:2`]);
    expect(new Date(jobs[0].run_at).getTime()).toBe(reminderDueAt(a.date, "10:00", 1440).getTime());
    expect(new Date(jobs[1].run_at).getTime()).toBe(reminderDueAt(a.date, "10:00", 120).getTime());
    expect(jobs[0].payload).toMatchObject({ appointmentId: a.id, lead: 1440 });
  });

  test("a move moves them, a cancel or a delete removes them, and a rolled-back write leaves none", async () => {
    const { appointment: a } = await booked(3, "10:00");
    await db.update(appointments).set({ time: "15:30" }).where(eq(appointments.id, a.id));
    let jobs = await jobsOf(a.id);
    expect(jobs).toHaveLength(2);
    expect(new Date(jobs[1].run_at).getTime()).toBe(reminderDueAt(a.date, "15:30", 120).getTime());
    expect(jobs[1].payload?.due && new Date(jobs[1].payload.due).getTime()).toBe(reminderDueAt(a.date, "15:30", 120).getTime());

    await db.update(appointments).set({ statusId: STATUS.cancelado }).where(eq(appointments.id, a.id));
    expect(await jobsOf(a.id)).toHaveLength(0);
    await db.update(appointments).set({ statusId: STATUS.pendente }).where(eq(appointments.id, a.id));
    expect(await jobsOf(a.id)).toHaveLength(2);

    await expect(
      db.transaction(async (tx) => {
        await tx.update(appointments).set({ date: addDays(a.date, 1) }).where(eq(appointments.id, a.id));
        throw new Error("desfaz");
      }),
    ).rejects.toThrow("desfaz");
    jobs = await jobsOf(a.id);
    expect(new Date(jobs[1].run_at).getTime()).toBe(reminderDueAt(a.date, "15:30", 120).getTime());

    await db.delete(appointments).where(eq(appointments.id, a.id));
    expect(await jobsOf(a.id)).toHaveLength(0);
  });

  test("a lead time already past adds no job; switching reminders off removes every upcoming one", async () => {
    const now = new Date(Date.now() + 3 * 3_600_000);
    const soon = instantToBusinessParts(now);
    const salon = await createSalon();
    await enableReminders(salon.business.id);
    const a = await createAppointment({ businessId: salon.business.id, clientId: salon.client.id, date: soon.date, time: soon.time });
    expect((await jobsOf(a.id)).map((j) => j.key)).toEqual([`reminder:${a.id}:2`]);

    await db.execute(sql`update business_notification_settings set reminders_enabled = false where business_id = ${salon.business.id}`);
    await db.execute(sql`select agenda_reschedule_business_reminders(${salon.business.id})`);
    expect(await jobsOf(a.id)).toHaveLength(0);
  });

  test("a business without reminders gets no jobs", async () => {
    const salon = await createSalon();
    const a = await createAppointment({ businessId: salon.business.id, clientId: salon.client.id, date: addDays(todayInBusiness(), 2), time: "10:00" });
    expect(await jobsOf(a.id)).toHaveLength(0);
  });
});

describe("a reminder is sent once, and only while it is still true", () => {
  test("the e-mail names the business, the time, the services, and carries two single-purpose links", async () => {
    const { appointment: a, client, business } = await booked(2, "10:00");
    const [job] = await jobsOf(a.id);
    const first = await runReminder(job.payload!);
    expect(first).toEqual({ verdict: "send", sent: ["reminder_email"], duplicates: [], skipped: [] });
    const again = await runReminder(job.payload!);
    expect(again).toEqual({ verdict: "send", sent: [], duplicates: ["reminder_email"], skipped: [] });
    const mails = sentTo(client.email!);
    expect(mails).toHaveLength(1);
    const raw = decoded(mails[0].raw);
    expect(raw).toContain(business.name);
    expect(raw).toContain("Confirmar presença");
    expect(raw).toContain("Preciso cancelar");
    const tokens = await db.execute<{ purpose: string; expires_at: Date }>(sql`
      select purpose, expires_at from appointment_link_tokens where appointment_id = ${a.id} order by purpose`);
    expect(tokens.map((t) => t.purpose)).toEqual(["cancel", "confirm"]);
    expect(new Date(tokens[0].expires_at).getTime()).toBe(reminderDueAt(a.date, "10:00", 0).getTime());
  });

  test("moved, cancelled or switched off before its time: nothing is sent", async () => {
    const { appointment: a, client, business } = await booked(2, "10:00");
    const [job] = await jobsOf(a.id);
    await db.update(appointments).set({ time: "11:00" }).where(eq(appointments.id, a.id));
    expect((await runReminder(job.payload!)).verdict).toBe("moved");
    // Moved back: the old job's due time is true again, and it sends (once).
    await db.update(appointments).set({ time: "10:00" }).where(eq(appointments.id, a.id));
    expect((await runReminder(job.payload!)).sent).toEqual(["reminder_email"]);
    await db.update(appointments).set({ time: "11:00" }).where(eq(appointments.id, a.id));
    await db.update(appointments).set({ time: "10:00" }).where(eq(appointments.id, a.id));
    const [replaced] = await jobsOf(a.id);
    expect((await runReminder(replaced.payload!)).duplicates).toEqual(["reminder_email"]);

    await db.update(appointments).set({ statusId: STATUS.cancelado }).where(eq(appointments.id, a.id));
    expect((await runReminder({ ...job.payload!, lead: 120, due: reminderDueAt(a.date, "10:00", 120).toISOString() })).verdict).toBe("not-active");
    await db.update(appointments).set({ statusId: STATUS.confirmado }).where(eq(appointments.id, a.id));
    await db.execute(sql`update business_notification_settings set reminders_enabled = false where business_id = ${business.id}`);
    expect((await runReminder({ ...job.payload!, lead: 120, due: reminderDueAt(a.date, "10:00", 120).toISOString() })).verdict).toBe("switched-off");
    expect(sentTo(client.email!)).toHaveLength(1);
  });

  test("ten racing attempts at one reminder send one message", async () => {
    const { appointment: a, client } = await booked(2, "10:00");
    const [job] = await jobsOf(a.id);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => runReminder(job.payload!)));
    expect(outcomes.filter((o) => o.sent.length === 1)).toHaveLength(1);
    expect(sentTo(client.email!)).toHaveLength(1);
  });

  test("a send that fails claims nothing; its retry sends", async () => {
    const { appointment: a, client } = await booked(2, "10:00");
    const [job] = await jobsOf(a.id);
    smtp.setRefuse(true);
    await expect(runReminder(job.payload!)).rejects.toThrow();
    smtp.setRefuse(false);
    expect(await deliveries([a.id])).toHaveLength(0);
    expect(await db.execute(sql`select 1 from appointment_link_tokens where appointment_id = ${a.id}`)).toHaveLength(0);
    expect((await runReminder(job.payload!)).sent).toEqual(["reminder_email"]);
    expect(sentTo(client.email!)).toHaveLength(1);
  });
});

describe("the salon hears", () => {
  test("an owner notice goes once to each owner and administrator, not to employees, and not when switched off", async () => {
    const salon = await createSalon();
    const admin = await createUser();
    const employee = await createUser();
    await addBusinessRole(admin.id, salon.business.id, "admin");
    await addBusinessRole(employee.id, salon.business.id, "employee");
    const a = await createAppointment({ businessId: salon.business.id, clientId: salon.client.id, date: addDays(todayInBusiness(), 2), time: "10:00" });
    const [n] = await db.execute<{ id: string }>(sql`
      insert into business_notifications (business_id, appointment_id, kind) values (${salon.business.id}, ${a.id}, 'online_booking') returning id`);
    expect(await db.execute(sql`select 1 from graphile_worker.jobs where key = ${`owner_notice:${n.id}`}`)).toHaveLength(1);
    expect(await runOwnerNotice({ notificationId: n.id })).toBe(2);
    expect(await runOwnerNotice({ notificationId: n.id })).toBe(0);
    expect(sentTo(salon.owner.email)).toHaveLength(1);
    expect(decoded(sentTo(admin.email)[0].raw)).toContain(`Novo agendamento online: ${salon.client.name}`);
    expect(sentTo(employee.email)).toHaveLength(0);

    await db.execute(sql`insert into business_notification_settings (business_id, owner_emails) values (${salon.business.id}, false)`);
    const [m] = await db.execute<{ id: string }>(sql`
      insert into business_notifications (business_id, appointment_id, kind) values (${salon.business.id}, ${a.id}, 'client_confirmed') returning id`);
    expect(await runOwnerNotice({ notificationId: m.id })).toBe(0);
    expect(sentTo(salon.owner.email)).toHaveLength(1);
  });

  test("the 07:00 summary: once a day, to the owners who asked, with the day's figures", async () => {
    const salon = await createSalon();
    const other = await createUser();
    await addBusinessRole(other.id, salon.business.id, "owner");
    await db.execute(sql`update user_business_roles set daily_summary = true where user_id = ${salon.owner.id}`);
    const today = todayInBusiness();
    await createAppointment({ businessId: salon.business.id, clientId: salon.client.id, date: today, time: "08:30" });
    const second = await createClient(salon.business.id);
    await createAppointment({ businessId: salon.business.id, clientId: second.id, date: today, time: "17:00", statusId: STATUS.confirmado });
    const at = new Date(`${today}T11:00:00Z`);
    expect(await runDailySummary(at)).toBeGreaterThanOrEqual(1);
    await runDailySummary(at);
    const mails = sentTo(salon.owner.email);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0].raw);
    expect(text).toContain("Agendamentos: 2");
    expect(text).toContain("Pendentes de confirmação: 1");
    expect(text).toContain("Primeiro horário: 08:30");
    expect(text).toContain("Último horário: 17:00");
    expect(sentTo(other.email)).toHaveLength(0);
  });
});

describe("'Preciso cancelar' only while cancelling by link is still allowed", () => {
  /** A salon (phone set, minimum notice `hours`) with reminders `leads` on, one appointment two days ahead at 10:00. */
  async function withNotice(hours: number, leads: number[], channels = ["email"]) {
    const salon = await createSalon();
    await db.execute(sql`update businesses set phone = '(65) 3322-4455' where id = ${salon.business.id}`);
    await db.execute(sql`update business_online_booking set cancel_deadline_hours = ${hours} where business_id = ${salon.business.id}`);
    await enableReminders(salon.business.id, leads, channels);
    const a = await createAppointment({
      businessId: salon.business.id, clientId: salon.client.id, date: addDays(todayInBusiness(), 2), time: "10:00",
      services: [{ serviceId: salon.service.id, professionalId: salon.professional.id }],
    });
    return { ...salon, appointment: a, jobs: await jobsOf(a.id) };
  }
  const purposes = async (appointmentId: string) =>
    (await db.execute<{ purpose: string }>(sql`select purpose from appointment_link_tokens where appointment_id = ${appointmentId} order by purpose`)).map((t) => t.purpose);

  test("sent after the business's notice (1 hour before, notice 3 hours): no cancel link, the call text with the phone; inside it: the link", async () => {
    const s = await withNotice(3, [1440, 60]);
    const [day, hour] = s.jobs;
    expect(day.payload!.lead).toBe(1440);
    // Run when each is due, as the queue runs them.
    expect((await runReminder(hour.payload!, new Date(hour.payload!.due))).sent).toEqual(["reminder_email"]);
    let [mail] = sentTo(s.client.email!);
    let text = decoded(mail.raw);
    expect(text).toContain("Confirmar presença");
    expect(text).not.toContain("Preciso cancelar");
    expect(text).toContain("O cancelamento pelo link é possível até 3 horas antes do horário. Para cancelar agora, ligue para o estabelecimento: (65) 3322-4455.");
    expect(await purposes(s.appointment.id)).toEqual(["confirm"]);

    expect((await runReminder(day.payload!, new Date(day.payload!.due))).sent).toEqual(["reminder_email"]);
    mail = sentTo(s.client.email!)[1];
    text = decoded(mail.raw);
    expect(text).toContain("Preciso cancelar");
    expect(text).toContain("É possível cancelar pelo link até 3 horas antes do horário");
    expect(text).not.toContain("Para cancelar agora, ligue");
    expect(await purposes(s.appointment.id)).toEqual(["cancel", "confirm", "confirm"]);
  });

  test("the decision is the send's, not the lead's: a 24-hour reminder sent late, past the notice, has no cancel link", async () => {
    const s = await withNotice(2, [1440]);
    const [job] = s.jobs;
    // The worker was down: the job runs 1 h 30 min before the start, after the 2-hour notice.
    const late = new Date(businessDateTimeToInstant(s.appointment.date, "10:00").getTime() - 90 * 60_000);
    expect((await runReminder(job.payload!, late)).sent).toEqual(["reminder_email"]);
    const text = decoded(sentTo(s.client.email!)[0].raw);
    expect(text).not.toContain("Preciso cancelar");
    expect(text).toContain("ligue para o estabelecimento: (65) 3322-4455");
  });

  test("WhatsApp's fixed 'Preciso cancelar' button opens a page that says to call, with the phone", async () => {
    const wa = await startWhatsAppStandIn({ token: "tok-aviso", phoneNumberId: "5550003" });
    Object.assign(process.env, { WHATSAPP_TOKEN: "tok-aviso", WHATSAPP_PHONE_NUMBER_ID: "5550003", WHATSAPP_REMINDER_TEMPLATE: "lembrete_agenda", WHATSAPP_API_URL: wa.url });
    try {
      const s = await withNotice(3, [60], ["whatsapp"]);
      await db.execute(sql`update clients set phone = '(65) 99876-5432' where id = ${s.client.id}`);
      const [job] = s.jobs;
      const due = new Date(job.payload!.due);
      expect((await runReminder(job.payload!, due)).sent).toEqual(["reminder_whatsapp"]);
      const [m] = wa.received;
      const cancel = await linkByHash(hashLinkToken(m.buttonParams[1]));
      expect(cancel?.purpose).toBe("cancel");
      expect(linkState(cancel!, due)).toBe("too-late");
      expect(callToCancelText(cancel!.business.cancelDeadlineHours, cancel!.business.phone)).toBe(
        "O cancelamento pelo link é possível até 3 horas antes do horário. Para cancelar agora, ligue para o estabelecimento: (65) 3322-4455",
      );
    } finally {
      for (const k of ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_REMINDER_TEMPLATE", "WHATSAPP_API_URL"]) delete process.env[k];
      await wa.stop();
    }
  });
});

describe("WhatsApp", () => {
  test("through the Cloud API's shape: the template's five parameters and each button's own token; a failure retries only that channel", async () => {
    const wa = await startWhatsAppStandIn({ token: "tok-123", phoneNumberId: "5550001" });
    Object.assign(process.env, { WHATSAPP_TOKEN: "tok-123", WHATSAPP_PHONE_NUMBER_ID: "5550001", WHATSAPP_REMINDER_TEMPLATE: "lembrete_agenda", WHATSAPP_API_URL: wa.url });
    try {
      const salon = await createSalon();
      await enableReminders(salon.business.id, [1440], ["email", "whatsapp"]);
      await db.execute(sql`update clients set phone = '(65) 99876-5432', name = 'Ana Maria Souza' where id = ${salon.client.id}`);
      await db.execute(sql`update businesses set address = 'Rua das Flores, 10' where id = ${salon.business.id}`);
      const a = await createAppointment({
        businessId: salon.business.id, clientId: salon.client.id, date: addDays(todayInBusiness(), 2), time: "10:00",
        services: [{ serviceId: salon.service.id, professionalId: salon.professional.id }],
      });
      const [job] = await jobsOf(a.id);
      wa.failNext(1);
      await expect(runReminder(job.payload!)).rejects.toThrow(/WhatsApp recusou a mensagem \(500/);
      expect(sentTo(salon.client.email!)).toHaveLength(1);
      expect(await runReminder(job.payload!)).toEqual({ verdict: "send", sent: ["reminder_whatsapp"], duplicates: ["reminder_email"], skipped: [] });
      expect(wa.received).toHaveLength(1);
      const [m] = wa.received;
      expect(m).toMatchObject({ to: "5565998765432", template: "lembrete_agenda", language: "pt_BR" });
      expect(m.bodyParams[0]).toBe("Ana");
      expect(m.bodyParams[1]).toBe(salon.business.name);
      expect(m.bodyParams[3]).toContain(salon.service.name);
      expect(m.bodyParams[4]).toBe("Rua das Flores, 10");
      const purposes = await db.execute<{ purpose: string }>(sql`
        select purpose from appointment_link_tokens where token_hash = any(${pgArray(m.buttonParams.map(hashLinkToken))}::text[]) order by purpose`);
      expect(purposes.map((p) => p.purpose)).toEqual(["cancel", "confirm"]);
      expect(m.buttonParams[0]).not.toBe(m.buttonParams[1]);
    } finally {
      for (const k of ["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_REMINDER_TEMPLATE", "WHATSAPP_API_URL"]) delete process.env[k];
      await wa.stop();
    }
  });

  test("a wrong token is refused as Meta refuses it", async () => {
    const wa = await startWhatsAppStandIn({ token: "certo", phoneNumberId: "1" });
    try {
      const { sendWhatsAppReminder, whatsAppConfig } = await import("@/lib/notifications/whatsapp");
      const config = whatsAppConfig({ WHATSAPP_TOKEN: "errado", WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_REMINDER_TEMPLATE: "t", WHATSAPP_API_URL: wa.url })!;
      await expect(sendWhatsAppReminder(config, { to: "5565999991234", bodyParams: ["a"], confirmToken: "c", cancelToken: "k" })).rejects.toThrow(
        /\(401, código 190\): Invalid OAuth access token/,
      );
      expect(wa.received).toHaveLength(0);
    } finally {
      await wa.stop();
    }
  });
});

describe("on the queue", () => {
  const running: Jobs[] = [];
  afterAll(async () => {
    await Promise.all(running.map((j) => j.stop()));
  });
  const start = async () => {
    const jobs = await startJobs({ databaseUrl: process.env.DATABASE_URL!, tasks: JOB_TASKS, concurrency: 3, pollInterval: 200 });
    running.push(jobs);
    return jobs;
  };

  test("two workers share 30 due reminders: each sent exactly once", async () => {
    const salons = await Promise.all(Array.from({ length: 30 }, () => booked(2, "10:00", [1440])));
    const ids = salons.map((s) => s.appointment.id);
    await start();
    await start();
    await dueNow(ids);
    await until(async () => (await deliveries(ids)).length === 30);
    await until(async () => (await db.execute(sql`select 1 from graphile_worker.jobs where key like any(${pgArray(ids.map((id) => `reminder:${id}:%`))}::text[])`)).length === 0);
    for (const s of salons) expect(sentTo(s.client.email!)).toHaveLength(1);
  }, 60_000);

  test("a job that keeps failing backs off, then ends failed and visible", async () => {
    const { appointment: a } = await booked(2, "10:00", [1440]);
    if (!running.length) await start();
    await db.execute(sql`
      select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where key = ${`reminder:${a.id}:1`}),
        run_at := now(), max_attempts := 2)`);
    smtp.setRefuse(true);
    try {
      await until(async () => !!(await jobsOf(a.id))[0]?.last_error);
      const [afterOne] = await jobsOf(a.id);
      expect(afterOne.last_error).toBeTruthy();
      // graphile-worker's back-off: exp(attempts) seconds after the failure.
      expect(new Date(afterOne.run_at).getTime()).toBeGreaterThan(Date.now() + 1_000);
      await db.execute(sql`select graphile_worker.reschedule_jobs(array[${afterOne.id}::bigint], run_at := now())`);
      await until(async () => { const [j] = await jobsOf(a.id); return j?.attempts === 2 && !j.locked_at; });
      const [failed] = await jobsOf(a.id);
      expect(failed.attempts).toBe(failed.max_attempts);
      expect(await deliveries([a.id])).toHaveLength(0);
      // Visible to the platform admin (/admin's 'Fila de jobs').
      const status = await jobQueueStatus();
      expect(status.failed).toBeGreaterThanOrEqual(1);
      expect(status.latestFailures.some((f) => f.task === "reminder" && f.key === `reminder:${a.id}:1` && f.error.includes("451"))).toBe(true);
    } finally {
      smtp.setRefuse(false);
    }
  }, 60_000);
});

describe("a worker killed mid-batch", () => {
  let child: ChildProcess | null = null;
  afterAll(() => {
    child?.kill("SIGKILL");
  });

  test("loses no reminder: the survivors free its jobs within seconds, and at most its in-flight sends repeat", async () => {
    const salons = await Promise.all(Array.from({ length: 24 }, () => booked(2, "10:00", [1440])));
    const ids = salons.map((s) => s.appointment.id);
    const slow = await startSmtpCapture({ delayMs: 250 });
    try {
      // The worker of `npm run worker`, in its own process, sending through the slow server.
      child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("scripts", "worker.ts")], {
        env: { ...process.env, SMTP_URL: slow.url, JOBS_CONCURRENCY: "4" },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
      child.on("exit", (code) => code && console.error(`worker saiu (${code}): ${stderr}`));
      await dueNow(ids);
      await until(async () => slow.messages.length >= 6, 30_000);
      child.kill("SIGKILL");
      const beforeKill = slow.messages.length;
      process.env.SMTP_URL = slow.url;
      const survivor = await startJobs({ databaseUrl: process.env.DATABASE_URL!, tasks: JOB_TASKS, concurrency: 4, pollInterval: 200 });
      try {
        await until(async () => (await deliveries(ids)).length === 24, 60_000).catch(async (e) => {
          console.error("estado da fila:", await deliveries(ids).then((d) => d.length), await db.execute(sql`select key, locked_by, locked_at, attempts, last_error, run_at from graphile_worker.jobs where key like any(${pgArray(ids.map((id) => `reminder:${id}:%`))}::text[])`), await db.execute(sql`select * from job_workers`));
          throw e;
        });
      } finally {
        await survivor.stop();
        process.env.SMTP_URL = smtp.url;
      }
      const perClient = salons.map((s) => slow.messages.filter((m) => m.to.includes(s.client.email!)).length);
      expect(perClient.every((n) => n >= 1)).toBe(true);
      // Only a message the killed worker was sending when it died may go twice (4 at once).
      expect(perClient.reduce((a, b) => a + b, 0) - 24).toBeLessThanOrEqual(4);
      expect(beforeKill).toBeLessThan(24);
    } finally {
      await slow.stop();
    }
  }, 90_000);
});
