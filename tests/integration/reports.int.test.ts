/**
 * The owner's reports against figures computed by hand on small fixed datasets: Relatório de
 * Clientes, Conversas, Logs de Auditoria (filters, keyset paging, the CSV route), and who may read them.
 */
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { auditLogs, conversations } from "@/db/schema";
import { ACCESS } from "@/lib/auth/permissions";
import { auditLogCount, auditLogPage, auditLogsReport, auditUsers, type AuditLogRow } from "@/lib/audit-logs/queries";
import { NO_AUDIT_FILTERS, type AuditFilters } from "@/lib/audit-logs/schemas";
import { clientsReport } from "@/lib/clients-report/queries";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/conversations/actions";
import { listApiKeys } from "@/lib/conversations/api-keys";
import { conversationsReport } from "@/lib/conversations/queries";
import { CONVERSATIONS_PAGE_SIZE } from "@/lib/conversations/messages";
import { ReportAccessDenied } from "@/lib/reports/owner-access";
import { addDays } from "@/lib/core/time/business-date";
import { businessDateTimeToInstant, startOfBusinessDay, todayInBusiness } from "@/lib/core/time/business-time";
import { GET as csvRoute } from "@/app/api/reports/audit-logs/csv/route";
import { actAs } from "./act-as";
import { addBusinessRole, createAppointment, createBusiness, createClient, createUser, twoBusinesses, uniq } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

const DAY = 86_400_000;

async function ownedBusiness() {
  const owner = await createUser();
  const business = await createBusiness(owner.id);
  return { owner, business };
}

describe("Relatório de Clientes: every figure against the hand count", () => {
  test("stats, top 5, 5 newest, the list with counts and latest dates, search and paging", async () => {
    const { owner, business } = await ownedBusiness();
    const now = Date.now();
    const since = startOfBusinessDay(addDays(todayInBusiness(), -29)).getTime();
    const t = uniq();
    const mk = (name: string, createdAt: number, phone: string | null = null) =>
      createClient(business.id, { name: `${name} ${t}`, phone, createdAt: new Date(createdAt) });
    const ana = await mk("Ána", now - 40 * DAY, "(65) 99111-0001"); // 3 appointments
    const bia = await mk("Bia", now - 10 * DAY); // 1
    await mk("Caio", now); // 0
    const davi = await mk("Davi", since); // 2 (one cancelled), registered on the first day that counts as new
    const edu = await mk("Edu", since - 1); // 0, a millisecond too old to be new
    const fabi = await mk("Fabi", now - 100 * DAY); // 1
    const at = (clientId: string, date: string, statusId = 1) => createAppointment({ businessId: business.id, clientId, date, time: "10:00", statusId });
    await at(ana.id, "2030-12-01");
    await at(ana.id, "2031-01-10", 2);
    await at(ana.id, "2031-02-01", 4);
    await at(bia.id, "2031-03-05");
    await at(davi.id, "2031-01-15", 3);
    await at(davi.id, "2031-01-20", 2);
    await at(fabi.id, "2030-06-01");
    // Another business's clients and appointments count nowhere.
    const other = await ownedBusiness();
    const foreign = await createClient(other.business.id, { name: `Ána ${t}` });
    await createAppointment({ businessId: other.business.id, clientId: foreign.id, date: "2031-01-01", time: "09:00" });

    await actAs(owner.id);
    const r = await clientsReport(business.id, { q: "", page: 1 });
    // 6 clients, 7 appointments: 7/6 = 1.1666… → 1.17; 4 with one (66.7 % → 67); 2 with two or more (33.3 % → 33);
    // new in 30 days: Bia, Caio, Davi = 3 (50 %).
    expect(r.stats).toEqual({
      totalClients: 6, totalAppointments: 7, averageAppointments: 1.17,
      withAppointments: 4, withAppointmentsShare: 67, returning: 2, returningShare: 33, newClients: 3, newClientsShare: 50,
    });
    // Top, by bookings not cancelled: Ána 3, then the three with 1 by latest appointment (Davi's cancelled one counts
    // nowhere here: Bia 2031-03-05, Davi 2031-01-20, Fabi 2030-06-01); none with 0.
    expect(r.top.map((c) => [c.name, c.appointmentCount, c.lastAppointment])).toEqual([
      [`Ána ${t}`, 3, "2031-02-01"], [`Bia ${t}`, 1, "2031-03-05"], [`Davi ${t}`, 1, "2031-01-20"], [`Fabi ${t}`, 1, "2030-06-01"],
    ]);
    expect(r.recent.map((c) => c.name)).toEqual([`Caio ${t}`, `Bia ${t}`, `Davi ${t}`, `Edu ${t}`, `Ána ${t}`]);
    expect(r.recent[0]).toMatchObject({ appointmentCount: 0, lastAppointment: null });
    expect(r.list.total).toBe(6);
    expect(r.list.items.map((c) => [c.name, c.appointmentCount, c.lastAppointment])).toEqual([
      [`Ána ${t}`, 3, "2031-02-01"], [`Bia ${t}`, 1, "2031-03-05"], [`Caio ${t}`, 0, null],
      [`Davi ${t}`, 2, "2031-01-20"], [`Edu ${t}`, 0, null], [`Fabi ${t}`, 1, "2030-06-01"],
    ]);
    expect(r.list.items.find((c) => c.id === edu.id)?.createdAt).toBe(new Date(since - 1).toISOString());

    const names = async (q: string) => (await clientsReport(business.id, { q, page: 1 })).list.items.map((c) => c.name);
    expect(await names(`ANA ${t}`)).toEqual([`Ána ${t}`]);
    expect(await names("991110001")).toEqual([`Ána ${t}`]);
    expect(await names(`ninguém ${t}`)).toEqual([]);
    // Searching narrows the list only; the figures stay the business's.
    expect((await clientsReport(business.id, { q: "991110001", page: 1 })).stats.totalClients).toBe(6);
  });

  test("paged by 25, alphabetical; a business without clients has zeros everywhere", async () => {
    const { owner, business } = await ownedBusiness();
    await actAs(owner.id);
    const empty = await clientsReport(business.id, { q: "", page: 1 });
    expect(empty.stats).toMatchObject({ totalClients: 0, averageAppointments: 0, withAppointmentsShare: 0, returningShare: 0 });
    expect(empty.top).toEqual([]);
    for (let i = 0; i < 27; i++) await createClient(business.id, { name: `Pessoa ${String(i).padStart(2, "0")}` });
    const p2 = await clientsReport(business.id, { q: "", page: 2 });
    expect(p2.list).toMatchObject({ total: 27, page: 2, pageCount: 2 });
    expect(p2.list.items.map((c) => c.name)).toEqual(["Pessoa 25", "Pessoa 26"]);
  });
});

describe("Conversas: stats, search, filter, order, paging", () => {
  test("figures by hand; search by message, name and phone, accents ignored; newest first", async () => {
    const { owner, business } = await ownedBusiness();
    // Letters only: the search also matches its digits against phones (a token with "888" finds Marcos).
    const t = uniq().replace(/\d/g, (d) => "ghijklmnop"[Number(d)]);
    const p1 = await createClient(business.id, { name: `Júlia ${t}`, phone: "(65) 99999-0001" });
    const p2 = await createClient(business.id, { name: `Julia Dup ${t}`, phone: "+55 65 99999-0001" }); // same phone, another record
    const p3 = await createClient(business.id, { name: `Marcos ${t}`, phone: "65 98888-7777" });
    const base = Date.UTC(2026, 2, 10, 12);
    const conv = (clientId: string | null, message: string, isBot: boolean, minutes: number) =>
      db.insert(conversations).values({ businessId: business.id, clientId, message, isBot, createdAt: new Date(base + minutes * 60_000) }).returning();
    await conv(p1.id, "Você abre amanhã?", false, 0);
    await conv(p1.id, "Abrimos às 9h!", true, 1);
    await conv(p2.id, "Quero marcar escova", false, 2);
    await conv(p2.id, "Temos horário às 10h.", true, 3);
    await conv(p3.id, "Qual o preço do corte?", false, 4);
    await conv(p3.id, "O corte custa R$ 50.", true, 5);
    await conv(null, "Mensagem de um cliente excluído", true, 6);
    // Another business's conversation counts nowhere.
    const other = await ownedBusiness();
    await db.insert(conversations).values({ businessId: other.business.id, message: `Você ${t}`, isBot: false });

    await actAs(owner.id);
    const r = await conversationsReport(business.id, { q: "", filter: "all", page: 1 });
    // 7 messages, 4 bot (57.1 % → 57), 3 human (43); phones: 65999990001 (twice, with and without 55) and 65988887777.
    expect(r.stats).toEqual({ total: 7, bot: 4, human: 3, botShare: 57, humanShare: 43, uniqueClients: 2 });
    expect(r.list.items.map((c) => c.message)).toEqual([
      "Mensagem de um cliente excluído", "O corte custa R$ 50.", "Qual o preço do corte?", "Temos horário às 10h.",
      "Quero marcar escova", "Abrimos às 9h!", "Você abre amanhã?",
    ]);
    expect(r.list.items[0]).toMatchObject({ clientName: null, clientPhone: null, isBot: true, createdAt: new Date(base + 6 * 60_000).toISOString() });
    expect(r.list.items[1]).toMatchObject({ clientName: `Marcos ${t}`, clientPhone: "65 98888-7777" });

    const messages = async (q: string, filter: "all" | "bot" | "human" = "all") =>
      (await conversationsReport(business.id, { q, filter, page: 1 })).list.items.map((c) => c.message);
    expect(await messages("", "bot")).toEqual(["Mensagem de um cliente excluído", "O corte custa R$ 50.", "Temos horário às 10h.", "Abrimos às 9h!"]);
    expect(await messages("", "human")).toEqual(["Qual o preço do corte?", "Quero marcar escova", "Você abre amanhã?"]);
    expect(await messages("VOCE")).toEqual(["Você abre amanhã?"]);
    expect(await messages("preco")).toEqual(["Qual o preço do corte?"]);
    expect(await messages(`marcos ${t}`)).toEqual(["O corte custa R$ 50.", "Qual o preço do corte?"]);
    expect(await messages(`julia ${t}`)).toEqual(["Abrimos às 9h!", "Você abre amanhã?"]);
    expect(await messages("98888-7777", "bot")).toEqual(["O corte custa R$ 50."]);
    expect(await messages("99999 0001")).toHaveLength(4);
    expect(await messages("100%_")).toEqual([]);
  });

  test("an empty business: zeros; pages of 25 newest first", async () => {
    const { owner, business } = await ownedBusiness();
    await actAs(owner.id);
    expect((await conversationsReport(business.id, { q: "", filter: "all", page: 1 })).stats).toEqual({
      total: 0, bot: 0, human: 0, botShare: 0, humanShare: 0, uniqueClients: 0,
    });
    const base = Date.UTC(2026, 0, 1);
    await db.insert(conversations).values(
      Array.from({ length: CONVERSATIONS_PAGE_SIZE + 3 }, (_, i) => ({ businessId: business.id, message: `m${i}`, isBot: i % 2 === 0, createdAt: new Date(base + i * 1000) })),
    );
    const page2 = await conversationsReport(business.id, { q: "", filter: "all", page: 2 });
    expect(page2.list).toMatchObject({ total: 28, pageCount: 2 });
    expect(page2.list.items.map((c) => c.message)).toEqual(["m2", "m1", "m0"]);
  });
});

type LogSeed = { at: Date; action?: "CREATE" | "UPDATE" | "DELETE"; entity?: "appointment" | "client" | "service" | "professional"; user?: string | null; description?: string; oldValues?: unknown; newValues?: unknown };

async function insertLogs(businessId: string, seeds: LogSeed[]) {
  if (!seeds.length) return [];
  return db.insert(auditLogs).values(seeds.map((s, i) => ({
    businessId, createdAt: s.at, actionType: s.action ?? "UPDATE", entityType: s.entity ?? "client", userId: s.user ?? null,
    description: s.description ?? `Log ${i}`, oldValues: s.oldValues ?? null, newValues: s.newValues ?? null,
  }))).returning();
}

describe("Logs de Auditoria: keyset paging", () => {
  test("every row once, newest first, forward and back, with ties on created_at and rows arriving meanwhile", async () => {
    const { owner, business } = await ownedBusiness();
    const base = Date.UTC(2026, 1, 1);
    // 47 rows, many sharing an instant (ties are broken by id).
    const rows = await insertLogs(business.id, Array.from({ length: 47 }, (_, i) => ({ at: new Date(base + Math.floor(i / 4) * 1000) })));
    // Microsecond instants (the database's precision) must not be cut to milliseconds by the cursor.
    await db.execute(sql`update audit_logs set created_at = created_at + interval '123 microseconds' where id = ${rows[5].id}`);
    await db.execute(sql`update audit_logs set created_at = created_at + interval '124 microseconds' where id = ${rows[6].id}`);
    const expected = (await db.execute<{ id: string }>(sql`select id from audit_logs where business_id = ${business.id} order by created_at desc, id desc`)).map((r) => r.id);

    await actAs(owner.id);
    const seen: string[] = [];
    const pages: AuditLogRow[][] = [];
    let page = await auditLogPage(business.id, NO_AUDIT_FILTERS, {}, 10);
    expect(page.newer).toBeNull();
    for (;;) {
      pages.push(page.items);
      seen.push(...page.items.map((r) => r.id));
      if (seen.length === 10) {
        // A new entry arrives while paging: it is newer than everything, so it never shifts the pages.
        await insertLogs(business.id, [{ at: new Date() }]);
      }
      if (!page.older) break;
      page = await auditLogPage(business.id, NO_AUDIT_FILTERS, { after: page.older }, 10);
      expect(page.newer).not.toBeNull();
    }
    expect(seen).toEqual(expected);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 10, 10, 7]);

    // Back from the last page, page by page, to the (old) first page.
    let back = await auditLogPage(business.id, NO_AUDIT_FILTERS, { before: pages[4][0].cursor }, 10);
    expect(back.items.map((r) => r.id)).toEqual(pages[3].map((r) => r.id));
    for (const i of [2, 1, 0]) {
      back = await auditLogPage(business.id, NO_AUDIT_FILTERS, { before: back.items[0].cursor }, 10);
      expect(back.items.map((r) => r.id)).toEqual(pages[i].map((r) => r.id));
    }
    // The entry that arrived is newer than the first page.
    expect(back.newer).not.toBeNull();
    const newest = await auditLogPage(business.id, NO_AUDIT_FILTERS, { before: back.items[0].cursor }, 10);
    expect(newest.items).toHaveLength(1);
    expect(newest.newer).toBeNull();
    expect(await auditLogCount(business.id, NO_AUDIT_FILTERS)).toBe(48);
  });
});

describe("Logs de Auditoria: filters", () => {
  test("action, entity, user, period edges in the business zone, text over description, name and e-mail", async () => {
    const { owner, business } = await ownedBusiness();
    const t = uniq();
    const zelia = await createUser({ fullName: `Zélia Prado ${t}`, email: `zelia.${t}@salao.test` });
    const rui = await createUser({ fullName: `Rui ${t}`, email: `rui.${t}@outro.test` });
    await addBusinessRole(zelia.id, business.id, "employee");
    await addBusinessRole(rui.id, business.id, "employee");
    // Someone who never belonged to the business: their name finds nothing here.
    await createUser({ fullName: `Zélia Forasteira ${t}` });
    // America/Cuiaba is UTC−4: 2026-03-10 00:00 there is 04:00Z.
    const cuiaba = (date: string, time: string) => businessDateTimeToInstant(date, time);
    const [beforeStart, atStart, midRange, atEnd, afterEnd] = await insertLogs(business.id, [
      { at: new Date(cuiaba("2026-03-10", "00:00").getTime() - 1), action: "CREATE", entity: "client", user: owner.id, description: "Cliente \"Ana\" criado" },
      { at: cuiaba("2026-03-10", "00:00"), action: "UPDATE", entity: "service", user: zelia.id, description: "Serviço \"Corte\" atualizado" },
      { at: cuiaba("2026-03-11", "15:30"), action: "DELETE", entity: "appointment", user: rui.id, description: "Agendamento de \"Zé\" excluído" },
      { at: new Date(cuiaba("2026-03-12", "00:00").getTime() + DAY - 1), action: "CREATE", entity: "professional", user: zelia.id, description: "Profissional \"Íris\" criada" },
      { at: cuiaba("2026-03-13", "00:00"), action: "UPDATE", entity: "client", user: null, description: "Cliente \"Bia\" atualizado" },
    ]);
    // 23:59:59.999999 of the end day is still that day.
    await db.execute(sql`update audit_logs set created_at = created_at + interval '999 microseconds' where id = ${atEnd.id}`);

    await actAs(owner.id);
    const ids = async (f: Partial<AuditFilters>) =>
      (await auditLogsReport(business.id, { ...NO_AUDIT_FILTERS, ...f }, {})).page.items.map((r) => r.id).sort();
    const sorted = (...rows: { id: string }[]) => rows.map((r) => r.id).sort();

    expect(await ids({})).toEqual(sorted(beforeStart, atStart, midRange, atEnd, afterEnd));
    expect(await ids({ action: "CREATE" })).toEqual(sorted(beforeStart, atEnd));
    expect(await ids({ action: "DELETE" })).toEqual(sorted(midRange));
    expect(await ids({ entity: "client" })).toEqual(sorted(beforeStart, afterEnd));
    expect(await ids({ entity: "professional" })).toEqual(sorted(atEnd));
    expect(await ids({ userId: zelia.id })).toEqual(sorted(atStart, atEnd));
    expect(await ids({ from: "2026-03-10", to: "2026-03-12" })).toEqual(sorted(atStart, midRange, atEnd));
    expect(await ids({ from: "2026-03-11", to: "2026-03-11" })).toEqual(sorted(midRange));
    expect(await ids({ from: "2026-03-13" })).toEqual(sorted(afterEnd));
    expect(await ids({ to: "2026-03-09" })).toEqual(sorted(beforeStart));
    expect(await ids({ q: '"ZE"' })).toEqual(sorted(midRange)); // "Zé" in a description, accents ignored
    expect(await ids({ q: `zelia prado ${t}` })).toEqual(sorted(atStart, atEnd)); // the user's name
    expect(await ids({ q: `forasteira ${t}` })).toEqual([]);

    expect(await ids({ q: `rui.${t}@outro` })).toEqual(sorted(midRange)); // the user's e-mail
    expect(await ids({ q: "iris" })).toEqual(sorted(atEnd));
    expect(await ids({ q: "100%" })).toEqual([]);
    expect(await ids({ q: "cliente", action: "UPDATE", from: "2026-03-13", to: "2026-03-13" })).toEqual(sorted(afterEnd));
    const report = await auditLogsReport(business.id, { ...NO_AUDIT_FILTERS, entity: "client" }, {});
    expect(report.total).toBe(2);
    // The user filter lists the business's users (user_business_roles), not everyone who appears.
    expect(report.users.map((u) => u.id).sort()).toEqual([owner.id, zelia.id, rui.id].sort());
    expect(report.page.items.find((r) => r.id === afterEnd.id)).toMatchObject({ userId: null, userName: null });
    expect((await auditUsers(business.id)).map((u) => u.name)).toContain(`Zélia Prado ${t}`);
  });
});

async function csv(params: Record<string, string>): Promise<Response> {
  return csvRoute(new Request(`http://localhost/api/reports/audit-logs/csv?${new URLSearchParams(params)}`));
}

async function readAll(res: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
}

describe("Exportar CSV (route handler)", () => {
  test("every matching entry, streamed in batches, escaped, neutralised, dates in the business zone", async () => {
    const { owner, business } = await ownedBusiness();
    const t = uniq();
    const author = await createUser({ fullName: `Silva, "Zé" ${t}` });
    await addBusinessRole(author.id, business.id, "employee");
    await insertLogs(business.id, [
      { at: businessDateTimeToInstant("2026-03-10", "09:05:07"), action: "CREATE", entity: "client", user: author.id, description: 'Cliente "Silva, "Zé"" criado' },
      { at: businessDateTimeToInstant("2026-03-10", "10:00"), action: "UPDATE", entity: "service", user: owner.id, description: "=HYPERLINK(\"http://mal.example\",\"clique\")" },
      { at: businessDateTimeToInstant("2026-03-10", "11:00"), action: "DELETE", entity: "appointment", user: null, description: "linha 1\nlinha 2, com vírgula" },
    ]);
    // 2,100 more (past two batches of 1,000), on 2026-02-01.
    await db.execute(sql`
      insert into audit_logs (business_id, created_at, action_type, entity_type, description)
      select ${business.id}, timestamptz '2026-02-01 12:00:00+00' + (g * interval '1 second'), 'UPDATE', 'professional', 'Em massa ' || g
      from generate_series(1, 2100) g`);

    await actAs(owner.id);
    const res = await csv({ business: business.id });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain(`filename="logs_auditoria_${todayInBusiness()}.csv"`);
    const text = await readAll(res);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows[0]).toEqual(["Data", "Usuário", "Ação", "Entidade", "Descrição"]);
    expect(rows).toHaveLength(1 + 3 + 2100);
    expect(rows[1]).toEqual(["10/03/2026 11:00:00", "Sistema", "Exclusão", "Agendamento", "linha 1\nlinha 2, com vírgula"]);
    expect(rows[2]).toEqual(["10/03/2026 10:00:00", expect.any(String), "Atualização", "Serviço", "'=HYPERLINK(\"http://mal.example\",\"clique\")"]);
    expect(rows[3]).toEqual(["10/03/2026 09:05:07", `Silva, "Zé" ${t}`, "Criação", "Cliente", 'Cliente "Silva, "Zé"" criado']);
    // Newest first to the end; each bulk row once.
    expect(rows[4][4]).toBe("Em massa 2100");
    expect(rows.at(-1)![4]).toBe("Em massa 1");
    expect(new Set(rows.slice(4).map((r) => r[4])).size).toBe(2100);
    // 2026-02-01 12:00:01Z is 08:00:01 in Cuiabá.
    expect(rows.at(-1)![0]).toBe("01/02/2026 08:00:01");

    // The same filters as the page.
    const filtered = parse(await readAll(await csv({ business: business.id, entity: "client", q: "silva" })), { bom: true }) as string[][];
    expect(filtered.map((r) => r[4])).toEqual(["Descrição", 'Cliente "Silva, "Zé"" criado']);
    const none = parse(await readAll(await csv({ business: business.id, from: "2030-01-01" })), { bom: true }) as string[][];
    expect(none).toEqual([["Data", "Usuário", "Ação", "Entidade", "Descrição"]]);
  });

  test("a download given up half-way ends quietly: no batch is read or written after it", async () => {
    const { owner, business } = await ownedBusiness();
    await db.execute(sql`
      insert into audit_logs (business_id, created_at, action_type, entity_type, description)
      select ${business.id}, timestamptz '2026-02-01 12:00:00+00' + (g * interval '1 second'), 'UPDATE', 'professional', 'Em massa ' || g
      from generate_series(1, 2500) g`);
    await actAs(owner.id);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const reader = (await csv({ business: business.id })).body!.getReader();
      expect((await reader.read()).done).toBe(false);
      await reader.cancel();
      // Long enough for a batch read that was under way to come back.
      await new Promise((r) => setTimeout(r, 300));
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

describe("owner only: employees and other businesses' owners get nothing", () => {
  let cast: Awaited<ReturnType<typeof twoBusinesses>>;
  beforeAll(async () => {
    cast = await twoBusinesses();
    const c = await createClient(cast.business.id, { name: "Segredo" });
    await createAppointment({ businessId: cast.business.id, clientId: c.id, date: "2031-05-05", time: "10:00" });
    await db.insert(conversations).values({ businessId: cast.business.id, clientId: c.id, message: "Segredo", isBot: false });
    await insertLogs(cast.business.id, [{ at: new Date(), description: "Segredo" }]);
  });

  const reads = (businessId: string) => [
    () => clientsReport(businessId, { q: "", page: 1 }),
    () => conversationsReport(businessId, { q: "", filter: "all", page: 1 }),
    () => auditLogsReport(businessId, NO_AUDIT_FILTERS, {}),
    () => listApiKeys(businessId),
  ];

  test("the owner reads", async () => {
    await actAs(cast.owner.id);
    for (const read of reads(cast.business.id)) await expect(read()).resolves.toBeTruthy();
    expect((await csv({ business: cast.business.id })).status).toBe(200);
  });

  test.each([
    ["the business's employee", () => cast.employee.id, 403],
    // Their cookie names a business they don't belong to: the current business falls back to their own.
    ["another business's owner", () => cast.stranger.id, 200],
    ["nobody signed in", () => null, 401],
  ])("%s: every report read, action and the CSV route refuse", async (_who, user, implicitStatus) => {
    await actAs(user(), { currentBusinessId: cast.business.id });
    for (const read of reads(cast.business.id)) await expect(read()).rejects.toBeInstanceOf(ReportAccessDenied);
    expect(await createApiKeyAction({ businessId: cast.business.id, name: "x" })).toMatchObject({ ok: false });
    expect(await revokeApiKeyAction({ businessId: cast.business.id, id: crypto.randomUUID() })).toMatchObject({ ok: false });
    const res = await csv({ business: cast.business.id });
    expect(res.status).toBe(user() ? 403 : 401);
    const body = await readAll(res);
    expect(body).not.toContain("Segredo");
    expect(JSON.parse(body).error).toBe(user() ? ACCESS.forbidden : "Sessão expirada. Faça login novamente.");
    // Without naming a business, the current one (cookie) is checked the same way.
    const implicit = await csv({});
    expect(implicit.status).toBe(implicitStatus);
    expect(await readAll(implicit)).not.toContain("Segredo");
  });

  test("another business's owner naming their own business gets only their own data", async () => {
    await actAs(cast.stranger.id);
    const r = await clientsReport(cast.other.id, { q: "", page: 1 });
    expect(r.list.items.map((c) => c.name)).not.toContain("Segredo");
    const text = await readAll(await csv({ business: cast.other.id }));
    expect(text).not.toContain("Segredo");
  });
});

