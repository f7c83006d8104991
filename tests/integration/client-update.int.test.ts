/**
 * The client hears of the salon's bookings, moves and cancellations (lib/jobs/client-update.ts):
 * the staff's write queues one debounced job in its own transaction (none when rolled back, none
 * with the switch off); the job sends one e-mail with the final time through the delivery ledger,
 * and nothing when the final state is what the client was already told.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { users } from "@/db/schema";
import { createAppointmentAction, rescheduleAction, setAppointmentStatusAction } from "@/lib/appointments/actions";
import { createAppointment } from "@/lib/appointments/mutations";
import { runClientUpdate } from "@/lib/jobs/client-update";
import { addDays } from "@/lib/core/time/business-date";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { actAs } from "./act-as";
import { moveSalon } from "./move-salon";
import { createClient, createUser } from "./fixtures";
import { eq } from "drizzle-orm";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.stop();
});

const jobs = (id: string) =>
  db.execute<{ key: string; payload: { appointmentId: string }; run_at: Date }>(sql`
    select j.key, p.payload, j.run_at from graphile_worker.jobs j join graphile_worker._private_jobs p on p.id = j.id
     where j.key = ${`client_update:${id}`}`);
const sentTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));
const decoded = (raw: string) =>
  Buffer.from(raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8");

async function salon() {
  const s = await moveSalon();
  await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.owner.id));
  const client = await createClient(s.business.id);
  const date = addDays(todayInBusiness(), 3);
  const book = async (time = "10:00", pro: "ana" | "bruno" = "ana") => {
    await actAs(s.owner.id);
    const r = await createAppointmentAction({ businessId: s.business.id, client: { kind: "existing", id: client.id }, date, time, lines: [{ serviceId: s.corte.id, professionalId: s[pro].id }] });
    if (!r.ok) throw new Error(r.description ?? r.error);
    return r.id;
  };
  return { ...s, client, date, book };
}

describe("the salon's changes reach the client", () => {
  test("a staff booking queues one job, debounced, and sends one e-mail with the .ics and the links", async () => {
    const s = await salon();
    const id = await s.book();
    const queued = await jobs(id);
    expect(queued).toHaveLength(1);
    expect(new Date(queued[0].run_at).getTime()).toBeGreaterThan(Date.now() + 60_000);
    expect(await runClientUpdate({ appointmentId: id })).toBe("sent");
    const mails = sentTo(s.client.email!);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0].raw);
    expect(text).toContain("Agendamento marcado");
    expect(text).toContain("às 10:00");
    expect(text).toContain("Preciso cancelar");
    expect(text).toContain("agendamento.ics");
    // The same state again (a retry, a job added twice): nothing more.
    expect(await runClientUpdate({ appointmentId: id })).toBe("duplicate");
    expect(sentTo(s.client.email!)).toHaveLength(1);
  });

  test("moves back and forth within the wait: one job, one message with the final time", async () => {
    const s = await salon();
    const id = await s.book();
    expect(await runClientUpdate({ appointmentId: id })).toBe("sent");
    for (const time of ["14:00", "15:00", "16:00"]) {
      const r = await rescheduleAction({ businessId: s.business.id, id, date: s.date, time, professionalId: null });
      expect(r.ok).toBe(true);
    }
    expect(await jobs(id)).toHaveLength(1);
    expect(await runClientUpdate({ appointmentId: id })).toBe("sent");
    const mails = sentTo(s.client.email!);
    expect(mails).toHaveLength(2);
    const text = decoded(mails[1].raw);
    expect(text).toContain("Agendamento alterado");
    expect(text).toContain("às 16:00");
    expect(text).not.toContain("às 14:00");
  });

  test("moved and moved back to what the client was told: nothing is sent", async () => {
    const s = await salon();
    const id = await s.book();
    expect(await runClientUpdate({ appointmentId: id })).toBe("sent");
    await rescheduleAction({ businessId: s.business.id, id, date: s.date, time: "14:00", professionalId: null });
    await rescheduleAction({ businessId: s.business.id, id, date: s.date, time: "10:00", professionalId: null });
    expect(await runClientUpdate({ appointmentId: id })).toBe("duplicate");
    expect(sentTo(s.client.email!)).toHaveLength(1);
  });

  test("a cancellation by the staff is told once; one never told before sends nothing", async () => {
    const s = await salon();
    const id = await s.book();
    expect(await runClientUpdate({ appointmentId: id })).toBe("sent");
    expect((await setAppointmentStatusAction({ businessId: s.business.id, id, statusId: 3 })).ok).toBe(true);
    expect(await jobs(id)).toHaveLength(1);
    expect(await runClientUpdate({ appointmentId: id })).toBe("sent");
    const text = decoded(sentTo(s.client.email!)[1].raw);
    expect(text).toContain("Agendamento cancelado");
    expect(text).not.toContain("Preciso cancelar");

    const other = await s.book("10:00", "bruno");
    await setAppointmentStatusAction({ businessId: s.business.id, id: other, statusId: 3 });
    expect(await runClientUpdate({ appointmentId: other })).toBe("nothing");
  });

  test("the switch off queues nothing and sends nothing", async () => {
    const s = await salon();
    await db.execute(sql`insert into business_notification_settings (business_id, client_change_messages) values (${s.business.id}, false)`);
    const id = await s.book();
    expect(await jobs(id)).toHaveLength(0);
    expect(await runClientUpdate({ appointmentId: id })).toBe("nothing");
    expect(sentTo(s.client.email!)).toHaveLength(0);
  });

  test("a rolled-back write queues nothing", async () => {
    const s = await salon();
    const id = await s.book();
    await db.execute(sql`select graphile_worker.remove_job(${`client_update:${id}`})`);
    let booked: string | null = null;
    await db.transaction(async (tx) => {
      const w = { ctx: { businessId: s.business.id, userId: s.owner.id }, tx, audit: async () => {} } as never;
      const r = await createAppointment(w, { client: { kind: "existing", id: s.client.id }, date: s.date, time: "17:00", lines: [{ serviceId: s.corte.id, professionalId: s.ana.id }] });
      expect(r.ok).toBe(true);
      if (r.ok) {
        booked = r.id;
        expect(await tx.execute(sql`select 1 from graphile_worker.jobs where key = ${`client_update:${r.id}`}`)).toHaveLength(1);
      }
      tx.rollback();
    }).catch(() => {});
    // Its job went with it (other files' jobs for deleted appointments are theirs: this one is named).
    expect(booked).not.toBeNull();
    expect(await db.execute(sql`select 1 from graphile_worker.jobs where key = ${`client_update:${booked}`}`)).toHaveLength(0);
  });

  test("another business's user can neither move nor cancel (so nothing is queued)", async () => {
    const s = await salon();
    const id = await s.book();
    await db.execute(sql`select graphile_worker.remove_job(${`client_update:${id}`})`);
    const stranger = await createUser();
    const theirs = await moveSalon();
    await actAs(stranger.id);
    expect((await rescheduleAction({ businessId: s.business.id, id, date: s.date, time: "15:00", professionalId: null })).ok).toBe(false);
    await actAs(theirs.owner.id);
    expect((await setAppointmentStatusAction({ businessId: theirs.business.id, id, statusId: 3 })).ok).toBe(false);
    expect(await jobs(id)).toHaveLength(0);
  });
});
