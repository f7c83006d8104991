import "server-only";
import { z } from "zod";
import { defineRead } from "@/lib/pipeline";
import { dateSchema } from "@/lib/appointments/schemas";
import { dayWaitlist, waitlistCatalog, waitlistCounts } from "./queries";
import { dayQuerySchema } from "./schemas";

/** A day's waitlist on the agenda ('Lista de espera'): owners and employees of the business. */
export const waitlistDayRead = defineRead({
  name: "waitlist.day",
  level: "staff",
  // Its entries (an offer sent, claimed or expired changes the entry's status) and the names they show.
  live: { tables: ["waitlist_entries", "services", "professionals"] },
  schema: dayQuerySchema,
  error: "Não foi possível carregar a lista de espera",
  run: async ({ ctx, input, conn }) => {
    const [entries, catalog] = await Promise.all([dayWaitlist(ctx.businessId, input.date, conn), waitlistCatalog(ctx.businessId, conn)]);
    return { entries, catalog };
  },
});

/**
 * How many wait on each day of the agenda's loaded days: the count on each day's header. Any span
 * (the agenda may reach years ahead): the query walks the business's waiting entries, not the days.
 */
export const waitlistCountsRead = defineRead({
  name: "waitlist.counts",
  level: "staff",
  live: { tables: ["waitlist_entries"] },
  schema: z.object({ from: dateSchema, to: dateSchema }).refine((v) => v.to >= v.from, "Período inválido"),
  error: "Não foi possível carregar a lista de espera",
  run: async ({ ctx, input, conn }) => ({ counts: await waitlistCounts(ctx.businessId, input.from, input.to, conn) }),
});
