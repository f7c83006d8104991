/**
 * THE authorization table: one row for every server action (by its defineAction name) and every
 * route handler ("METHOD /api/path"), saying who may call it and how to build a valid-looking
 * input. tests/integration/authz-matrix.int.test.ts calls each row directly (no UI, no
 * middleware) as each of the six callers of authz-world.ts and fails for an action or a route
 * handler that has no row here; tests/integration/bad-input.int.test.ts starts from the same
 * inputs to send malformed ones.
 *
 * A row's `input(t)` names `t.businessId` and rows of `t.rows`. The matrix builds it three ways:
 *   - direct: business A and A's rows. Roles in `allow` succeed; every other role is refused, and
 *     A (and B) are unchanged and nothing of A is in the answer.
 *   - mixed "member": the caller's own business with the OTHER business's rows (A's employee and
 *     owner name B's ids under A; B's owner names A's ids under B): refused, nothing changed,
 *     nothing of the other business in the answer.
 *   - mixed "public": A's public page (slug) or A's bot key with B's rows, for every caller.
 * `read: true` rows may answer a mixed call with an empty success (a list without the foreign row).
 */
import { createHmac, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "@/db";
import { appointments, businessPix, cashRegisters, emailVerificationTokens, passwordResetTokens, saasConfig, userBusinessRoles, users } from "@/db/schema";
import { deletedRecord } from "@/lib/appointments/undo-delete";
import { recordAudit } from "@/lib/audit/record";
import { GET as avatarGET } from "@/app/api/avatars/[id]/route";
import { GET as slotsGET } from "@/app/api/agendar/[slug]/horarios/route";
import { GET as refreshGET } from "@/app/api/auth/refresh/route";
import { GET as verifyGET } from "@/app/api/auth/verify-email/route";
import { POST as conversationsPOST } from "@/app/api/conversations/route";
import { POST as notFoundPOST } from "@/app/api/not-found/route";
import { POST as pixWebhookPOST } from "@/app/api/pix/webhook/[businessId]/pix/route";
import { sealSecrets } from "@/lib/pix/secrets";
import { GET as healthGET } from "@/app/api/health/route";
import { NextRequest } from "next/server";
import { GET as realtimeGET } from "@/app/api/realtime/route";
import { GET as auditCsvGET } from "@/app/api/reports/audit-logs/csv/route";
import { GET as statementCsvGET } from "@/app/api/commissions/statement/csv/route";
import { GET as dayClosingCsvGET } from "@/app/api/reports/day-closing/csv/route";
import { GET as liveGET } from "@/app/api/live/[resource]/route";
import { GET as calendarFeedGET } from "@/app/agenda/ical/[token]/route";
import { hashToken } from "@/lib/auth/tokens";
import { PEER_HEADER } from "@/lib/core/net/client-address";
import { addDays } from "@/lib/core/time/business-date";
import { freshAddress, type Role, type Side, type World } from "./authz-world";
import { createAppointment, createUser, uniq } from "./fixtures";
import { callNextAuth, cookiesSet } from "./next-auth-call";
import { jar, request } from "./request-stub";

export type Target = { businessId: string; own: Side; rows: Side };
export type RouteAnswer = { status: number; location: string | null; body: string };

type Common = {
  /** The action's defineAction name, or "METHOD /api/path" of a route handler. */
  name: string;
  /** Who may call it on business A's rows (the others are refused). */
  allow: readonly Role[];
  mixed?: "member" | "public";
  /** A read: a mixed call may succeed with nothing of the other business in it. */
  read?: boolean;
  /** A mixed call answers like any other on purpose (never tells whether the row exists); still nothing changes. */
  mixedAnswersAlike?: boolean;
  /** Tables a call may change for people of A or B by design (with the reason in `note`). */
  ignore?: readonly string[];
  /** Runs before the call (e.g. makes the caller's address unconfirmed for 'Reenviar e-mail'). */
  arrange?: (w: World, role: Role) => Promise<void>;
  /** State outside the two businesses that a refused call must leave alone. */
  probe?: (w: World) => Promise<unknown>;
  /** Admin rows: an admin's answer may show any business. */
  platformWide?: boolean;
  note?: string;
};
export type ActionRow = Common & { kind: "action"; input: (t: Target, w: World, role: Role) => unknown };
export type RouteRow = Common & {
  kind: "route";
  call: (t: Target, w: World, role: Role) => Promise<RouteAnswer>;
  /** Whether the answer is the success the allowed roles get. */
  ok: (res: RouteAnswer, t: Target) => boolean;
};
export type Row = ActionRow | RouteRow;

/** commissions.markPaid: the next day no payout of this run holds (a paid period is never paid again). */
let paidDays = Math.floor(Math.random() * 20_000) * 50;

/** appointments.undoDelete: business id → its appointment deleted by deleteOne. */
const justDeleted = new Map<string, string>();
/** A new appointment of the side's client, deleted as the agenda deletes it (its rows kept in the audit row). */
async function deleteOne(side: Side): Promise<string> {
  const date = addDays(side.date, 20);
  // One an earlier arrange deleted and a valid undo brought back (the bad-input runs call it again) would hold the time.
  await db.delete(appointments).where(and(eq(appointments.clientId, side.client.id), eq(appointments.date, date), eq(appointments.time, "09:00:00")));
  const a = await createAppointment({ businessId: side.business.id, clientId: side.client.id, date, time: "09:00", services: [{ serviceId: side.service.id, professionalId: null }] });
  await db.transaction(async (tx) => {
    const record = await deletedRecord(tx, a.id);
    await recordAudit(tx, { actorId: side.owner.id, businessId: side.business.id, action: "DELETE", entity: "appointment", entityId: a.id, description: "excluído", oldValues: { record } });
    await tx.delete(appointments).where(eq(appointments.id, a.id));
  });
  return a.id;
}

const SIGNED_IN: readonly Role[] = ["client", "employee", "stranger", "owner", "admin"];
const EVERYONE: readonly Role[] = ["anonymous", ...SIGNED_IN];
const STAFF: readonly Role[] = ["employee", "owner"];
const OWNER: readonly Role[] = ["owner"];
const ADMIN: readonly Role[] = ["admin"];

const week = (open: string, close: string) => [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, isOpen: true, openTime: open, closeTime: close }));
const restrictions = () =>
  [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, isWorking: d !== 0, start: "09:00", end: "18:00", breaks: d === 0 ? [] : [{ start: "12:00", end: "13:00", label: "Almoço" }] }));
const newPhone = () => `(65) 9${String(Math.floor(1000 + Math.random() * 8999))}-${String(Math.floor(1000 + Math.random() * 8999))}`;

/** The caller's address confirmed again (auth.resendConfirmation's arrange unconfirms the shared users). */
async function confirmAddress(w: World, role: Role) {
  if (role !== "anonymous") await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, w.users[role].id));
}

async function adminEmails(): Promise<string[]> {
  const [row] = await db.select().from(saasConfig).where(eq(saasConfig.configKey, "saas_admin_emails"));
  return (row?.configValue as string[] | undefined) ?? [];
}
/** The e-mail each world's admin-list rows add or remove (kept per world so parallel tests never meet). */
/** Both businesses' Pix with a PSP ('Remover PSP' and 'Gerar novo segredo' need one). */
async function pixWithPsp(w: World) {
  const secrets = sealSecrets({ clientSecret: "segredo", certificate: null, privateKey: null, webhookSecret: "webhook" });
  for (const s of [w.a, w.b]) {
    await db.insert(businessPix).values({
      businessId: s.business.id, pixKey: "+5565999991234", merchantName: `Pix ${s.tag}`.slice(0, 25), merchantCity: "Cuiaba",
      pspBaseUrl: "https://pix.example.test/v2", pspClientId: `cliente-${s.tag}`, pspSecrets: secrets,
    }).onConflictDoNothing();
  }
}
const pixSettings = (t: Target) => ({
  businessId: t.businessId, pixKey: "+55 65 99999-1234", merchantName: "Salao Teste", merchantCity: "Cuiaba", psp: true,
  pspBaseUrl: "https://pix.example.test/v2", pspTokenUrl: "", pspClientId: "cliente", pspClientSecret: "segredo", pspCertificate: "", pspPrivateKey: "",
});

const listedEmail = (w: World) => `listado.${w.a.tag}@example.test`;

// ───────────────────────────── calling route handlers ─────────────────────────────

/** A Request as the browser would send it, with the stand-in's cookies and the caller's address. */
function req(url: string, init: { method?: string; body?: string; signal?: AbortSignal; headers?: Record<string, string> } = {}): NextRequest {
  const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return new NextRequest(`http://localhost${url}`, {
    ...init,
    headers: { [PEER_HEADER]: request.headers.get(PEER_HEADER) ?? freshAddress(), ...(cookie ? { cookie } : {}), ...init.headers },
  });
}

async function answer(res: Response): Promise<RouteAnswer> {
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

/** GET /api/live/{read} for business `t.businessId` with `params`. */
const live = (read: string, params: (t: Target) => Record<string, string> = () => ({})) => async (t: Target) =>
  answer(await liveGET(req(`/api/live/${read}?${new URLSearchParams({ businessId: t.businessId, ...params(t) })}`), { params: Promise.resolve({ resource: read }) }));

/** Opens the change stream, makes a no-op change in A's agenda, and reads what arrives for ~1.2 s. */
async function readRealtime(t: Target): Promise<RouteAnswer> {
  const abort = new AbortController();
  const res = await realtimeGET(req("/api/realtime", { signal: abort.signal }));
  if (res.status !== 200 || !res.body) return answer(res);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  // The stream subscribes before its first byte; then the change (a no-op update still notifies).
  const first = await reader.read();
  text += decoder.decode(first.value ?? new Uint8Array());
  await db.execute(sql`update appointments set status_id = status_id where id = ${t.rows.appointment.id}`);
  const deadline = Date.now() + 1200;
  while (Date.now() < deadline && !text.includes(t.rows.business.id)) {
    const next = await Promise.race([reader.read(), new Promise<"late">((r) => setTimeout(() => r("late"), deadline - Date.now()))]);
    if (next === "late" || next.done) break;
    text += decoder.decode(next.value);
  }
  abort.abort();
  await reader.cancel().catch(() => {});
  return { status: 200, location: null, body: text };
}

/** next-auth with the caller's cookies and address. */
function nextAuth(method: "GET" | "POST", path: string[], body?: Record<string, string>, cookies: Record<string, string> = {}) {
  return callNextAuth({
    method, path, body,
    cookies: { ...Object.fromEntries(jar), ...cookies },
    headers: { [PEER_HEADER]: request.headers.get(PEER_HEADER) ?? freshAddress() },
  });
}

// ───────────────────────────── the table ─────────────────────────────

export const TABLE: readonly Row[] = [
  // ── clients (staff) ──
  { kind: "action", name: "clients.create", allow: STAFF, input: (t) => ({ businessId: t.businessId, name: `Nova ${uniq()}`, phone: "65 99999-0000", email: "" }) },
  { kind: "action", name: "clients.update", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.client.id, name: "Alterada", phone: "", email: "" }) },
  { kind: "action", name: "clients.notes", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.client.id, notes: "Prefere horários pela manhã." }) },
  { kind: "action", name: "clients.delete", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.client.id, withAppointments: true }) },
  {
    kind: "action", name: "clients.merge", allow: OWNER, mixed: "member",
    note: "the spare client (no appointments) passes into the row client; mixed: both ids of the other business",
    input: (t) => ({ businessId: t.businessId, id: t.rows.client.id, mergedId: t.rows.spareClient.id }),
  },

  // ── services (staff) ──
  { kind: "action", name: "services.create", allow: STAFF, input: (t) => ({ businessId: t.businessId, name: `Serviço ${uniq()}`, description: "", durationMinutes: "45" }) },
  { kind: "action", name: "services.update", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.service.id, name: "Alterado", description: "", durationMinutes: 30 }) },
  { kind: "action", name: "services.delete", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.spareService.id }) },
  {
    kind: "action", name: "services.setActive", allow: STAFF, mixed: "member",
    note: "'Ativar' on an active service: allowed roles succeed without changing a row that later rows book",
    input: (t) => ({ businessId: t.businessId, id: t.rows.spareService.id, active: true }),
  },

  // ── professionals (staff) ──
  {
    kind: "action", name: "professionals.create", allow: STAFF, mixed: "member",
    note: "mixed: the new professional's offer names the other business's service",
    input: (t) => ({ businessId: t.businessId, name: `Pro ${uniq()}`, email: "", phone: "", bio: "", active: true, offers: [{ serviceId: t.rows.service.id, offered: true, price: "40" }] }),
  },
  {
    kind: "action", name: "professionals.update", allow: STAFF, mixed: "member",
    input: (t) => ({ businessId: t.businessId, id: t.rows.professional.id, name: "Alterado", email: "", phone: "", bio: "", active: true, offers: [{ serviceId: t.rows.service.id, offered: true, price: "45" }] }),
  },
  { kind: "action", name: "professionals.delete", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.professional.id }) },
  {
    kind: "action", name: "professionals.timeOff.add", allow: STAFF, mixed: "member",
    input: (t) => ({ businessId: t.businessId, professionalId: t.rows.professional.id, startDate: addDays(t.own.date, 60), endDate: addDays(t.own.date, 61), allDay: true, reason: "Curso" }),
  },
  { kind: "action", name: "professionals.timeOff.delete", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.timeOff.id }) },
  { kind: "action", name: "professionals.calendarFeed.generate", allow: OWNER, mixed: "member", input: (t) => ({ businessId: t.businessId, professionalId: t.rows.professional.id }) },
  { kind: "action", name: "professionals.calendarFeed.revoke", allow: OWNER, mixed: "member", input: (t) => ({ businessId: t.businessId, professionalId: t.rows.professional.id }) },
  { kind: "action", name: "professionals.restrictions.save", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, professionalId: t.rows.professional.id, days: restrictions() }) },

  // ── business hours (staff) ──
  { kind: "action", name: "businessHours.saveWeek", allow: STAFF, input: (t) => ({ businessId: t.businessId, days: week("07:00", "21:00") }) },
  { kind: "action", name: "businessHours.bookingWindow", allow: STAFF, input: (t) => ({ businessId: t.businessId, days: 60 }) },
  { kind: "action", name: "businessHours.holidaySetting", allow: STAFF, input: (t) => ({ businessId: t.businessId, worksOnHolidays: false }) },
  { kind: "action", name: "businessHours.addHoliday", allow: STAFF, input: (t) => ({ businessId: t.businessId, name: "Aniversário", date: addDays(t.own.date, 30), isWorking: true, openTime: "09:00", closeTime: "12:00" }) },
  { kind: "action", name: "businessHours.removeHoliday", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.holiday.id }) },

  // ── agenda (staff) ──
  {
    kind: "action", name: "appointments.create", allow: STAFF, mixed: "member",
    input: (t) => ({ businessId: t.businessId, client: { kind: "existing", id: t.rows.client.id }, date: t.own.date, time: "14:00", lines: [{ serviceId: t.rows.service.id, professionalId: t.rows.professional.id }] }),
  },
  { kind: "action", name: "appointments.move", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.appointment.id, date: addDays(t.own.date, 3) }) },
  { kind: "action", name: "appointments.time", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.appointment.id, time: "15:00" }) },
  {
    kind: "action", name: "appointments.gridMove", allow: STAFF, mixed: "member",
    input: (t) => ({ businessId: t.businessId, id: t.rows.appointment.id, time: "16:00", from: t.rows.professional.id, to: t.rows.professional.id }),
  },
  { kind: "action", name: "appointments.reschedule", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.appointment.id, date: addDays(t.own.date, 3), time: "16:00", professionalId: t.rows.professional.id }) },
  { kind: "action", name: "appointments.status", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.appointment.id, statusId: 2 }) },
  {
    // Each business has an appointment deleted a moment ago; a member naming the other's is refused.
    kind: "action", name: "appointments.undoDelete", allow: STAFF, mixed: "member",
    arrange: async (w) => {
      for (const side of [w.a, w.b]) justDeleted.set(side.business.id, await deleteOne(side));
    },
    input: (t) => ({ businessId: t.businessId, ids: [justDeleted.get(t.rows.business.id)!] }),
  },
  { kind: "action", name: "appointments.undoCancel", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, items: [{ id: t.rows.appointment.id, statusId: 2 }] }) },
  {
    kind: "action", name: "appointments.services", allow: STAFF, mixed: "member",
    input: (t) => ({ businessId: t.businessId, id: t.rows.appointment.id, lines: [{ serviceId: t.rows.spareService.id, professionalId: t.rows.professional.id }] }),
  },
  { kind: "action", name: "appointments.delete", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.appointment.id }) },
  {
    kind: "action", name: "appointments.seriesPreview", allow: STAFF, mixed: "member",
    input: (t) => ({
      businessId: t.businessId, client: { kind: "existing", id: t.rows.client.id }, date: t.own.date, time: "15:00",
      lines: [{ serviceId: t.rows.service.id, professionalId: t.rows.professional.id }], recurrence: { frequency: "week1", end: { kind: "count", count: 3 } },
    }),
  },
  {
    kind: "action", name: "appointments.createSeries", allow: STAFF, mixed: "member",
    input: (t) => ({
      businessId: t.businessId, client: { kind: "existing", id: t.rows.client.id }, date: t.own.date, time: "15:00",
      lines: [{ serviceId: t.rows.service.id, professionalId: t.rows.professional.id }], recurrence: { frequency: "week1", end: { kind: "count", count: 2 } },
      chosen: [t.own.date, addDays(t.own.date, 7)],
    }),
  },

  { kind: "action", name: "businesses.switch", allow: STAFF, input: (t) => ({ businessId: t.businessId }) },

  // ── owner only ──
  {
    kind: "action", name: "businesses.updateProfile", allow: OWNER,
    input: (t) => ({ businessId: t.businessId, businessName: `Renomeado ${uniq()}`, description: "", address: "", businessEmail: "", businessPhone: "", fullName: "Dona", contactName: "", avatarUrl: "", phone: "" }),
  },
  { kind: "action", name: "onlineBooking.settings", allow: OWNER, input: (t) => ({ businessId: t.businessId, slug: `novo-${uniq()}`, enabled: true, cancelDeadlineHours: 4, maxFutureBookings: 2 }) },
  {
    kind: "action", name: "notifications.settings", allow: OWNER,
    input: (t) => ({ businessId: t.businessId, remindersEnabled: true, firstLead: 1440, secondLead: 120, email: true, whatsapp: false, ownerEmails: false, dailySummary: true, clientChangeMessages: true }),
  },
  { kind: "action", name: "notifications.markRead", allow: STAFF, input: (t) => ({ businessId: t.businessId }) },
  {
    kind: "action", name: "waitlist.add", allow: STAFF,
    input: (t) => ({
      businessId: t.businessId, clientId: t.rows.client.id, name: "Cliente da lista", phone: newPhone(), email: null,
      serviceIds: [t.rows.service.id], professionalId: t.rows.professional.id, dates: [t.own.date], timeFrom: "09:00", timeUntil: "12:00",
    }),
  },
  { kind: "action", name: "waitlist.booked", allow: STAFF, input: (t) => ({ businessId: t.businessId, id: t.rows.waitlistEntry.id, appointmentId: t.rows.appointment.id }) },
  { kind: "action", name: "waitlist.remove", allow: STAFF, input: (t) => ({ businessId: t.businessId, id: t.rows.waitlistEntry.id }) },
  { kind: "action", name: "conversations.apiKeys.create", allow: OWNER, input: (t) => ({ businessId: t.businessId, name: "Bot novo" }) },
  { kind: "action", name: "conversations.apiKeys.revoke", allow: OWNER, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.apiKey.id }) },
  // ── Pix (the owner's card on Meus Dados) ──
  { kind: "action", name: "pix.settings.save", allow: OWNER, input: pixSettings },
  { kind: "action", name: "pix.settings.removePsp", allow: OWNER, arrange: pixWithPsp, input: (t) => ({ businessId: t.businessId }) },
  { kind: "action", name: "pix.settings.renewWebhookSecret", allow: OWNER, arrange: pixWithPsp, input: (t) => ({ businessId: t.businessId }) },
  { kind: "action", name: "team.invite", allow: OWNER, input: (t) => ({ businessId: t.businessId, email: `novo.${uniq()}@example.test` }) },
  { kind: "action", name: "team.removeMember", allow: OWNER, mixed: "member", input: (t) => ({ businessId: t.businessId, memberId: t.rows.employee.id }) },
  { kind: "action", name: "team.setGrants", allow: OWNER, mixed: "member", input: (t) => ({ businessId: t.businessId, memberId: t.rows.employee.id, grants: { deleteClients: false, catalog: true, hours: false, calendarLinks: false, otherAgendas: true }, professionalId: "nenhum" }) },
  { kind: "action", name: "team.deleteInvitation", allow: OWNER, mixed: "member", input: (t) => ({ businessId: t.businessId, invitationId: t.rows.invitation.id }) },
  // ── products (owner) ──
  { kind: "action", name: "products.create", allow: OWNER, input: (t) => ({ businessId: t.businessId, name: `Produto ${uniq()}`, price: "45,90", cost: "", minStock: "" }) },
  { kind: "action", name: "products.update", allow: OWNER, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.product.id, name: `Alterado ${uniq()}`, price: "50", cost: "20", minStock: "2" }) },
  { kind: "action", name: "products.setActive", allow: OWNER, mixed: "member", input: (t) => ({ businessId: t.businessId, id: t.rows.product.id, active: false }) },
  { kind: "action", name: "products.delete", allow: OWNER, mixed: "member", note: "the row's product has a movement: archived, so it stays for the next caller", input: (t) => ({ businessId: t.businessId, id: t.rows.product.id }) },
  { kind: "action", name: "products.moveStock", allow: OWNER, mixed: "member", input: (t) => ({ businessId: t.businessId, productId: t.rows.product.id, type: "purchase", quantity: "1", reason: "" }) },

  // ── the cash register (owner opens and closes; any member records a sangria or suprimento) ──
  {
    kind: "action", name: "cashRegister.open", allow: OWNER,
    note: "arranged with no register open on either side, so an allowed open succeeds",
    arrange: async (w) => { for (const s of [w.a, w.b]) await closeOpenRegister(s.business.id); },
    input: (t) => ({ businessId: t.businessId, float: "100,00" }),
  },
  {
    kind: "action", name: "cashRegister.movement", allow: STAFF, mixed: "member",
    note: "a suprimento into the open register of the rows' side (arranged open on both)",
    arrange: async (w) => { for (const s of [w.a, w.b]) await ensureOpenRegister(s.business.id); },
    input: async (t) => ({ businessId: t.businessId, registerId: await openRegisterId(t.rows.business.id), kind: "deposit", amount: "20", reason: "Troco do banco" }),
  },
  {
    kind: "action", name: "cashRegister.close", allow: OWNER, mixed: "member",
    note: "the open register of the rows' side (arranged open on both: an allowed close leaves none)",
    arrange: async (w) => { for (const s of [w.a, w.b]) await ensureOpenRegister(s.business.id); },
    input: async (t) => ({ businessId: t.businessId, registerId: await openRegisterId(t.rows.business.id), counted: { cash: "100", pix: "0", debit: "0", credit: "0" } }),
  },

  // ── the comanda (members open, save, close and take payments; the owner reverses) ──
  { kind: "action", name: "comandas.openForAppointment", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, appointmentId: t.rows.appointment.id }) },
  { kind: "action", name: "comandas.openSale", allow: STAFF, mixed: "member", input: (t) => ({ businessId: t.businessId, clientId: t.rows.client.id }) },
  {
    kind: "action", name: "comandas.save", allow: STAFF, mixed: "member", note: "a fresh open comanda of the rows' side",
    arrange: freshComandas("open"),
    input: (t) => ({ businessId: t.businessId, id: freshComanda(t, "open"), version: 1, lines: [], tips: [] }),
  },
  {
    kind: "action", name: "comandas.close", allow: STAFF, mixed: "member", note: "a fresh open comanda of R$ 10,00 on the rows' side, paid by Pix into its open register",
    arrange: async (w) => { for (const side of [w.a, w.b]) await ensureOpenRegister(side.business.id); await freshComandas("open")(w); },
    input: (t) => ({ businessId: t.businessId, id: freshComanda(t, "open"), version: 1, payments: [{ method: "pix", amount: "10" }] }),
  },
  {
    kind: "action", name: "comandas.reverse", allow: OWNER, mixed: "member", note: "a fresh closed comanda with nothing paid on the rows' side",
    arrange: freshComandas("closed"),
    input: (t) => ({ businessId: t.businessId, id: freshComanda(t, "closed"), reason: "Lançada por engano" }),
  },
  {
    kind: "action", name: "comandas.delete", allow: STAFF, mixed: "member", note: "a fresh open comanda of the rows' side",
    arrange: freshComandas("open"),
    input: (t) => ({ businessId: t.businessId, id: freshComanda(t, "open") }),
  },
  {
    kind: "action", name: "comandas.receive", allow: STAFF, mixed: "member", note: "the rows' client pays into the open register",
    arrange: async (w) => { for (const side of [w.a, w.b]) await ensureOpenRegister(side.business.id); },
    input: (t) => ({ businessId: t.businessId, clientId: t.rows.client.id, method: "cash", amount: "10" }),
  },

  // ── Pix (issue 54): charges on a comanda ──
  {
    kind: "action", name: "pix.createCharge", allow: STAFF, mixed: "member", note: "a static Pix of R$ 5,00 on a fresh open comanda of the rows' side",
    arrange: async (w) => { await ensureStaticPix(w); await freshComandas("open")(w); },
    input: (t) => ({ businessId: t.businessId, comandaId: freshComanda(t, "open"), amount: "5" }),
  },
  {
    kind: "action", name: "pix.confirmCharge", allow: STAFF, mixed: "member", note: "a fresh static charge awaiting payment on the rows' side",
    arrange: freshCharges("active"),
    input: (t) => ({ businessId: t.businessId, chargeId: freshCharge(t, "active") }),
  },
  {
    kind: "action", name: "pix.cancelCharge", allow: STAFF, mixed: "member", note: "a fresh static charge awaiting payment on the rows' side",
    arrange: freshCharges("active"),
    input: (t) => ({ businessId: t.businessId, chargeId: freshCharge(t, "active") }),
  },
  {
    kind: "action", name: "pix.checkCharge", allow: STAFF, mixed: "member", note: "a fresh paid charge on the rows' side (no PSP is asked)",
    arrange: freshCharges("paid"),
    input: (t) => ({ businessId: t.businessId, chargeId: freshCharge(t, "paid") }),
  },

  // ── commissions (owner) ──
  {
    kind: "action", name: "commissions.set", allow: OWNER, mixed: "member",
    note: "mixed: the other business's professional and service",
    input: (t) => ({
      businessId: t.businessId, professionalId: t.rows.professional.id, base: "gross",
      services: { kind: "percent", value: "50" }, products: { kind: "percent", value: "10" },
      overrides: [{ serviceId: t.rows.service.id, rate: { kind: "fixed", value: "15,00" } }],
    }),
  },

  {
    kind: "action", name: "commissions.advance", allow: OWNER, mixed: "member", note: "mixed: a vale for the other business's professional",
    input: (t) => ({ businessId: t.businessId, professionalId: t.rows.professional.id, amount: "20,00", date: t.own.date, reason: "Adiantamento" }),
  },
  {
    kind: "action", name: "commissions.markPaid", allow: OWNER, mixed: "member",
    note: "each call pays a day of its own (a paid period is never paid again); mixed: the other business's professional",
    input: (t) => {
      const day = addDays("2031-01-01", paidDays++);
      return { businessId: t.businessId, professionalId: t.rows.professional.id, period: { from: day, to: day }, paidOn: t.own.date };
    },
  },
  { kind: "action", name: "commissions.cardFees", allow: OWNER, input: (t) => ({ businessId: t.businessId, debit: "1,5", credit: "3,2" }) },

  // ── the signed-in person's own account ──
  {
    kind: "action", name: "businesses.create", allow: ["stranger", "owner"],
    note: "owners only (spec section 6): not a client, not an employee, not a platform admin",
    input: () => ({ name: `Filial ${uniq()}`, description: "", address: "", phone: "", email: "" }),
  },
  {
    kind: "action", name: "auth.registerBusiness", allow: ["client"],
    note: "only a person without a business who has not registered one (a Google sign-in); here the client-role user is made one",
    arrange: async (w, role) => {
      if (role === "client") await db.update(users).set({ registered: false }).where(eq(users.id, w.client.id));
    },
    input: () => ({ companyName: `Empresa ${uniq()}`, phone: "", description: "" }),
  },
  {
    kind: "action", name: "auth.resendConfirmation", allow: SIGNED_IN,
    note: "anyone signed in, for their own unconfirmed address only",
    arrange: async (w, role) => {
      if (role !== "anonymous") await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, w.users[role].id));
    },
    input: () => ({}),
  },
  { kind: "action", name: "auth.signOutEverywhere", allow: SIGNED_IN, note: "anyone signed in, for their own sessions", input: () => ({}) },
  {
    kind: "action", name: "auth.signOut", allow: EVERYONE,
    note: "'Sair': ends only the session its own cookie names (nothing for anonymous); no input names anyone",
    input: () => ({}),
  },
  {
    kind: "action", name: "invitations.accept", allow: ["client"],
    note: "only the invited, confirmed address (the invitation of A is to the client-role user)",
    arrange: confirmAddress,
    input: (t) => ({ invitationId: t.rows.clientInvitation.id }),
  },
  {
    kind: "action", name: "invitations.decline", allow: ["client"], note: "only the invited, confirmed address",
    arrange: confirmAddress, input: (t) => ({ invitationId: t.rows.clientInvitation.id }),
  },

  // ── public ──
  {
    kind: "action", name: "auth.signUp", allow: EVERYONE, mixed: "public", mixedAnswersAlike: true,
    note: "mixed: signing up with the other business's owner's e-mail answers like a new one and changes nothing of theirs",
    input: (t) => {
      const email = t.rows === t.own ? `conta.${uniq()}@example.test` : t.rows.owner.email;
      return { fullName: "Pessoa Nova", email, password: "segredo123", confirmPassword: "segredo123", companyName: "" };
    },
  },
  {
    kind: "action", name: "auth.forgotPassword", allow: EVERYONE, ignore: ["password_reset_tokens"],
    note: "anyone may ask for a reset of any address: the link goes to that address only (its token row is the one change)",
    input: (t) => ({ email: t.rows.owner.email }),
  },
  {
    kind: "action", name: "auth.resetPassword", allow: EVERYONE, note: "the e-mailed token is the credential, whoever holds it",
    input: async () => {
      const user = await createUser();
      const token = `reset-${randomUUID()}`;
      await db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
      return { token, password: "nova12345", confirmPassword: "nova12345" };
    },
  },
  {
    kind: "action", name: "auth.confirmEmail", allow: EVERYONE,
    note: "the e-mailed token proves the mailbox; from a browser that did not sign up, its holder chooses the password",
    input: async () => {
      const user = await createUser();
      const token = `verify-${randomUUID()}`;
      await db.insert(emailVerificationTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
      return { token, password: "nova12345", confirmPassword: "nova12345" };
    },
  },
  { kind: "action", name: "auth.afterLoginPath", allow: EVERYONE, read: true, input: () => ({ callbackUrl: "/clients" }) },
  {
    kind: "action", name: "invitations.employeeSignup", allow: EVERYONE,
    note: "anyone may sign up; the id alone (which the inviter reads) makes an unconfirmed account that joins nobody, so B's id changes nothing of B",
    input: async (t) => {
      const inv = await db.execute<{ id: string }>(sql`insert into business_invitations (business_id, email) values (${t.businessId}, ${`func.${uniq()}@example.test`}) returning id`);
      return { invitationId: inv[0].id, fullName: "Func Nova", password: "senha1234", confirmPassword: "senha1234" };
    },
  },
  {
    kind: "action", name: "onlineBooking.book", allow: EVERYONE, mixed: "public",
    note: "mixed: A's public page with B's service and professional",
    input: (t) => ({
      slug: t.own.slug, serviceIds: [t.rows.service.id], professionalId: t.rows.professional.id, date: t.own.date, time: "16:00",
      name: "Cliente Online", phone: newPhone(), email: "", website: "",
    }),
  },
  { kind: "action", name: "onlineBooking.cancel", allow: EVERYONE, note: "the private link's token is the credential", input: (t) => ({ token: t.rows.bookingToken }) },
  { kind: "action", name: "reminderLinks.respond", allow: EVERYONE, note: "the reminder link's token is the credential", input: (t) => ({ token: t.rows.reminderToken }) },
  {
    kind: "action", name: "waitlist.join", allow: EVERYONE, mixed: "public",
    note: "mixed: A's public page with B's service and professional",
    input: (t) => ({
      slug: t.own.slug, serviceIds: [t.rows.service.id], professionalId: t.rows.professional.id, dates: [t.own.date], timeFrom: "08:00", timeUntil: "19:00",
      name: "Cliente Espera", phone: newPhone(), email: `espera.${uniq()}@example.test`, website: "",
    }),
  },
  { kind: "action", name: "waitlist.claim", allow: EVERYONE, note: "the offer link's token is the credential", input: (t) => ({ token: t.rows.waitlistOfferToken }) },

  // ── platform admin ──
  {
    kind: "action", name: "admin.createBusiness", allow: ADMIN, platformWide: true,
    input: (t) => ({ name: `Admin cria ${uniq()}`, description: "", phone: "", email: "", address: "", monthlyFee: "99,90", subscriptionStatus: "active", ownerId: t.rows.owner.id }),
  },
  {
    kind: "action", name: "admin.updateBusiness", allow: ADMIN, platformWide: true,
    input: (t) => ({ id: t.rows.business.id, name: "Renomeado pelo admin", description: "", phone: "", email: "", address: "", monthlyFee: "10", subscriptionStatus: "suspended", ownerId: t.rows.owner.id }),
  },
  { kind: "action", name: "admin.businessDeletionSummary", allow: ADMIN, platformWide: true, read: true, input: (t) => ({ id: t.rows.business.id }) },
  { kind: "action", name: "admin.deleteBusiness", allow: ADMIN, platformWide: true, input: (t) => ({ id: t.rows.business.id }) },
  { kind: "action", name: "admin.searchUserOptions", allow: ADMIN, platformWide: true, read: true, input: (t) => ({ q: t.rows.tag }) },
  { kind: "action", name: "admin.updateUser", allow: ADMIN, platformWide: true, input: (t) => ({ id: t.rows.employee.id, fullName: "Renomeada", companyName: "", phone: "", role: "client" }) },
  { kind: "action", name: "admin.deleteUser", allow: ADMIN, platformWide: true, input: (t) => ({ id: t.rows.employee.id }) },
  {
    kind: "action", name: "admin.addAdminEmail", allow: ADMIN, platformWide: true,
    probe: async (w) => (await adminEmails()).includes(listedEmail(w)),
    input: (_t, w) => ({ email: listedEmail(w) }),
  },
  {
    kind: "action", name: "admin.removeAdminEmail", allow: ADMIN, platformWide: true,
    arrange: async (w) => {
      await db.execute(sql`
        insert into saas_config (config_key, config_value) values ('saas_admin_emails', '[]'::jsonb) on conflict (config_key) do nothing`);
      await db.execute(sql`
        update saas_config set config_value = config_value || to_jsonb(${listedEmail(w)}::text)
        where config_key = 'saas_admin_emails' and not config_value ? ${listedEmail(w)}`);
    },
    probe: async (w) => (await adminEmails()).includes(listedEmail(w)),
    input: (_t, w) => ({ email: listedEmail(w) }),
  },

  // ── route handlers ──
  {
    kind: "route", name: "GET /api/avatars/[id]", allow: STAFF, note: "members of the photo's business only (401 signed out, 404 for everyone else)",
    call: async (t) => answer(await avatarGET(req(`/api/avatars/${t.rows.avatarId}`), { params: Promise.resolve({ id: t.rows.avatarId }) })),
    ok: (r) => r.status === 200,
  },
  {
    kind: "route", name: "GET /api/reports/audit-logs/csv", allow: OWNER, mixed: "member", read: true,
    note: "?business= must be one the caller owns; mixed: the own business's CSV filtered by the other's client",
    call: async (t) =>
      answer(await auditCsvGET(req(`/api/reports/audit-logs/csv?business=${t.businessId}${t.rows === t.own ? "" : `&q=${t.rows.tag}&user=${t.rows.owner.id}`}`))),
    ok: (r, t) => r.status === 200 && r.body.includes(t.rows.tag),
  },
  {
    kind: "route", name: "GET /api/commissions/statement/csv", allow: STAFF, mixed: "member", read: true,
    note: "an employee reads only the professional linked to them: arranged linked to their side's (otherAgendas kept, so nothing else changes for them); mixed: the other business's professional",
    arrange: async (w) => {
      for (const side of [w.a, w.b]) {
        await db.update(userBusinessRoles).set({ professionalId: side.professional.id }).where(and(eq(userBusinessRoles.userId, side.employee.id), eq(userBusinessRoles.businessId, side.business.id)));
      }
    },
    call: async (t) => answer(await statementCsvGET(req(`/api/commissions/statement/csv?business=${t.businessId}&professional=${t.rows.professional.id}&from=2026-01-01&to=2026-01-31`))),
    ok: (r) => r.status === 200 && r.body.includes("Descrição"),
  },
  {
    kind: "route", name: "GET /api/reports/day-closing/csv", allow: OWNER, read: true,
    call: async (t) => answer(await dayClosingCsvGET(req(`/api/reports/day-closing/csv?business=${t.businessId}&date=${t.own.date}`))),
    ok: (r) => r.status === 200 && r.body.includes("Por forma de pagamento"),
  },
  {
    kind: "route", name: "GET /api/live/appointments.day", allow: STAFF, read: true,
    call: live("appointments.day", (t) => ({ date: t.own.date })), ok: (r, t) => r.status === 200 && r.body.includes(t.rows.tag),
  },
  {
    kind: "route", name: "GET /api/live/appointments.days", allow: STAFF, read: true,
    call: live("appointments.days", (t) => ({ from: t.own.date, to: addDays(t.own.date, 30) })), ok: (r, t) => r.status === 200 && r.body.includes(t.rows.tag),
  },
  { kind: "route", name: "GET /api/live/appointments.summary", allow: STAFF, read: true, call: live("appointments.summary", (t) => ({ today: t.own.date })), ok: (r) => r.status === 200 },
  {
    kind: "route", name: "GET /api/live/appointments.appointment", allow: STAFF, mixed: "member", read: true,
    call: live("appointments.appointment", (t) => ({ id: t.rows.appointment.id })), ok: (r, t) => r.status === 200 && r.body.includes(t.rows.tag),
  },
  {
    kind: "route", name: "GET /api/live/appointments.series", allow: STAFF, mixed: "member", read: true,
    call: live("appointments.series", (t) => ({ id: t.rows.appointment.id })), ok: (r) => r.status === 200 && r.body.includes('"total":1'),
  },
  {
    kind: "route", name: "GET /api/live/appointments.options", allow: STAFF, mixed: "member", read: true,
    call: live("appointments.options", (t) => ({ date: t.own.date, time: "10:00", lines: JSON.stringify([{ serviceId: t.rows.service.id, professionalId: null }]), appointmentId: t.rows.appointment.id })),
    ok: (r, t) => r.status === 200 && r.body.includes(t.rows.tag),
  },
  {
    kind: "route", name: "GET /api/live/appointments.freeTimes", allow: STAFF, mixed: "member", read: true,
    call: live("appointments.freeTimes", (t) => ({ id: t.rows.appointment.id, date: t.own.date })), ok: (r) => r.status === 200 && r.body.includes('"times"'),
  },
  {
    kind: "route", name: "GET /api/live/appointments.lastVisit", allow: STAFF, mixed: "member", read: true,
    call: live("appointments.lastVisit", (t) => ({ clientId: t.rows.client.id })), ok: (r) => r.status === 200 && r.body.includes('"lines"'),
  },
  {
    kind: "route", name: "GET /api/live/appointments.clients", allow: STAFF, mixed: "member", read: true, note: "mixed: searches for the other business's client by its name",
    call: live("appointments.clients", (t) => ({ q: t.rows.tag })), ok: (r, t) => r.status === 200 && r.body.includes(t.rows.tag),
  },
  {
    kind: "route", name: "GET /api/live/professionals.restrictions", allow: STAFF, mixed: "member", read: true,
    call: live("professionals.restrictions", (t) => ({ professionalId: t.rows.professional.id })), ok: (r) => r.status === 200 && !r.body.includes('"days":null'),
  },
  {
    kind: "route", name: "GET /api/live/professionals.timeOff", allow: STAFF, mixed: "member", read: true,
    call: live("professionals.timeOff", (t) => ({ professionalId: t.rows.professional.id })), ok: (r, t) => r.status === 200 && r.body.includes(`Férias ${t.rows.tag}`),
  },
  {
    kind: "route", name: "GET /api/live/products.history", allow: OWNER, mixed: "member", read: true,
    call: live("products.history", (t) => ({ productId: t.rows.product.id })), ok: (r, t) => r.status === 200 && r.body.includes(`Pomada ${t.rows.tag}`),
  },
  {
    kind: "route", name: "GET /api/live/professionals.calendarFeed", allow: STAFF, mixed: "member", read: true,
    call: live("professionals.calendarFeed", (t) => ({ professionalId: t.rows.professional.id })), ok: (r) => r.status === 200 && r.body.includes('"createdAt"'),
  },
  {
    kind: "route", name: "GET /api/live/waitlist.day", allow: STAFF, read: true,
    call: live("waitlist.day", (t) => ({ date: t.own.date })), ok: (r, t) => r.status === 200 && r.body.includes(`Espera ${t.rows.tag}`),
  },
  {
    kind: "route", name: "GET /api/live/waitlist.counts", allow: STAFF, read: true,
    call: live("waitlist.counts", (t) => ({ from: t.own.date, to: addDays(t.own.date, 7) })), ok: (r, t) => r.status === 200 && r.body.includes(`"${t.own.date}":1`),
  },
  { kind: "route", name: "GET /api/live/appointments.grid", allow: STAFF, read: true, call: live("appointments.grid", (t) => ({ date: t.own.date })), ok: (r, t) => r.status === 200 && r.body.includes(t.rows.tag) },
  { kind: "route", name: "GET /api/live/allocation.day", allow: STAFF, read: true, call: live("allocation.day", (t) => ({ date: t.own.date })), ok: (r, t) => r.status === 200 && r.body.includes(t.rows.tag) },
  { kind: "route", name: "GET /api/live/business-hours", allow: STAFF, read: true, call: live("business-hours"), ok: (r, t) => r.status === 200 && r.body.includes(t.rows.tag) },
  { kind: "route", name: "GET /api/live/conversations", allow: OWNER, read: true, call: live("conversations"), ok: (r, t) => r.status === 200 && r.body.includes(t.rows.tag) },
  { kind: "route", name: "GET /api/live/dashboard", allow: OWNER, read: true, call: live("dashboard"), ok: (r) => r.status === 200 },
  {
    kind: "route", name: "GET /api/live/cashRegister", allow: STAFF, read: true,
    note: "arranged with a register open on both sides: a member reads their own (its ledger's float)",
    arrange: async (w) => { for (const side of [w.a, w.b]) await ensureOpenRegister(side.business.id); },
    call: live("cashRegister"),
    ok: (r) => r.status === 200 && r.body.includes('"open":{'),
  },
  { kind: "route", name: "GET /api/live/comandas", allow: STAFF, read: true, call: live("comandas"), ok: (r) => r.status === 200 && r.body.includes('"open":[') },
  {
    kind: "route", name: "GET /api/live/comanda", allow: STAFF, mixed: "member", read: true, note: "a fresh open comanda of the rows' side; mixed: null, with the caller's own options",
    arrange: freshComandas("open"),
    call: live("comanda", (t) => ({ id: freshComanda(t, "open") })),
    ok: (r) => r.status === 200 && r.body.includes('"comanda":{'),
  },
  {
    kind: "route", name: "GET /api/live/clientAccount", allow: STAFF, mixed: "member", read: true,
    call: live("clientAccount", (t) => ({ clientId: t.rows.client.id })), ok: (r) => r.status === 200 && r.body.includes('"balance":0'),
  },
  {
    kind: "route", name: "GET /api/live/clients.duplicates", allow: STAFF, mixed: "member", read: true,
    note: "mixed: the other business's client's phone and e-mail find nobody",
    call: live("clients.duplicates", (t) => ({ phone: t.rows.client.phone })),
    ok: (r, t) => r.status === 200 && r.body.includes(t.rows.client.id),
  },
  { kind: "route", name: "GET /api/live/notifications", allow: STAFF, read: true, call: live("notifications"), ok: (r, t) => r.status === 200 && r.body.includes(t.rows.tag) },
  {
    kind: "route", name: "GET /api/realtime", allow: STAFF, read: true, ignore: ["changes"],
    note: "any signed-in person may open the stream; only members of A receive A's changes. The probe's own no-op update of A's appointment adds its change-log row",
    call: (t) => readRealtime(t),
    ok: (r, t) => r.status === 200 && r.body.includes(t.rows.business.id),
  },
  {
    kind: "route", name: "POST /api/conversations", allow: EVERYONE, mixed: "public", mixedAnswersAlike: true,
    note: "the key alone says the business (cookies are ignored); mixed: A's key with B's client's phone stores in A and never touches B",
    call: async (t) =>
      answer(
        await conversationsPOST(
          req("/api/conversations", {
            method: "POST",
            headers: { authorization: `Bearer ${t.own.apiKey.key}`, "content-type": "application/json" },
            body: JSON.stringify({ client_phone: t.rows.client.phone, client_name: "Contato", message: "Olá", is_bot: false }),
          }),
        ),
      ),
    ok: (r) => r.status === 201,
  },
  {
    kind: "route", name: "POST /api/pix/webhook/[businessId]/pix", allow: EVERYONE, mixed: "public", mixedAnswersAlike: true,
    note: "the URL names the business and its secret signs the body (cookies are ignored); mixed: A's signed delivery naming B's txid finds nothing and never touches B",
    arrange: ensurePspPix,
    call: async (t) => {
      const body = JSON.stringify({ pix: [{ endToEndId: "E00000000202611281200abcdefghijk", txid: fresh.get(`${t.rows.business.id}:psp-txid`), valor: "5.00" }] });
      const signature = `sha256=${createHmac("sha256", WEBHOOK_SECRET).update(body).digest("hex")}`;
      return answer(
        await pixWebhookPOST(req(`/api/pix/webhook/${t.own.business.id}/pix`, { method: "POST", headers: { "content-type": "application/json", "x-pix-signature": signature }, body }), {
          params: Promise.resolve({ businessId: t.own.business.id }),
        }),
      );
    },
    ok: (r) => r.status === 200,
  },
  {
    kind: "route", name: "GET /api/agendar/[slug]/horarios", allow: EVERYONE, mixed: "public",
    note: "mixed: A's page asked for B's service",
    call: async (t) =>
      answer(
        await slotsGET(req(`/api/agendar/${t.own.slug}/horarios?date=${t.own.date}&services=${t.rows.service.id}&professional=any`), {
          params: Promise.resolve({ slug: t.own.slug }),
        }),
      ),
    ok: (r) => r.status === 200 && r.body.includes('"times"'),
  },
  {
    kind: "route", name: "GET /agenda/ical/[token]", allow: EVERYONE,
    note: "the feed's secret address is the credential, whoever holds it (cookies are ignored); serving it notes the content's hash on A's feed row",
    call: async (t) => answer(await calendarFeedGET(req(`/agenda/ical/${t.rows.calendarFeedToken}`), { params: Promise.resolve({ token: t.rows.calendarFeedToken }) })),
    // Long lines of a calendar are folded (RFC 5545 §3.1): unfolded, the service's name is whole.
    ok: (r, t) => r.status === 200 && r.body.startsWith("BEGIN:VCALENDAR") && r.body.replace(/\r\n[ \t]/g, "").includes(`Corte ${t.rows.tag}`),
  },
  {
    kind: "route", name: "GET /api/health", allow: EVERYONE, note: "for load balancers: the checks' names and ok/fail only; no session, nothing written",
    // A worker's heartbeat (no worker runs in this file): the answer is the 200 of a healthy app.
    arrange: async () => void (await db.execute(sql`insert into job_workers (worker_id) values ('authz-matrix') on conflict (worker_id) do update set seen_at = now()`)),
    call: async () => answer(await healthGET(req("/api/health"))),
    ok: (r) => r.status === 200 && r.body === '{"status":"ok","checks":{"database":"ok","migrations":"ok","worker":"ok"}}',
  },
  {
    kind: "route", name: "POST /api/not-found", allow: EVERYONE, note: "writes a log line only",
    call: async (t) => answer(await notFoundPOST(req("/api/not-found", { method: "POST", body: JSON.stringify({ path: `/nada/${t.rows.tag}` }) }))),
    ok: (r) => r.status === 204,
  },
  {
    kind: "route", name: "GET /api/auth/refresh", allow: EVERYONE, note: "re-issues the caller's own cookie only; goes to same-origin paths only",
    call: async () => answer(await refreshGET(req("/api/auth/refresh?to=/clients"))),
    ok: (r) => r.status === 307 && /^http:\/\/localhost(:\d+)?\/clients$/.test(r.location ?? ""),
  },
  {
    kind: "route", name: "GET /api/auth/verify-email", allow: EVERYONE,
    note: "links sent before /confirm-email: opening one only leads to the page whose button confirms",
    call: async () => {
      const user = await createUser();
      const token = `verify-${randomUUID()}`;
      await db.insert(emailVerificationTokens).values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
      return answer(await verifyGET(req(`/api/auth/verify-email?token=${token}`)));
    },
    ok: (r) => r.status === 307 && (r.location ?? "").includes("/confirm-email?token=verify-"),
  },
  {
    kind: "route", name: "GET /api/auth/[...nextauth]", allow: EVERYONE, read: true,
    note: "next-auth's session read (AuthHandler with our authOptions): the caller's own session or none",
    call: async (_t, w, role) => {
      const res = await nextAuth("GET", ["session"]);
      const body = JSON.stringify(res.body ?? null);
      // The session names its own user, never anyone else.
      const own = role === "anonymous" ? null : w.users[role].id;
      return { status: own && !body.includes(own) ? 500 : res.status, location: res.location, body };
    },
    ok: (r) => r.status === 200,
  },
  {
    kind: "route", name: "POST /api/auth/[...nextauth]", allow: [],
    note: "sign-in with A's owner's e-mail and a wrong password (with a valid CSRF token): refused, no session",
    call: async (t) => {
      const csrf = await nextAuth("GET", ["csrf"]);
      const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
      const res = await nextAuth("POST", ["callback", "credentials"], { csrfToken, email: t.rows.owner.email, password: "errada123", json: "true" }, cookiesSet(csrf));
      const session = Object.entries(cookiesSet(res)).some(([name, value]) => name.endsWith("session-token") && value);
      return { status: session ? 200 : 401, location: res.location, body: JSON.stringify(res.body ?? null) };
    },
    ok: (r) => r.status === 200,
  },
];

export const ROWS_BY_NAME = new Map(TABLE.map((r) => [r.name, r]));

async function openRegisterId(businessId: string): Promise<string | null> {
  const [row] = await db.select({ id: cashRegisters.id }).from(cashRegisters)
    .where(and(eq(cashRegisters.businessId, businessId), sql`${cashRegisters.closedAt} is null`));
  return row?.id ?? null;
}
/** Fresh comandas made before each call (a call may close, reverse or delete its own), by business and status. */
const fresh = new Map<string, string>();
function freshComandas(status: "open" | "closed") {
  return async (w: World) => {
    for (const side of [w.a, w.b]) fresh.set(`${side.business.id}:${status}`, await comandaOf(side.business.id, status));
  };
}
function freshComanda(t: Target, status: "open" | "closed") {
  return fresh.get(`${t.rows.business.id}:${status}`)!;
}

/** A fresh comanda of `businessId`: open with one R$ 10,00 line, or closed with nothing paid. */
async function comandaOf(businessId: string, status: "open" | "closed"): Promise<string> {
  const closed = status === "closed";
  const [k] = await db.execute<{ id: string }>(sql`
    insert into comandas (business_id, status, closed_at, total_cents, closed_on)
    values (${businessId}, ${status}, ${closed ? sql`now()` : null}, ${closed ? 0 : null}, ${closed ? sql`current_date` : null}) returning id`);
  if (!closed) {
    await db.execute(sql`insert into comanda_lines (business_id, comanda_id, position, kind, name, quantity, unit_cents) values (${businessId}, ${k.id}, 0, 'service', 'Avulso', 1, 1000)`);
  }
  return k.id;
}
/** Both businesses charge by static Pix (a key, a name and a city). */
async function ensureStaticPix(w: World): Promise<void> {
  for (const side of [w.a, w.b]) {
    await db.execute(sql`
      insert into business_pix (business_id, pix_key, merchant_name, merchant_city) values (${side.business.id}, '+5565999990000', 'Salao Teste', 'Cuiaba')
      on conflict (business_id) do update set psp_base_url = null, psp_token_url = null, psp_client_id = null, psp_secrets = null`);
  }
}
const WEBHOOK_SECRET = "segredo-do-webhook-de-teste";
/**
 * Both businesses with a PSP that answers nothing (a closed port) and a fresh PSP charge each: the
 * webhook's row. A delivery naming a charge of its business asks the PSP, finds it unreachable and
 * leaves the charge to the poll.
 */
async function ensurePspPix(w: World): Promise<void> {
  const secrets = sealSecrets({ clientSecret: "s", certificate: null, privateKey: null, webhookSecret: WEBHOOK_SECRET });
  for (const side of [w.a, w.b]) {
    await db.execute(sql`
      insert into business_pix (business_id, pix_key, merchant_name, merchant_city, psp_base_url, psp_client_id, psp_secrets)
      values (${side.business.id}, '+5565999990000', 'Salao Teste', 'Cuiaba', 'http://127.0.0.1:9/v2', 'cliente', ${secrets})
      on conflict (business_id) do update set psp_base_url = excluded.psp_base_url, psp_client_id = excluded.psp_client_id, psp_secrets = excluded.psp_secrets`);
    const comanda = await comandaOf(side.business.id, "open");
    const txid = (randomUUID() + randomUUID()).replace(/-/g, "").slice(0, 35);
    await db.execute(sql`
      insert into pix_charges (business_id, txid, mode, purpose, comanda_id, amount_cents, brcode, expires_at)
      values (${side.business.id}, ${txid}, 'psp', 'comanda', ${comanda}, 500, 'brcode', now() + interval '1 hour')`);
    fresh.set(`${side.business.id}:psp-txid`, txid);
  }
}
/** A fresh static charge of R$ 5,00 on a fresh open comanda of each business: awaiting payment, or paid. */
function freshCharges(status: "active" | "paid") {
  return async (w: World) => {
    await ensureStaticPix(w);
    for (const side of [w.a, w.b]) {
      const comanda = await comandaOf(side.business.id, "open");
      const txid = randomUUID().replace(/-/g, "").slice(0, 25);
      const [c] = await db.execute<{ id: string }>(sql`
        insert into pix_charges (business_id, txid, mode, purpose, comanda_id, amount_cents, brcode, status, expires_at, paid_at)
        values (${side.business.id}, ${txid}, 'static', 'comanda', ${comanda}, 500, 'brcode', ${status}, now() + interval '1 day', ${status === "paid" ? sql`now()` : null})
        returning id`);
      fresh.set(`${side.business.id}:charge-${status}`, c.id);
    }
  };
}
function freshCharge(t: Target, status: "active" | "paid") {
  return fresh.get(`${t.rows.business.id}:charge-${status}`)!;
}
async function ensureOpenRegister(businessId: string): Promise<void> {
  if (!(await openRegisterId(businessId))) await db.insert(cashRegisters).values({ businessId, floatCents: 10_000 });
}
async function closeOpenRegister(businessId: string): Promise<void> {
  await db.update(cashRegisters).set({ closedAt: new Date() }).where(and(eq(cashRegisters.businessId, businessId), sql`${cashRegisters.closedAt} is null`));
}
