/**
 * Every read of the screens and their dialogs, derived from the features' reads.ts files (each read
 * declared there once: its name, the tables it shows, its loader; lib/core/actions/define-read.ts):
 * what GET /api/live/{name} answers (app/api/live/[resource]/route.ts), the rules the browser's cache
 * follows to know what a change makes stale (LIVE_RULES, sent by the shell), and each read's data
 * type for the cache's keys. It plays for the reads the part lib/routes.ts plays for the pages.
 *
 * A new read in a feature's reads.ts needs nothing here; a feature's first reads.ts is one line below
 * (tests/integration/live-reads.int.test.ts fails for a reads.ts that is not).
 */
import "server-only";
import type { Read } from "@/lib/core/actions/define-read";
import type { LiveRules } from "@/lib/core/live/invalidation";
import * as allocation from "@/lib/allocation/reads";
import * as appointments from "@/lib/appointments/reads";
import * as businessHours from "@/lib/business-hours/reads";
import * as calendarFeeds from "@/lib/calendar-feeds/reads";
import * as cashRegister from "@/lib/cash-register/reads";
import * as clients from "@/lib/clients/reads";
import * as comandas from "@/lib/comandas/reads";
import * as conversations from "@/lib/conversations/reads";
import * as dashboard from "@/lib/dashboard/reads";
import * as notifications from "@/lib/notifications/reads";
import * as products from "@/lib/products/reads";
import * as professionals from "@/lib/professionals/reads";
import * as waitlist from "@/lib/waitlist/reads";

const FEATURES = { allocation, appointments, businessHours, calendarFeeds, cashRegister, clients, comandas, conversations, dashboard, notifications, products, professionals, waitlist };

type Features = typeof FEATURES;
/** Every read the features export (their other exports, such as table lists, aside). */
type AnyRead = Extract<{ [F in keyof Features]: Features[F][keyof Features[F]] }[keyof Features], Read>;
/** The reads by name. */
export type LiveReadsByName = { [R in AnyRead as R["name"]]: R };

const isRead = (v: unknown): v is Read => typeof v === "object" && v !== null && typeof (v as Read).answer === "function" && typeof (v as Read).name === "string";

function byName(): LiveReadsByName {
  const out: Record<string, Read> = {};
  for (const read of Object.values(FEATURES).flatMap((m) => Object.values(m).filter(isRead))) {
    if (Object.hasOwn(out, read.name)) throw new Error(`Leitura ${read.name} declarada duas vezes`);
    out[read.name] = read;
  }
  return out as LiveReadsByName;
}

/** Every read, by name: the table of GET /api/live/{name}. */
export const LIVE_READS = byName();

/** The live reads' rules, by name (a read once has none): what the browser's cache matches the stream's changes against. */
export const LIVE_RULES: LiveRules = Object.fromEntries(
  Object.values(LIVE_READS as Record<string, Read>).flatMap((r) => (r.live ? [[r.name, r.live] as const] : [])),
);

type DataByName = { [N in keyof LiveReadsByName]: Awaited<ReturnType<LiveReadsByName[N]["run"]>> };

declare module "@/lib/core/live/keys" {
  // The cache's keys name these reads, and their data is what each read's loader returns.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LiveReads extends DataByName {}
}
