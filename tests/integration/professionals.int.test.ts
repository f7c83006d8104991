import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import {
  appointmentServices, auditLogs, businessHours, professionalAvatars, professionalBreaks, professionals, professionalServices,
  professionalWeeklySchedules,
} from "@/db/schema";
import { GET as avatarRoute } from "@/app/api/avatars/[id]/route";
import { ACCESS } from "@/lib/auth/permissions";
import { workingDayFor } from "@/lib/appointments/working-day";
import { addDays } from "@/lib/core/time/business-date";
import { todayInBusiness } from "@/lib/core/time/business-time";
import {
  createProfessionalAction, deleteProfessionalAction, saveRestrictionsAction, updateProfessionalAction,
} from "@/lib/professionals/actions";
import { listProfessionals } from "@/lib/professionals/queries";
import { restrictionsRead } from "@/lib/professionals/reads";
import { PROFESSIONAL_MESSAGES as MSG } from "@/lib/professionals/messages";
import { RANGE_MESSAGES } from "@/lib/appointments/rules/time-ranges";
import { weeklyRestrictions, type DayRestriction } from "@/lib/appointments/rules/weekly-schedule";
import { AVATAR_MESSAGES, MAX_AVATAR_BYTES } from "@/lib/core/uploads/image-type";
import { actAs, readAs } from "./act-as";
import {
  addBusinessRole, createAppointment, createBusiness, createClient, createProfessional, createService, createUser, uniq,
} from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const proById = async (id: string) => (await db.select().from(professionals).where(eq(professionals.id, id)))[0];
const auditsOf = (entityId: string) => db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId)).orderBy(auditLogs.createdAt);
const pricesOf = async (id: string) =>
  (await db.select({ serviceId: professionalServices.serviceId, price: professionalServices.price }).from(professionalServices)
    .where(eq(professionalServices.professionalId, id))).sort((a, b) => a.serviceId.localeCompare(b.serviceId));

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("fake png body")]);
const GIF = Buffer.concat([Buffer.from("GIF89a"), Buffer.from([1, 0, 1, 0])]);
const file = (bytes: Buffer | string, name: string, type: string) => new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });

const fields = (over: Record<string, unknown> = {}) => ({ name: `Profissional ${uniq()}`, email: "", phone: "", bio: "", active: true, offers: [], ...over });
const idOf = (r: unknown) => (r as { id: string }).id;

async function getAvatar(url: string, headers: Record<string, string> = {}) {
  const id = url.split("/").pop()!;
  return avatarRoute(new Request(`http://localhost${url}`, { headers }), { params: Promise.resolve({ id }) });
}

describe("professional actions", () => {
  let owner: { id: string };
  let employee: { id: string };
  let otherOwner: { id: string };
  let business: { id: string };
  let other: { id: string };
  let corte: { id: string; name: string };
  let barba: { id: string; name: string };

  beforeEach(async () => {
    owner = await createUser();
    employee = await createUser();
    otherOwner = await createUser();
    business = await createBusiness(owner.id);
    other = await createBusiness(otherOwner.id);
    await addBusinessRole(employee.id, business.id, "employee");
    corte = await createService(business.id, 30, { name: "Corte" });
    barba = await createService(business.id, 20, { name: "Barba" });
  });

  test("create (by an employee): empty e-mail, phone and bio null; services with prices as the spec parses them; one audit row", async () => {
    await actAs(employee.id);
    const name = `Rafael ${uniq()}`;
    const result = await createProfessionalAction({
      businessId: business.id, ...fields({ name: ` ${name} `, email: " ", bio: "" }),
      offers: [
        { serviceId: corte.id, offered: true, price: "R$ 45,5" },
        { serviceId: barba.id, offered: true, price: "a combinar" },
      ],
    });
    expect(result).toEqual({ ok: true, id: expect.any(String) });
    const id = idOf(result);
    expect(await proById(id)).toMatchObject({ name, email: null, phone: null, bio: null, active: true, avatarUrl: null, businessId: business.id, userId: employee.id });
    expect(await pricesOf(id)).toEqual([{ serviceId: corte.id, price: "45.50" }, { serviceId: barba.id, price: null }].sort((a, b) => a.serviceId.localeCompare(b.serviceId)));
    const audits = await auditsOf(id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actionType: "CREATE", entityType: "professional", userId: employee.id, description: `Profissional "${name}" criado`, oldValues: null,
      newValues: {
        name, email: null, phone: null, bio: null, active: true, avatarUrl: null,
        services: [{ serviceId: barba.id, service: "Barba", price: null }, { serviceId: corte.id, service: "Corte", price: "45.50" }],
      },
    });
  });

  test("the spec's login and business messages", async () => {
    await actAs(null);
    expect(await createProfessionalAction({ businessId: business.id, ...fields() })).toEqual({ ok: false, error: MSG.saveError, description: MSG.notSignedIn });
    await actAs(owner.id, { currentBusinessId: business.id });
    expect(await createProfessionalAction(fields() as never)).toEqual({ ok: false, error: MSG.saveError, description: MSG.noBusiness });
  });

  test("update: services and prices replaced in one go; old and new values, the changes named", async () => {
    const pro = await createProfessional(business.id, { name: "Bruno", active: true });
    await db.insert(professionalServices).values([{ professionalId: pro.id, serviceId: corte.id, businessId: business.id, price: "40.00" }]);
    await actAs(owner.id);
    expect(await updateProfessionalAction({
      businessId: business.id, id: pro.id, ...fields({ name: "Bruno", active: false, phone: "65 99999-0000" }),
      offers: [{ serviceId: corte.id, offered: false, price: "40" }, { serviceId: barba.id, offered: true, price: "30" }],
    })).toEqual({ ok: true, id: pro.id });
    expect(await pricesOf(pro.id)).toEqual([{ serviceId: barba.id, price: "30.00" }]);
    const [audit] = await auditsOf(pro.id);
    expect(audit).toMatchObject({
      actionType: "UPDATE", entityType: "professional",
      description: 'Profissional "Bruno" atualizado (telefone: vazio → "65 99999-0000"; status: Ativo → Inativo; serviços: Corte (R$ 40,00) → Barba (R$ 30,00))',
      oldValues: { active: true, phone: null, services: [{ serviceId: corte.id, service: "Corte", price: "40.00" }] },
      newValues: { active: false, phone: "65 99999-0000", services: [{ serviceId: barba.id, service: "Barba", price: "30.00" }] },
    });
  });

  test("a failed write changes nothing and leaves no audit row (another business's service in the list)", async () => {
    const foreignService = await createService(other.id, 30);
    const pro = await createProfessional(business.id, { name: "Carla" });
    await db.insert(professionalServices).values([{ professionalId: pro.id, serviceId: corte.id, businessId: business.id, price: "50.00" }]);
    await actAs(owner.id);
    expect(await updateProfessionalAction({
      businessId: business.id, id: pro.id, ...fields({ name: "Carla Nova" }),
      offers: [{ serviceId: foreignService.id, offered: true, price: "1" }],
    })).toEqual({ ok: false, error: MSG.saveError, description: MSG.unknownService });
    expect(await proById(pro.id)).toMatchObject({ name: "Carla" });
    expect(await pricesOf(pro.id)).toEqual([{ serviceId: corte.id, price: "50.00" }]);
    expect(await auditsOf(pro.id)).toHaveLength(0);
    expect(await updateProfessionalAction({ businessId: business.id, id: pro.id, ...fields({ name: "" }) })).toMatchObject({
      ok: false, fieldErrors: { name: MSG.nameRequired },
    });
    expect(await auditsOf(pro.id)).toHaveLength(0);
  });

  test("another business's professional can't be read, changed or deleted by id", async () => {
    const foreign = await createProfessional(other.id, { name: `Do vizinho ${uniq()}` });
    await db.insert(professionalWeeklySchedules).values({ professionalId: foreign.id, businessId: other.id, dayOfWeek: 1, isWorking: true, startTime: "07:00", endTime: "11:00" });
    await actAs(owner.id);
    const week = weeklyRestrictions([], [], []);
    // Naming the other business: not a member.
    expect(await updateProfessionalAction({ businessId: other.id, id: foreign.id, ...fields() })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await deleteProfessionalAction({ businessId: other.id, id: foreign.id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await readAs(restrictionsRead, { businessId: other.id, professionalId: foreign.id })).toMatchObject({ status: 403, body: { description: ACCESS.forbidden } });
    expect(await saveRestrictionsAction({ businessId: other.id, professionalId: foreign.id, days: week })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    // Their own business with the other's id: not found there.
    expect(await updateProfessionalAction({ businessId: business.id, id: foreign.id, ...fields({ name: "Invadido" }) })).toEqual({ ok: false, error: MSG.saveError, description: MSG.notFound });
    expect(await deleteProfessionalAction({ businessId: business.id, id: foreign.id })).toEqual({ ok: false, error: MSG.deleteError, description: MSG.notFound });
    expect(await readAs(restrictionsRead, { businessId: business.id, professionalId: foreign.id })).toEqual({ status: 200, body: { days: null } });
    expect(await saveRestrictionsAction({ businessId: business.id, professionalId: foreign.id, days: week })).toEqual({ ok: false, error: MSG.restrictionsSaveError, description: MSG.notFound });
    expect(await proById(foreign.id)).toMatchObject({ name: foreign.name });
    expect(await db.select().from(professionalWeeklySchedules).where(eq(professionalWeeklySchedules.professionalId, foreign.id))).toMatchObject([{ dayOfWeek: 1, startTime: "07:00:00" }]);
    expect(await auditsOf(foreign.id)).toHaveLength(0);
    expect((await listProfessionals(business.id)).map((p) => p.id)).not.toContain(foreign.id);
  });

  test("the list counts each professional's non-cancelled appointments from today on, once each", async () => {
    const pro = await createProfessional(business.id, { name: "Renata" });
    const client = (await createClient(business.id)).id;
    const today = todayInBusiness();
    const book = (date: string, time: string, statusId = 1, times = 1) =>
      createAppointment({ businessId: business.id, clientId: client, date, time, statusId, services: Array.from({ length: times }, () => ({ serviceId: corte.id, professionalId: pro.id })) });
    await book(addDays(today, -1), "23:30"); // yesterday, running past midnight: not from today on
    await book(addDays(today, -30), "10:00");
    await book(today, "09:00", 1, 2); // two of their services in one appointment: one appointment
    await book(addDays(today, 3), "10:00", 3); // cancelled
    await book(addDays(today, 400), "10:00", 2);
    expect((await listProfessionals(business.id)).find((p) => p.id === pro.id)?.upcomingAppointments).toBe(2);
  });

  test("delete: prices, schedule and photo go; appointment lines stay without a professional; audited", async () => {
    const pro = await createProfessional(business.id, { name: "Diego" });
    await db.insert(professionalServices).values({ professionalId: pro.id, serviceId: corte.id, businessId: business.id, price: "35.00" });
    await db.insert(professionalAvatars).values({ professionalId: pro.id, businessId: business.id, contentType: "image/png", data: PNG });
    const appt = await createAppointment({ businessId: business.id, clientId: (await createClient(business.id)).id, date: "2031-07-01", time: "09:00", services: [{ serviceId: corte.id, professionalId: pro.id }] });
    expect((await listProfessionals(business.id)).find((p) => p.id === pro.id)?.upcomingAppointments).toBe(1);
    await actAs(employee.id);
    expect(await deleteProfessionalAction({ businessId: business.id, id: pro.id })).toEqual({ ok: true });
    expect(await proById(pro.id)).toBeUndefined();
    expect(await pricesOf(pro.id)).toEqual([]);
    expect(await db.select().from(professionalAvatars).where(eq(professionalAvatars.professionalId, pro.id))).toHaveLength(0);
    expect(await db.select({ p: appointmentServices.professionalId }).from(appointmentServices).where(eq(appointmentServices.appointmentId, appt.id))).toEqual([{ p: null }]);
    expect(await auditsOf(pro.id)).toMatchObject([
      { actionType: "DELETE", entityType: "professional", description: 'Profissional "Diego" excluído', oldValues: { name: "Diego", services: [{ service: "Corte", price: "35.00" }] } },
    ]);
  });
});

describe("photos", () => {
  let owner: { id: string };
  let business: { id: string };
  let stranger: { id: string };

  beforeEach(async () => {
    owner = await createUser();
    business = await createBusiness(owner.id);
    stranger = await createUser();
    await createBusiness(stranger.id);
  });

  test("an image is stored and served to members only, with its type, nosniff, ETag and private caching", async () => {
    await actAs(owner.id);
    const result = await createProfessionalAction({ businessId: business.id, ...fields(), photo: file(PNG, "foto.txt", "text/plain") });
    expect(result).toEqual({ ok: true, id: expect.any(String) });
    const pro = await proById(idOf(result));
    expect(pro.avatarUrl).toMatch(/^\/api\/avatars\/[0-9a-f-]{36}$/);

    const res = await getAvatar(pro.avatarUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("private, max-age=3600");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG);
    const again = await getAvatar(pro.avatarUrl!, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");

    // Not a member of that business: the same answer as a photo that doesn't exist.
    await actAs(stranger.id);
    expect((await getAvatar(pro.avatarUrl!)).status).toBe(404);
    expect((await getAvatar(pro.avatarUrl!, { "if-none-match": etag })).status).toBe(404);
    expect((await getAvatar("/api/avatars/00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await getAvatar("/api/avatars/nao-e-um-id")).status).toBe(404);
    await actAs(null);
    expect((await getAvatar(pro.avatarUrl!)).status).toBe(401);
  });

  test("a stored row of another type is never served", async () => {
    const pro = await createProfessional(business.id);
    const [row] = await db.insert(professionalAvatars).values({ professionalId: pro.id, businessId: business.id, contentType: "text/html", data: Buffer.from("<script>alert(1)</script>") }).returning();
    await actAs(owner.id);
    expect((await getAvatar(`/api/avatars/${row.id}`)).status).toBe(404);
  });

  test.each([
    ["text named .png", () => file("não sou imagem", "foto.png", "image/png"), AVATAR_MESSAGES.notImage],
    ["SVG", () => file('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>', "a.svg", "image/svg+xml"), AVATAR_MESSAGES.notImage],
    ["over 2 MB", () => file(Buffer.concat([PNG, Buffer.alloc(MAX_AVATAR_BYTES)]), "big.png", "image/png"), AVATAR_MESSAGES.tooLarge],
    ["empty", () => file(Buffer.alloc(0), "a.png", "image/png"), AVATAR_MESSAGES.empty],
  ])("a failed upload (%s) saves the professional without a photo and says why", async (_, make, message) => {
    await actAs(owner.id);
    const result = await createProfessionalAction({ businessId: business.id, ...fields(), photo: make() });
    expect(result).toEqual({ ok: true, id: expect.any(String), photoError: message });
    expect(await proById(idOf(result))).toMatchObject({ avatarUrl: null });
    expect(await db.select().from(professionalAvatars).where(eq(professionalAvatars.professionalId, idOf(result)))).toHaveLength(0);
  });

  test("a new photo replaces the old one (new URL, old row gone); remove clears it", async () => {
    await actAs(owner.id);
    const id = idOf(await createProfessionalAction({ businessId: business.id, ...fields({ name: "Foto" }), photo: file(PNG, "a.png", "image/png") }));
    const first = (await proById(id)).avatarUrl!;
    expect(await updateProfessionalAction({ businessId: business.id, id, ...fields({ name: "Foto" }), photo: file(GIF, "b.gif", "image/gif") })).toEqual({ ok: true, id });
    const second = (await proById(id)).avatarUrl!;
    expect(second).not.toBe(first);
    expect((await getAvatar(first)).status).toBe(404);
    expect((await getAvatar(second)).headers.get("content-type")).toBe("image/gif");
    // Saving without touching the photo keeps it.
    expect(await updateProfessionalAction({ businessId: business.id, id, ...fields({ name: "Foto" }) })).toEqual({ ok: true, id });
    expect((await proById(id)).avatarUrl).toBe(second);
    expect(await updateProfessionalAction({ businessId: business.id, id, ...fields({ name: "Foto" }), removePhoto: true })).toEqual({ ok: true, id });
    expect((await proById(id)).avatarUrl).toBeNull();
    expect(await db.select().from(professionalAvatars).where(eq(professionalAvatars.professionalId, id))).toHaveLength(0);
    const audits = await auditsOf(id);
    expect(audits.map((a) => a.description)).toEqual([
      'Profissional "Foto" criado',
      'Profissional "Foto" atualizado (foto: trocada)',
      'Profissional "Foto" atualizado (sem alterações)',
      'Profissional "Foto" atualizado (foto: removida)',
    ]);
  });
});

describe("restrictions", () => {
  const edit = (days: DayRestriction[], i: number, over: Partial<DayRestriction>) => days.map((d, k) => (k === i ? { ...d, ...over } : d));

  test("defaults over the business hours; saved as seven rows plus breaks; reloaded as saved; one audit row; the agenda reads the same", async () => {
    const owner = await createUser();
    const employee = await createUser();
    const business = await createBusiness(owner.id);
    await addBusinessRole(employee.id, business.id, "employee");
    await db.insert(businessHours).values([
      { businessId: business.id, dayOfWeek: 6, isOpen: true, openTime: "08:00", closeTime: "12:00" },
      { businessId: business.id, dayOfWeek: 2, isOpen: false },
    ]);
    const pro = await createProfessional(business.id, { name: "Fernanda" });
    await actAs(employee.id);
    const loaded = (await readAs(restrictionsRead, { businessId: business.id, professionalId: pro.id })).body as { days: DayRestriction[] };
    expect(loaded.days[1]).toEqual({ dayOfWeek: 1, isWorking: true, start: "09:00", end: "18:00", breaks: [{ start: "12:00", end: "13:00", label: "Almoço" }] });
    expect(loaded.days[2]).toMatchObject({ isWorking: false, breaks: [] });
    expect(loaded.days[6]).toEqual({ dayOfWeek: 6, isWorking: true, start: "08:00", end: "12:00", breaks: [] });

    let days = edit(loaded.days, 1, { start: "10:00", breaks: [{ start: "15:00", end: "15:15", label: "Café" }, { start: "12:00", end: "13:00", label: "Almoço" }] });
    days = edit(days, 6, { isWorking: false });
    days = edit(days, 0, { isWorking: true, start: "09:00", end: "12:00" });
    const [{ seq: before }] = await db.execute<{ seq: string }>(sql`select coalesce(max(seq), 0)::text as seq from changes`);
    expect(await saveRestrictionsAction({ businessId: business.id, professionalId: pro.id, days })).toEqual({ ok: true });
    // The live screens of the working day (the grid, the Visor de Alocação) hear of it: the professional's row changed.
    expect(await db.execute(sql`select entity, entity_id::text from changes where seq > ${before}::bigint and business_id = ${business.id}`))
      .toContainEqual({ entity: "professionals", entity_id: pro.id });

    const rows = await db.select().from(professionalWeeklySchedules).where(eq(professionalWeeklySchedules.professionalId, pro.id)).orderBy(professionalWeeklySchedules.dayOfWeek);
    expect(rows.map((r) => [r.dayOfWeek, r.isWorking, r.startTime, r.endTime])).toEqual([
      [0, true, "09:00:00", "12:00:00"],
      [1, true, "10:00:00", "18:00:00"],
      [2, false, null, null],
      [3, true, "09:00:00", "18:00:00"],
      [4, true, "09:00:00", "18:00:00"],
      [5, true, "09:00:00", "18:00:00"],
      [6, false, null, null],
    ]);
    const breaks = await db.select().from(professionalBreaks).where(and(eq(professionalBreaks.professionalId, pro.id), eq(professionalBreaks.dayOfWeek, 1))).orderBy(professionalBreaks.startTime);
    expect(breaks.map((b) => [b.startTime, b.endTime, b.label])).toEqual([["12:00:00", "13:00:00", "Almoço"], ["15:00:00", "15:15:00", "Café"]]);

    const reloaded = (await readAs(restrictionsRead, { businessId: business.id, professionalId: pro.id })).body as { days: DayRestriction[] };
    expect(reloaded.days[1]).toEqual({ dayOfWeek: 1, isWorking: true, start: "10:00", end: "18:00", breaks: [{ start: "12:00", end: "13:00", label: "Almoço" }, { start: "15:00", end: "15:15", label: "Café" }] });
    expect(reloaded.days[0]).toMatchObject({ isWorking: true, start: "09:00", end: "12:00" });
    expect(reloaded.days[6]).toMatchObject({ isWorking: false, breaks: [] });

    const audits = await auditsOf(pro.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actionType: "UPDATE", entityType: "professional", userId: employee.id,
      description: 'Restrições de "Fernanda" atualizadas (Dom: folga → 09:00–12:00; Seg: 09:00–18:00, Almoço 12:00–13:00 → 10:00–18:00, Almoço 12:00–13:00, Café 15:00–15:15; Sáb: 08:00–12:00 → folga)',
    });
    expect((audits[0].oldValues as { restricoes: unknown[] }).restricoes[6]).toEqual({ dia: "Sáb", dayOfWeek: 6, isWorking: true, start: "08:00", end: "12:00", breaks: [] });
    expect((audits[0].newValues as { restricoes: unknown[] }).restricoes[6]).toMatchObject({ dia: "Sáb", isWorking: false });

    // The agenda's availability reads the saved week through the same rule.
    const mon = workingDayFor(1, null, { isWorking: true, startTime: "10:00:00", endTime: "18:00:00" }, breaks.map((b) => ({ startTime: b.startTime, endTime: b.endTime, label: b.label })));
    expect(mon).toEqual({ isWorking: true, start: 600, end: 1080, breaks: [{ start: 720, end: 780 }, { start: 900, end: 915 }] });

    // Saving the same week again: seven upserts, no duplicate rows.
    expect(await saveRestrictionsAction({ businessId: business.id, professionalId: pro.id, days })).toEqual({ ok: true });
    expect(await db.select().from(professionalWeeklySchedules).where(eq(professionalWeeklySchedules.professionalId, pro.id))).toHaveLength(7);
    expect((await auditsOf(pro.id)).at(-1)?.description).toBe('Restrições de "Fernanda" atualizadas (sem alterações)');
  });

  test.each([
    ["an end before its start", (d: DayRestriction[]) => edit(d, 3, { end: "08:00" }), "days.3.end", RANGE_MESSAGES.endBeforeStart, "Qua"],
    ["a break outside the day", (d: DayRestriction[]) => edit(d, 4, { breaks: [{ start: "18:00", end: "18:30", label: "Pausa" }] }), "days.4.breaks.0.end", RANGE_MESSAGES.breakOutside, "Qui"],
    ["overlapping breaks", (d: DayRestriction[]) => edit(d, 5, { breaks: [{ start: "12:00", end: "13:00", label: "Almoço" }, { start: "12:30", end: "12:45", label: "Pausa" }] }), "days.5.breaks.1.end", RANGE_MESSAGES.breaksOverlap, "Sex"],
  ])("%s is refused with the day named and a field error; nothing saved, no audit row", async (_, change, field, message, day) => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const pro = await createProfessional(business.id);
    await actAs(owner.id);
    const result = await saveRestrictionsAction({ businessId: business.id, professionalId: pro.id, days: change(weeklyRestrictions([], [], [])) });
    expect(result).toMatchObject({ ok: false, error: MSG.restrictionsSaveError, description: `${day}: ${message}` });
    const errors = (result as { fieldErrors: Record<string, string> }).fieldErrors;
    expect(errors[field]).toBe(message);
    expect(await db.select().from(professionalWeeklySchedules).where(eq(professionalWeeklySchedules.professionalId, pro.id))).toHaveLength(0);
    expect(await db.select().from(professionalBreaks).where(eq(professionalBreaks.professionalId, pro.id))).toHaveLength(0);
    expect(await auditsOf(pro.id)).toHaveLength(0);
  });
});

describe("the agenda's day context reads the professionals screen's data", () => {
  test("a break saved without a schedule row still counts (one rule for both)", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const pro = await createProfessional(business.id);
    await db.insert(professionalBreaks).values({ professionalId: pro.id, businessId: business.id, dayOfWeek: 3, startTime: "14:00", endTime: "14:30", label: "Pausa" });
    const { loadDayContext } = await import("@/lib/appointments/day-context");
    const ctx = await loadDayContext(db, business.id, "2031-01-01"); // a Wednesday
    expect(ctx.professionals.find((p) => p.id === pro.id)?.day).toEqual({ isWorking: true, start: 540, end: 1080, breaks: [{ start: 840, end: 870 }] });
  });

  test("`only` reads just the named professionals of the business (a change that names its professionals)", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const [ana, bia] = [await createProfessional(business.id, { name: "Ana" }), await createProfessional(business.id, { name: "Bia" })];
    const other = await createProfessional((await createBusiness(owner.id)).id);
    const { loadDayContext } = await import("@/lib/appointments/day-context");
    const ids = async (only?: string[]) => (await loadDayContext(db, business.id, "2031-01-01", null, only)).professionals.map((p) => p.id);
    expect(await ids()).toEqual([ana.id, bia.id]);
    expect(await ids([bia.id])).toEqual([bia.id]);
    expect(await ids([ana.id, bia.id])).toEqual([ana.id, bia.id]);
    expect(await ids([other.id])).toEqual([]);
    expect(await ids([])).toEqual([]);
  });
});
