import { sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businessApiKeys, businessInvitations, professionalCalendarFeeds } from "@/db/schema";
import { hashToken } from "@/lib/auth/tokens";
import { findFeed } from "@/lib/calendar-feeds/queries";
import { newFeedToken } from "@/lib/calendar-feeds/tokens";
import { findActiveKey, generateApiKey } from "@/lib/conversations/api-keys";
import { usableInvitation } from "@/lib/invitations/queries";
import {
  addAdminEmail, businessDeletionSummary, createBusiness, deleteBusiness, deleteUser, removeAdminEmail, updateBusiness, updateUser,
} from "@/lib/admin/mutations";
import { deleteUserAction } from "@/lib/admin/actions";
import { ACCESS } from "@/lib/auth/permissions";
import { getOverview, listAdminEmails, searchBusinesses, searchUserOptions, searchUsers } from "@/lib/admin/queries";
import { ADMIN_PAGE_SIZE, MESSAGES } from "@/lib/admin/messages";
import { businessInputSchema } from "@/lib/admin/schemas";
import { foldText, likePattern, listParams } from "@/lib/core/data/list";
import {
  addBusinessRole, createAppointment, createBusiness as fixtureBusiness, createClient, createProfessional,
  createService, createUser, uniq,
} from "./fixtures";
import { actAs, revalidated } from "./act-as";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

async function giveRole(userId: string, role: string) {
  await db.execute(sql`insert into user_roles (user_id, role_id) select ${userId}, id from roles where name = ${role}`);
}
async function rolesOf(userId: string): Promise<string[]> {
  const rows = await db.execute<{ name: string }>(
    sql`select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId} order by r.name`,
  );
  return rows.map((r) => r.name);
}
async function count(table: string, column: string, id: string): Promise<number> {
  const [r] = await db.execute<{ n: string }>(sql`select count(*) as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`);
  return Number(r.n);
}
function businessData(ownerId: string, overrides: Record<string, unknown> = {}) {
  return businessInputSchema.parse({ name: `Negócio ${uniq()}`, ownerId, ...overrides });
}

describe("overview", () => {
  test("counts businesses, active ones, users and the revenue of active businesses", async () => {
    const owner = await createUser();
    await fixtureBusiness(owner.id, { subscriptionStatus: "active", monthlyFee: "100.50" });
    await fixtureBusiness(owner.id, { subscriptionStatus: "inactive", monthlyFee: "999.00" });
    const overview = await getOverview();
    const [expected] = await db.execute<{ total: string; active: string; users: string; mrr: string }>(sql`
      select (select count(*) from businesses) total,
             (select count(*) from businesses where subscription_status = 'active') active,
             (select count(*) from users) users,
             (select coalesce(sum(monthly_fee), 0) from businesses where subscription_status = 'active')::text mrr`);
    expect(overview.totalBusinesses).toBe(Number(expected.total));
    expect(overview.activeBusinesses).toBe(Number(expected.active));
    expect(overview.totalUsers).toBe(Number(expected.users));
    expect(Number(overview.monthlyRevenue)).toBeCloseTo(Number(expected.mrr), 2);
    expect(overview.activePercent).toBeCloseTo((Number(expected.active) / Number(expected.total)) * 100, 5);
    expect(overview.activeBusinesses).toBeLessThan(overview.totalBusinesses);
  });
});

describe("business search and paging", () => {
  test("finds a business by name, phone (also by its digits) and e-mail, case-insensitively", async () => {
    const u = uniq();
    const owner = await createUser();
    const phone = String(Date.now()).slice(-8);
    const b = await fixtureBusiness(owner.id, { name: `Espaço Zafira ${u}`, phone: `(65) ${phone.slice(0, 4)}-${phone.slice(4)}`, email: `zafira-${u}@mail.test` });
    for (const q of [`zafira ${u}`.toUpperCase(), `ESPACO ZAFIRA ${u}`, `${phone.slice(0, 4)}-${phone.slice(4)}`, `65${phone}`, `zafira-${u}@MAIL`]) {
      const result = await searchBusinesses(q, 1);
      expect(result.items.map((i) => i.id), q).toEqual([b.id]);
    }
    const found = (await searchBusinesses(`zafira ${u}`, 1)).items[0];
    expect(found.members).toEqual([expect.objectContaining({ userId: owner.id, role: "owner" })]);
    expect(found.ownerId).toBe(owner.id);
  });

  test("a % or _ typed in the search is taken literally", async () => {
    expect(likePattern("50%_a\\")).toBe("%50\\%\\_a\\\\%");
    expect(foldText("ÁRVORE Ção Ümlaut")).toBe("arvore cao umlaut");
    const result = await searchBusinesses(`%%%${uniq()}`, 1);
    expect(result.total).toBe(0);
    expect(result.items).toEqual([]);
  });

  test("pages of 20, ordered by name, with a total", async () => {
    const tag = `Paginado ${uniq()}`;
    for (let i = 0; i < ADMIN_PAGE_SIZE + 5; i++) {
      await fixtureBusiness(undefined, { name: `${tag} ${String(i).padStart(2, "0")}` });
    }
    const first = await searchBusinesses(tag, 1);
    const second = await searchBusinesses(tag, 2);
    expect(first.total).toBe(ADMIN_PAGE_SIZE + 5);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(second.items).toHaveLength(5);
    expect(first.items[0].name).toBe(`${tag} 00`);
    expect(second.items.at(-1)?.name).toBe(`${tag} 24`);
    expect((await searchBusinesses(tag, 9)).items).toEqual([]);
  });

  test("lists members with their business roles, owner first", async () => {
    const owner = await createUser();
    const employee = await createUser();
    const b = await fixtureBusiness(undefined, { name: `Equipe ${uniq()}` });
    await addBusinessRole(employee.id, b.id, "employee");
    await addBusinessRole(owner.id, b.id, "owner");
    const [item] = (await searchBusinesses(b.name, 1)).items;
    expect(item.members.map((m) => [m.userId, m.role])).toEqual([[owner.id, "owner"], [employee.id, "employee"]]);
  });

  test("listParams reads ?q= and ?page= defensively", () => {
    expect(listParams({ q: "  ana ", page: "3" })).toEqual({ q: "ana", page: 3 });
    expect(listParams({ q: ["x", "y"], page: "-2" })).toEqual({ q: "x", page: 1 });
    expect(listParams({})).toEqual({ q: "", page: 1 });
  });
});

describe("business create, update, delete", () => {
  test("create links the owner and gives them business_owner, in one transaction", async () => {
    const owner = await createUser();
    const result = await createBusiness(businessData(owner.id, { monthlyFee: "149,90", subscriptionStatus: "active", phone: " (65) 1234-5678 " }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [row] = await db.execute<{ monthly_fee: string; phone: string; subscription_plan: string; booking_window_days: number }>(
      sql`select monthly_fee::text, phone, subscription_plan, booking_window_days from businesses where id = ${result.id}`,
    );
    expect(row).toEqual({ monthly_fee: "149.90", phone: "(65) 1234-5678", subscription_plan: "plano único anual", booking_window_days: 30 });
    const [link] = await db.execute<{ role: string }>(
      sql`select role from user_business_roles where business_id = ${result.id} and user_id = ${owner.id}`,
    );
    expect(link.role).toBe("owner");
    expect(await rolesOf(owner.id)).toContain("business_owner");
  });

  test("create with an owner that does not exist leaves nothing behind", async () => {
    const name = `Fantasma ${uniq()}`;
    const result = await createBusiness(businessData("00000000-0000-4000-8000-000000000000", { name }));
    expect(result).toMatchObject({ ok: false, error: MESSAGES.createBusinessError });
    const rows = await db.execute(sql`select 1 from businesses where name = ${name}`);
    expect(rows).toHaveLength(0);
  });

  test("create is all-or-nothing when a later step fails", async () => {
    const owner = await createUser();
    const name = `Rollback ${uniq()}`;
    // A monthly fee beyond numeric(10,2) makes the insert fail after the owner check.
    const data = { ...businessData(owner.id, { name }), monthlyFee: "123456789012.00" };
    await expect(createBusiness(data)).rejects.toThrow();
    expect(await db.execute(sql`select 1 from businesses where name = ${name}`)).toHaveLength(0);
  });

  test("update changes the fields; a new owner takes over and the old one stays as employee", async () => {
    const first = await createUser();
    const second = await createUser();
    const created = await createBusiness(businessData(first.id));
    if (!created.ok) throw new Error("setup");
    const newName = `Renomeado ${uniq()}`;
    const result = await updateBusiness(created.id, businessData(second.id, { name: newName, subscriptionStatus: "suspended", monthlyFee: "10" }));
    expect(result.ok).toBe(true);
    const [row] = await db.execute<{ name: string; subscription_status: string; monthly_fee: string }>(
      sql`select name, subscription_status, monthly_fee::text from businesses where id = ${created.id}`,
    );
    expect(row).toEqual({ name: newName, subscription_status: "suspended", monthly_fee: "10.00" });
    const links = await db.execute<{ user_id: string; role: string }>(
      sql`select user_id, role from user_business_roles where business_id = ${created.id} order by role desc`,
    );
    expect(links.map((l) => [l.user_id, l.role])).toEqual([[second.id, "owner"], [first.id, "employee"]]);
    expect(await rolesOf(second.id)).toContain("business_owner");
  });

  test("update of a missing business is refused", async () => {
    const owner = await createUser();
    const result = await updateBusiness("00000000-0000-4000-8000-000000000000", businessData(owner.id));
    expect(result).toMatchObject({ ok: false, error: MESSAGES.updateBusinessError });
  });

  test("delete removes the business with its appointments, clients, services, professionals and team links", async () => {
    const owner = await createUser();
    const employee = await createUser();
    const b = await fixtureBusiness(owner.id);
    await addBusinessRole(employee.id, b.id, "employee");
    const client = await createClient(b.id);
    const service = await createService(b.id);
    const professional = await createProfessional(b.id);
    await createAppointment({
      businessId: b.id, clientId: client.id, date: "2030-01-10", time: "10:00",
      services: [{ serviceId: service.id, professionalId: professional.id }],
    });
    await db.execute(sql`insert into business_invitations (business_id, email) values (${b.id}, ${`conv-${uniq()}@x.test`})`);
    expect(await businessDeletionSummary(b.id)).toEqual({
      appointments: 1, clients: 1, services: 1, professionals: 1, members: 2, invitations: 1,
    });

    expect(await deleteBusiness(b.id)).toEqual({ ok: true });
    for (const table of ["appointments", "clients", "services", "professionals", "user_business_roles", "business_invitations"]) {
      expect(await count(table, "business_id", b.id), table).toBe(0);
    }
    expect(await count("businesses", "id", b.id)).toBe(0);
    // The people stay.
    expect(await count("users", "id", owner.id)).toBe(1);
    expect(await count("users", "id", employee.id)).toBe(1);
    expect(await deleteBusiness(b.id)).toMatchObject({ ok: false, error: MESSAGES.deleteBusinessError });
  });
});

describe("users", () => {
  test("search finds by name, e-mail, own company and the name of a business they belong to; paged", async () => {
    const u = uniq();
    const person = await createUser({ fullName: `Gertrudes ${u}`, email: `gertrudes-${u}@mail.test`, companyName: `Cia Ômega ${u}` });
    const member = await createUser({ fullName: `Sem empresa ${u}` });
    const b = await fixtureBusiness(undefined, { name: `Salão Íris ${u}` });
    await addBusinessRole(member.id, b.id, "employee");

    expect((await searchUsers(`GERTRUDES ${u}`, 1)).items.map((i) => i.id)).toEqual([person.id]);
    expect((await searchUsers(`gertrudes-${u}@mail`, 1)).items.map((i) => i.id)).toEqual([person.id]);
    expect((await searchUsers(`cia ômega ${u}`, 1)).items.map((i) => i.id)).toEqual([person.id]);
    expect((await searchUsers(`CIA OMEGA ${u}`, 1)).items.map((i) => i.id)).toEqual([person.id]);
    const byBusiness = await searchUsers(`íris ${u}`, 1);
    expect(byBusiness.items.map((i) => i.id)).toEqual([member.id]);
    expect(byBusiness.items[0].company).toBe(`Salão Íris ${u}`);
    expect(byBusiness.items[0].role).toBe("business_owner");

    const tag = `Lote ${uniq()}`;
    for (let i = 0; i < ADMIN_PAGE_SIZE + 1; i++) await createUser({ fullName: `${tag} ${i}` });
    const page1 = await searchUsers(tag, 1);
    const page2 = await searchUsers(tag, 2);
    expect(page1.total).toBe(ADMIN_PAGE_SIZE + 1);
    expect(page1.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(page2.items).toHaveLength(1);
    expect(new Set([...page1.items, ...page2.items].map((i) => i.id)).size).toBe(ADMIN_PAGE_SIZE + 1);
  });

  test("the owner picker searches by name and e-mail", async () => {
    const u = uniq();
    const person = await createUser({ fullName: `Pickerson ${u}`, email: `picker-${u}@mail.test` });
    expect((await searchUserOptions(`pickerson ${u}`)).map((o) => o.id)).toEqual([person.id]);
    expect((await searchUserOptions(`picker-${u}`)).map((o) => o.id)).toEqual([person.id]);
  });

  test("delete removes role links and memberships, then the user, and nothing else", async () => {
    const admin = await createUser();
    await giveRole(admin.id, "saas_admin");
    const victim = await createUser();
    await giveRole(victim.id, "employee");
    const b = await fixtureBusiness((await createUser()).id);
    await addBusinessRole(victim.id, b.id, "employee");
    const client = await createClient(b.id, { userId: victim.id });

    expect(await deleteUser(admin.id, victim.id)).toEqual({ ok: true });
    expect(await count("users", "id", victim.id)).toBe(0);
    expect(await count("user_roles", "user_id", victim.id)).toBe(0);
    expect(await count("user_business_roles", "user_id", victim.id)).toBe(0);
    expect(await count("businesses", "id", b.id)).toBe(1);
    const [c] = await db.execute<{ user_id: string | null }>(sql`select user_id from clients where id = ${client.id}`);
    expect(c.user_id).toBeNull();
  });

  test("deleting a member revokes what they made in each business: calendar links, bot API keys, pending invitations; audited as the admin", async () => {
    const admin = await createUser();
    await giveRole(admin.id, "saas_admin");
    const victim = await createUser();
    const owner = await createUser();
    const b = await fixtureBusiness(owner.id);
    await addBusinessRole(victim.id, b.id, "admin");
    const pro = await createProfessional(b.id, { name: `Ana ${uniq()}` });
    const feed = newFeedToken();
    await db.insert(professionalCalendarFeeds).values({ businessId: b.id, professionalId: pro.id, tokenHash: feed.hash, createdBy: victim.id });
    const key = generateApiKey();
    await db.insert(businessApiKeys).values({ businessId: b.id, name: "Bot", keyHash: hashToken(key), hint: key.slice(-4), createdBy: victim.id });
    const [invitation] = await db.insert(businessInvitations).values({ businessId: b.id, email: `convidado-${uniq()}@example.test`, invitedBy: victim.id }).returning();
    expect(await findFeed(feed.token)).not.toBeNull();
    expect(await findActiveKey(key)).not.toBeNull();

    expect(await deleteUser(admin.id, victim.id)).toEqual({ ok: true });
    expect(await findFeed(feed.token)).toBeNull();
    expect(await findActiveKey(key)).toBeNull();
    expect(await usableInvitation(invitation.id)).toBeNull();
    const audits = await db.execute<{ user_id: string; entity_id: string; description: string }>(sql`
      select user_id, entity_id, description from audit_logs where business_id = ${b.id}`);
    expect(audits).toEqual([{ user_id: admin.id, entity_id: pro.id, description: `Link da agenda (iCal) de "${pro.name}" revogado: quem o gerou saiu da equipe` }]);
  });

  test("the only owner of businesses is not deleted; the refusal names those businesses", async () => {
    const admin = await createUser();
    await giveRole(admin.id, "saas_admin");
    const owner = await createUser();
    await giveRole(owner.id, "business_owner");
    const first = await fixtureBusiness(owner.id, { name: `Beta ${uniq()}` });
    const second = await fixtureBusiness(owner.id, { name: `Alfa ${uniq()}` });
    const result = await deleteUser(admin.id, owner.id);
    expect(result).toEqual({ ok: false, error: MESSAGES.deleteUserError, description: MESSAGES.onlyOwner([second.name, first.name]) });
    expect(MESSAGES.onlyOwner(["A", "B"])).toBe(
      "Este usuário é o único proprietário de: A, B. Transfira esses negócios a outro proprietário ou exclua-os antes.",
    );
    expect(await count("users", "id", owner.id)).toBe(1);
    expect(await count("user_business_roles", "user_id", owner.id)).toBe(2);

    // Once another owner runs them, the user can go.
    const heir = await createUser();
    await addBusinessRole(heir.id, first.id, "owner");
    await addBusinessRole(heir.id, second.id, "owner");
    expect(await deleteUser(admin.id, owner.id)).toEqual({ ok: true });
  });

  test("a saas_admin cannot be deleted (and nothing of them is touched)", async () => {
    const admin = await createUser();
    await giveRole(admin.id, "saas_admin");
    const other = await createUser();
    await giveRole(other.id, "saas_admin");
    const result = await deleteUser(admin.id, other.id);
    expect(result).toEqual({ ok: false, error: MESSAGES.deleteUserError, description: MESSAGES.saasAdminUndeletable });
    expect(await count("users", "id", other.id)).toBe(1);
    expect(await rolesOf(other.id)).toEqual(["saas_admin"]);
  });

  test("an admin cannot delete themself; a missing user is reported", async () => {
    const admin = await createUser();
    await giveRole(admin.id, "admin");
    expect(await deleteUser(admin.id, admin.id)).toMatchObject({ ok: false, error: MESSAGES.deleteUserError });
    expect(await count("users", "id", admin.id)).toBe(1);
    expect(await deleteUser(admin.id, "00000000-0000-4000-8000-000000000000")).toMatchObject({ ok: false, description: MESSAGES.userNotFound });
  });

  test("edit sets the profile fields and the one global role; an admin cannot demote themself", async () => {
    const admin = await createUser();
    await giveRole(admin.id, "saas_admin");
    const person = await createUser();
    await giveRole(person.id, "business_owner");
    await giveRole(person.id, "client");
    const result = await updateUser(admin.id, person.id, { fullName: "Nome Novo", companyName: "Empresa X", phone: "(65) 9999-0000", role: "employee" });
    expect(result).toEqual({ ok: true });
    const [row] = await db.execute<{ full_name: string; company_name: string; phone: string }>(
      sql`select full_name, company_name, phone from users where id = ${person.id}`,
    );
    expect(row).toEqual({ full_name: "Nome Novo", company_name: "Empresa X", phone: "(65) 9999-0000" });
    expect(await rolesOf(person.id)).toEqual(["employee"]);

    const self = await updateUser(admin.id, admin.id, { fullName: "Eu", companyName: null, phone: null, role: "client" });
    expect(self).toMatchObject({ ok: false, description: MESSAGES.selfDemotion });
    expect(await rolesOf(admin.id)).toEqual(["saas_admin"]);
  });
});

describe("the admin e-mail list is the truth for saas_admin", () => {
  async function sessionVersion(userId: string): Promise<number> {
    const [r] = await db.execute<{ session_version: number }>(sql`select session_version from users where id = ${userId}`);
    return r.session_version;
  }

  test("removing an e-mail from the list takes saas_admin away and ends that user's sessions", async () => {
    const email = `lista-${uniq()}@exemplo.com.br`;
    const listed = await createUser({ email, emailVerifiedAt: new Date() });
    await giveRole(listed.id, "saas_admin");
    await addAdminEmail(email);
    const before = await sessionVersion(listed.id);

    expect(await removeAdminEmail(email.toUpperCase())).toEqual({ ok: true });
    expect(await rolesOf(listed.id)).toEqual([]);
    expect(await sessionVersion(listed.id)).toBe(before + 1);
    // Removing it again changes nothing more.
    expect(await removeAdminEmail(email)).toEqual({ ok: true });
    expect(await sessionVersion(listed.id)).toBe(before + 1);
  });

  test("a listed admin is not demoted through user edit; an unlisted one is, and their sessions end", async () => {
    const admin = await createUser();
    await giveRole(admin.id, "saas_admin");
    const email = `listado-${uniq()}@exemplo.com.br`;
    const listed = await createUser({ email, emailVerifiedAt: new Date() });
    await giveRole(listed.id, "saas_admin");
    await addAdminEmail(email);
    const edit = { fullName: "Outro Nome", companyName: null, phone: null, role: "business_owner" as const };

    expect(await updateUser(admin.id, listed.id, edit)).toEqual({
      ok: false, error: MESSAGES.updateUserError, description: MESSAGES.listedAdminDemotion,
    });
    expect(await rolesOf(listed.id)).toEqual(["saas_admin"]);
    // Keeping the role while editing the profile is fine.
    expect(await updateUser(admin.id, listed.id, { ...edit, role: "saas_admin" })).toEqual({ ok: true });
    await removeAdminEmail(email);

    const unlisted = await createUser();
    await giveRole(unlisted.id, "saas_admin");
    const before = await sessionVersion(unlisted.id);
    expect(await updateUser(admin.id, unlisted.id, edit)).toEqual({ ok: true });
    expect(await rolesOf(unlisted.id)).toEqual(["business_owner"]);
    expect(await sessionVersion(unlisted.id)).toBe(before + 1);
  });
});

describe("admin e-mails", () => {
  test("add trims and lower-cases, ignores empty, refuses duplicates; remove takes it out", async () => {
    const email = `novo-admin-${uniq()}@exemplo.com.br`;
    const before = await listAdminEmails();

    expect(await addAdminEmail("   ")).toEqual({ ok: true, added: false, email: "" });
    expect(await listAdminEmails()).toEqual(before);

    expect(await addAdminEmail(`  ${email.toUpperCase()} `)).toEqual({ ok: true, added: true, email });
    expect(await listAdminEmails()).toEqual([...before, email]);

    expect(await addAdminEmail(email.toUpperCase())).toEqual({ ok: false, error: MESSAGES.duplicateAdminEmail });
    expect(MESSAGES.duplicateAdminEmail).toBe("Este email já está na lista de admins");
    expect(await listAdminEmails()).toEqual([...before, email]);

    expect(await addAdminEmail("não é email")).toMatchObject({ ok: false, error: MESSAGES.addAdminEmailError, description: "E-mail inválido" });

    expect(await removeAdminEmail(email.toUpperCase())).toEqual({ ok: true });
    expect(await listAdminEmails()).toEqual(before);
  });

  test("concurrent adds of the same e-mail store it once", async () => {
    const email = `paralelo-${uniq()}@exemplo.com.br`;
    const results = await Promise.all(Array.from({ length: 5 }, () => addAdminEmail(email)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await listAdminEmails()).filter((e) => e === email)).toHaveLength(1);
    await removeAdminEmail(email);
  });

  test("works when the saas_config row is missing", async () => {
    const saved = await listAdminEmails();
    await db.execute(sql`delete from saas_config where config_key = 'saas_admin_emails'`);
    const email = `sem-linha-${uniq()}@exemplo.com.br`;
    expect(await listAdminEmails()).toEqual([]);
    expect(await addAdminEmail(email)).toMatchObject({ ok: true, added: true });
    expect(await listAdminEmails()).toEqual([email]);
    await db.execute(sql`update saas_config set config_value = ${JSON.stringify(saved)}::jsonb where config_key = 'saas_admin_emails'`);
  });
});

describe("the admin actions", () => {
  test("refuse anyone but a platform admin, and run for one", async () => {
    const owner = await createUser();
    const victim = await createUser();
    await actAs(owner.id);
    expect(await deleteUserAction({ id: victim.id })).toEqual({ ok: false, error: MESSAGES.deleteUserError, description: ACCESS.forbidden });
    expect(await db.execute(sql`select 1 from users where id = ${victim.id}`)).toHaveLength(1);

    const admin = await createUser();
    await giveRole(admin.id, "saas_admin");
    await actAs(admin.id);
    expect(await deleteUserAction({ id: victim.id })).toEqual({ ok: true });
    expect(await db.execute(sql`select 1 from users where id = ${victim.id}`)).toHaveLength(0);
    expect(revalidated).toEqual(["/admin"]);
  });
});
