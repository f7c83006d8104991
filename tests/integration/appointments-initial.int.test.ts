import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { db } from "@/db";
import { appointmentsInitial } from "@/lib/appointments/queries";
import { CARDS_PER_LOAD } from "@/lib/appointments/rules/day-sections";
import { addDays } from "@/lib/core/time/business-date";
import { createAppointment, createBusiness, createClient, createUser } from "./fixtures";

const TODAY = "2031-03-10";
const time = (i: number) => `${String(8 + Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`;

async function businessWith(perDay: Record<string, number>) {
  const owner = await createUser();
  const business = await createBusiness(owner.id);
  for (const [date, n] of Object.entries(perDay)) {
    for (let i = 0; i < n; i++) {
      const client = await createClient(business.id);
      await createAppointment({ businessId: business.id, clientId: client.id, date, time: time(n - 1 - i) });
    }
  }
  return business.id;
}

describe("the agenda's first load is bounded by cards, whatever the day holds", () => {
  test("a busy today: its first CARDS_PER_LOAD cards by time come, the section knows the rest", async () => {
    const id = await businessWith({ [TODAY]: CARDS_PER_LOAD + 5, [addDays(TODAY, 1)]: 2 });
    const a = await appointmentsInitial(id, TODAY);
    expect(a.partialDay).toBe(TODAY);
    expect(a.loadedDays).toEqual([TODAY]);
    expect(a.counts[TODAY]).toBe(CARDS_PER_LOAD + 5);
    expect(a.appointments).toHaveLength(CARDS_PER_LOAD);
    expect(a.appointments.map((x) => x.time)).toEqual(Array.from({ length: CARDS_PER_LOAD }, (_, i) => time(i)));
    expect(a.counts[addDays(TODAY, 1)]).toBe(2);
  });

  test("a day that fits comes whole, with the next days while they fit", async () => {
    const id = await businessWith({ [TODAY]: 3, [addDays(TODAY, 1)]: 2 });
    const a = await appointmentsInitial(id, TODAY);
    expect(a.partialDay).toBeNull();
    expect(a.loadedDays).toContain(addDays(TODAY, 1));
    expect(a.appointments).toHaveLength(5);
  });

  test("each day's 'Lista de espera' count comes with the page: waiting and offered entries, one per day asked, within the window", async () => {
    const id = await businessWith({ [TODAY]: 1 });
    const [d2, d3] = [addDays(TODAY, 2), addDays(TODAY, 3)];
    const entry = (dates: string[], status: string) => db.execute(sql`
      insert into waitlist_entries (business_id, name, phone, service_ids, dates, time_from, time_until, source, status)
      values (${id}, 'Espera', '65 99999-0000', array[${randomUUID()}::uuid], ${`{${dates.join(",")}}`}::date[], '09:00', '12:00', 'staff', ${status})`);
    await entry([d2], "aguardando");
    await entry([d2, d3], "oferecido");
    await entry([d2], "removido");
    await entry([d3], "agendado");
    await entry([addDays(TODAY, 400)], "aguardando");
    const a = await appointmentsInitial(id, TODAY);
    expect(a.waitlist).toEqual({ [d2]: 2, [d3]: 1 });
  });
});
