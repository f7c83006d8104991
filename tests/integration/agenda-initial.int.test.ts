import { describe, expect, test } from "vitest";
import { agendaInitial } from "@/lib/appointments/queries";
import { CARDS_PER_LOAD } from "@/lib/appointments/rules/agenda-days";
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
    const a = await agendaInitial(id, TODAY);
    expect(a.partialDay).toBe(TODAY);
    expect(a.loadedDays).toEqual([TODAY]);
    expect(a.counts[TODAY]).toBe(CARDS_PER_LOAD + 5);
    expect(a.appointments).toHaveLength(CARDS_PER_LOAD);
    expect(a.appointments.map((x) => x.time)).toEqual(Array.from({ length: CARDS_PER_LOAD }, (_, i) => time(i)));
    expect(a.counts[addDays(TODAY, 1)]).toBe(2);
  });

  test("a day that fits comes whole, with the next days while they fit", async () => {
    const id = await businessWith({ [TODAY]: 3, [addDays(TODAY, 1)]: 2 });
    const a = await agendaInitial(id, TODAY);
    expect(a.partialDay).toBeNull();
    expect(a.loadedDays).toContain(addDays(TODAY, 1));
    expect(a.appointments).toHaveLength(5);
  });
});
