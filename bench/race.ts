/**
 * Many booking attempts at once at a few slots, over HTTP, through every app instance given and
 * through both doors: the staff's 'Novo Agendamento' action and the public page's 'Confirmar
 * agendamento' (issue 38). Each slot must end with exactly one appointment, every other attempt
 * must answer the conflict text of its door, and nothing may answer 5xx. `npm run bench` runs
 * 1,000 attempts through two instances; e2e/booking-race.spec.ts a smaller one in CI.
 *
 * Public attempts each come from an address of their own (a loopback source address, which a
 * server trusting no proxy reads as the peer, and X-Forwarded-For for one that trusts one hop), so
 * the per-address limit, which would refuse them all from one machine, counts them apart.
 */
import { Agent, fetch } from "undici";
import { actionResult } from "./http";

export type RaceSlot = { professionalId: string; serviceId: string; time: string };

export type RaceSetup = {
  /** The instances, e.g. ["http://127.0.0.1:3100", "http://127.0.0.1:3101"] (an IPv4 loopback, for the source addresses). */
  bases: string[];
  /** A staff member's session cookie, valid on every instance. */
  cookie: string;
  businessId: string;
  slug: string;
  actions: { staff: string; online: string };
  date: string;
  slots: RaceSlot[];
  /** Existing clients for the staff's attempts (half the attempts): one each, so no client is in two places at once. */
  clients: string[];
  attempts: number;
  /** Requests in flight at once. */
  concurrency: number;
};

export const STAFF_CONFLICT = "Conflito de agenda";
export const ONLINE_CONFLICT = "Horário indisponível";

export type RaceOutcome = { door: "staff" | "online"; instance: number; status: number; result: string };

export type RaceReport = {
  attempts: number;
  seconds: number;
  /** Answers by door and result ("ok", the conflict's title, or anything else). */
  outcomes: Record<string, number>;
  /** HTTP statuses of every answer. */
  statuses: Record<string, number>;
  /** Attempts whose answer was neither a booking nor its door's conflict text. */
  unexpected: RaceOutcome[];
  booked: number;
};

/** A distinct loopback source per public attempt (127.1.x.y: Linux answers for all of 127/8). */
const sourceOf = (k: number) => `127.1.${(k >> 8) & 255}.${(k & 255) || 1}`;

function phoneOf(k: number) {
  return `(65) 9${String(1000 + (k % 9000)).padStart(4, "0")}-${String(1000 + Math.floor(k / 9000)).padStart(4, "0")}`;
}

async function attempt(setup: RaceSetup, k: number): Promise<RaceOutcome> {
  // Each slot in turn; each round of the slots through the other door, every second round the other
  // instance: every slot is fought over by both doors on every instance.
  const round = Math.floor(k / setup.slots.length);
  const slot = setup.slots[k % setup.slots.length];
  const door = round % 2 === 0 ? "staff" : "online";
  const instance = Math.floor(round / 2) % setup.bases.length;
  const base = setup.bases[instance];
  const staff = door === "staff";
  const args = staff
    ? {
        businessId: setup.businessId, client: { kind: "existing", id: setup.clients[(Math.floor(round / 2) * setup.slots.length + (k % setup.slots.length)) % setup.clients.length] }, date: setup.date, time: slot.time,
        lines: [{ serviceId: slot.serviceId, professionalId: slot.professionalId }],
      }
    : {
        slug: setup.slug, serviceIds: [slot.serviceId], professionalId: slot.professionalId, date: setup.date, time: slot.time,
        name: `Corrida ${k}`, phone: phoneOf(k), email: "", website: "",
      };
  const source = sourceOf(k);
  const dispatcher = staff ? undefined : new Agent({ localAddress: source });
  try {
    const res = await fetch(`${base}${staff ? "/appointments" : `/agendar/${setup.slug}`}`, {
      method: "POST",
      headers: {
        "next-action": staff ? setup.actions.staff : setup.actions.online,
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
        origin: base,
        ...(staff ? { cookie: setup.cookie } : { "x-forwarded-for": source }),
      },
      body: JSON.stringify([args]),
      dispatcher,
    });
    const r = actionResult(await res.text());
    return { door, instance, status: res.status, result: r ? (r.ok ? "ok" : (r.error ?? "falha")) : `HTTP ${res.status}` };
  } finally {
    await dispatcher?.close();
  }
}

/** Runs the race; `count` reads how many appointments the slots hold afterwards. */
export async function race(setup: RaceSetup, count: () => Promise<number>): Promise<RaceReport> {
  const outcomes: RaceOutcome[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: setup.concurrency }, async () => {
      while (next < setup.attempts) outcomes.push(await attempt(setup, next++));
    }),
  );
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const tally = (key: (o: RaceOutcome) => string) => outcomes.reduce<Record<string, number>>((acc, o) => ({ ...acc, [key(o)]: (acc[key(o)] ?? 0) + 1 }), {});
  const expected = (o: RaceOutcome) => o.status === 200 && (o.result === "ok" || o.result === (o.door === "staff" ? STAFF_CONFLICT : ONLINE_CONFLICT));
  return {
    attempts: outcomes.length, seconds,
    outcomes: tally((o) => `${o.door}: ${o.result}`),
    statuses: tally((o) => String(o.status)),
    unexpected: outcomes.filter((o) => !expected(o)),
    booked: await count(),
  };
}
