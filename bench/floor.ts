/**
 * The floor of each benchmark page: the page's own reads and writes (the very functions of
 * lib/<feature>/queries.ts and mutations.ts), run directly on the database at the same
 * concurrency as the HTTP runs, so app overhead = HTTP p95 / floor p95.
 *
 * Run by scripts/bench.ts as `node --import ./bench/outside-next.mjs --import tsx bench/floor.ts
 * <json>` (the loader lets the server-only modules load outside Next.js); prints one JSON line.
 */
import { createHash } from "node:crypto";
import { db } from "@/db";
import type { Write } from "@/lib/pipeline";
import { createAppointment, moveAppointment } from "@/lib/appointments/mutations";
import { allocationDay } from "@/lib/allocation/queries";
import { gridDay } from "@/lib/appointments/grid-day";
import { loadDayContext } from "@/lib/appointments/day-context";
import { appointmentsInitial } from "@/lib/appointments/queries";
import { recordAudit } from "@/lib/audit/record";
import { auditLogCount, auditLogPage, auditUsers } from "@/lib/audit-logs/queries";
import { NO_AUDIT_FILTERS } from "@/lib/audit-logs/schemas";
import { feedWindow } from "@/lib/calendar-feeds/ical";
import { businessLastChange, feedAppointments, findFeed, noteContent } from "@/lib/calendar-feeds/queries";
import { clientHistory, clientProfile, searchClients } from "@/lib/clients/queries";
import { dashboardStats } from "@/lib/dashboard/queries";
import { closeComanda } from "@/lib/comandas/mutations";
import { dayClosing } from "@/lib/day-closing/queries";
import { bookingContext } from "@/lib/online-booking/queries";
import { waitlistCounts } from "@/lib/waitlist/queries";
import { freeStartTimes, pastCutoff } from "@/lib/online-booking/slots";
import { summarize } from "./http";
import { benchId, booking, CLOSED_DAYS, SEARCH_TERMS, slotsQuery } from "./workload";

type Move = { id: string; date: string };
type Input = {
  today: string; slug: string; names: string[]; runs: number; connections: number; bookingFirstDay: number; moves: Move[]; feedTokens: string[];
  /** Open comandas to close, each once. */
  closes: string[];
  /** The warm-up's writes: slots from this day on, and these appointments (the timed runs never use them). */
  warmup: { bookingFirstDay: number; moves: Move[]; closes: string[] };
};

const md5 = (s: string) => createHash("md5").update(s).digest("hex");
const id = (key: string) => benchId(key, md5);
const businessId = id("biz-0");
const userId = id("user-owner");

/** A pipeline write handle without the HTTP part: the same transaction and audit rows. */
function write<T>(run: (w: Write) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const ctx = { userId, businessId, business: { id: businessId, name: "", description: null, role: "owner" } } as unknown as Write["ctx"];
    return run({ ctx, tx, audit: (entry) => recordAudit(tx, { ...entry, actorId: userId, businessId }) });
  });
}

const FLOORS: Record<string, (k: number, input: Input) => Promise<unknown>> = {
  agenda: (_k, { today }) => appointmentsInitial(businessId, today),
  clients: (k) => searchClients(businessId, SEARCH_TERMS[k % SEARCH_TERMS.length], 1),
  booking: (k, { today, bookingFirstDay }) => {
    const b = booking(k, today, bookingFirstDay, CLOSED_DAYS(today));
    return write((w) =>
      createAppointment(w, {
        client: { kind: "existing", id: id(`cli-0-${b.client}`) }, date: b.date, time: b.time,
        lines: [{ serviceId: id(b.service), professionalId: id(`pro-0-${b.professional}`) }],
      }),
    ).catch(() => null);
  },
  allocation: (_k, { today }) => allocationDay(businessId, today),
  // The grid page's two reads: the day, and its waitlist count.
  grid: (_k, { today }) => Promise.all([gridDay(businessId, today), waitlistCounts(businessId, today, today)]),
  // The client page's two reads (app/(app)/clients/[id]/page.tsx), as it runs them.
  client: () => {
    const now = new Date();
    return Promise.all([clientProfile(businessId, id("cli-0-regular"), now), clientHistory(businessId, id("cli-0-regular"), 1, now)]);
  },
  dashboard: (_k, { today }) => dashboardStats(businessId, today),
  // 'Fechamento do dia' (its owner check reads the request, which a floor has not).
  closing: (_k, { today }) => dayClosing(businessId, today),
  // auditLogsReport's three reads (its owner check reads the request, which a floor has not).
  audit: () => Promise.all([auditLogPage(businessId, NO_AUDIT_FILTERS, {}), auditLogCount(businessId, NO_AUDIT_FILTERS), auditUsers(businessId)]),
  // The free-times endpoint's reads and rule (lib/online-booking/slots-handler.ts) without HTTP.
  slots: async (k, { today, slug }) => {
    const q = slotsQuery(k, today, md5);
    const found = await bookingContext(slug, [q.service]);
    const day = await loadDayContext(db, found!.business.id, q.date);
    return freeStartTimes(day, { services: found!.services, professional: "any" }, pastCutoff(q.date, new Date()));
  },
  // The feed's reads (lib/calendar-feeds/feed-handler.ts) without its rate limit, as a calendar not
  // built yet needs them: the token, the business's last change, the window's appointments, the content noted.
  feed: async (k, { today, feedTokens }) => {
    const feed = await findFeed(feedTokens[k % feedTokens.length]);
    const { from, to } = feedWindow(today);
    await businessLastChange(feed!.businessId);
    await feedAppointments(feed!.businessId, feed!.professionalId, from, to);
    return noteContent(feed!, feed!.contentHash ?? "");
  },
  move: (k, { moves }) => write((w) => moveAppointment(w, moves[k % moves.length].id, moves[k % moves.length].date)),
  close: (k, { closes }) =>
    write((w) => closeComanda(w, { id: closes[k % closes.length], version: 1, payments: [{ method: "pix", cents: 8000, cardBrand: null, instalments: null }], changeTipTo: null })),
};

async function timed(name: string, input: Input) {
  const run = FLOORS[name];
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: input.connections }, async () => {
      while (next < input.runs) {
        const k = next++;
        const t = performance.now();
        await run(k, input);
        samples.push(performance.now() - t);
      }
    }),
  );
  return summarize(samples, (performance.now() - started) / 1000);
}

async function main() {
  const input = JSON.parse(process.argv[2]) as Input;
  const out: Record<string, ReturnType<typeof summarize> | null> = {};
  for (const name of input.names) {
    if (!FLOORS[name]) {
      out[name] = null;
      continue;
    }
    // Warmed up as the HTTP runs are, with as many unmeasured runs at the same concurrency: one
    // call left the booking's floor p95 at 63 ms cold against 37 warm, overstating the floor.
    await timed(name, { ...input, ...input.warmup });
    out[name] = await timed(name, input);
  }
  console.log(JSON.stringify(out));
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
