import { eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businesses, userBusinessRoles } from "@/db/schema";
import { ACCESS } from "@/lib/auth/permissions";
import { createBusinessAction, switchBusinessAction, updateBusinessProfileAction } from "@/lib/businesses/actions";
import { insertOwnedBusiness } from "@/lib/businesses/mutations";
import { loadBusinessProfile } from "@/lib/businesses/queries";
import { BUSINESS_MESSAGES } from "@/lib/businesses/messages";
import { actAs, cookieValue } from "./act-as";
import { addBusinessRole, createBusiness, createUser, uniq } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

describe("create business", () => {
  test("creates the business with the spec's defaults and the owner link; it becomes the current one", async () => {
    const user = await createUser();
    await actAs(user.id);
    const name = `Salão Novo ${uniq()}`;
    const result = await createBusinessAction({ name: `  ${name} `, description: "Cortes", phone: "(11) 99999-9999" });
    expect(result).toMatchObject({ ok: true, name });
    if (!result.ok) return;
    const [row] = await db.select().from(businesses).where(eq(businesses.id, result.id));
    expect(row).toMatchObject({
      name,
      description: "Cortes",
      phone: "(11) 99999-9999",
      email: null,
      settings: {},
      subscriptionPlan: "plano único anual",
      subscriptionStatus: "active",
      bookingWindowDays: 30,
    });
    const links = await db.select().from(userBusinessRoles).where(eq(userBusinessRoles.businessId, row.id));
    expect(links).toEqual([expect.objectContaining({ userId: user.id, role: "owner" })]);
    const roles = await db.execute<{ name: string }>(
      sql`select r.name from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${user.id}`,
    );
    expect(roles.map((r) => r.name)).toContain("business_owner");
    expect(cookieValue("currentBusinessId")).toBe(row.id);
  });

  test("an empty name is refused before touching the database", async () => {
    const user = await createUser();
    await actAs(user.id);
    expect(await createBusinessAction({ name: "   " })).toMatchObject({
      ok: false, error: "Erro", description: "Nome do negócio é obrigatório", fieldErrors: { name: "Nome do negócio é obrigatório" },
    });
  });

  test("an employee (not an owner anywhere) may not create one", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const employee = await createUser();
    await db.execute(sql`insert into user_roles (user_id, role_id) select ${employee.id}, id from roles where name = 'employee'`);
    await addBusinessRole(employee.id, business.id, "employee");
    await actAs(employee.id);
    const name = `Não ${uniq()}`;
    expect(await createBusinessAction({ name })).toEqual({ ok: false, error: "Erro", description: BUSINESS_MESSAGES.createError });
    expect(await db.select().from(businesses).where(eq(businesses.name, name))).toHaveLength(0);
  });

  test("a failed owner link leaves no business behind (one transaction)", async () => {
    const name = `Órfão ${uniq()}`;
    // A user id that does not exist makes the link insert fail (foreign key).
    await expect(db.transaction((tx) => insertOwnedBusiness(tx, "00000000-0000-4000-8000-000000000000", { name }))).rejects.toThrow();
    const rows = await db.select().from(businesses).where(eq(businesses.name, name));
    expect(rows).toHaveLength(0);
  });
});

describe("switch business", () => {
  test("only to a business of the user's; the cookie follows", async () => {
    const owner = await createUser();
    const mine = await createBusiness(owner.id);
    const stranger = await createUser();
    const theirs = await createBusiness(stranger.id);
    await actAs(owner.id);
    expect(await switchBusinessAction({ businessId: mine.id })).toEqual({ ok: true, id: mine.id, name: expect.any(String) });
    expect(cookieValue("currentBusinessId")).toBe(mine.id);
    await actAs(owner.id);
    expect(await switchBusinessAction({ businessId: theirs.id })).toEqual({ ok: false, error: "Erro", description: ACCESS.forbidden });
    expect(cookieValue("currentBusinessId")).toBeUndefined();
  });
});

describe("update business profile", () => {
  const input = (name: string) => ({ businessName: name, description: "d", address: "Rua 1", businessEmail: "a@b.com", businessPhone: "1", fullName: "Dona", contactName: "D", avatarUrl: "", phone: "2" });

  test("the owner saves business and personal data of the business the page names", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const other = await createBusiness(owner.id, { name: "Outra loja" });
    // The cookie's current business is another one: the write still lands in the named business.
    await actAs(owner.id, { currentBusinessId: other.id });
    expect(await updateBusinessProfileAction({ businessId: business.id, ...input("Nome Novo") })).toEqual({ ok: true, name: "Nome Novo" });
    const profile = await loadBusinessProfile(owner.id, business.id);
    expect(profile?.business).toMatchObject({ name: "Nome Novo", address: "Rua 1", email: "a@b.com", subscriptionPlan: "plano único anual" });
    expect(profile?.user).toMatchObject({ fullName: "Dona", contactName: "D", avatarUrl: null, phone: "2" });
    expect((await loadBusinessProfile(owner.id, other.id))?.business.name).toBe("Outra loja");
  });

  test("an employee or a stranger cannot update the business", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id, { name: "Original" });
    const employee = await createUser();
    await addBusinessRole(employee.id, business.id, "employee");
    const stranger = await createUser();
    for (const who of [employee, stranger]) {
      await actAs(who.id);
      expect(await updateBusinessProfileAction({ businessId: business.id, ...input("Hack") })).toEqual({ ok: false, error: "Erro", description: ACCESS.forbidden });
    }
    const [row] = await db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(row.name).toBe("Original");
    expect(await loadBusinessProfile(stranger.id, business.id)).toBeNull();
  });

  test("an e-mail and an avatar address are checked", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    await actAs(owner.id);
    expect(await updateBusinessProfileAction({ businessId: business.id, ...input("X"), businessEmail: "não", avatarUrl: "javascript:alert(1)" })).toMatchObject({
      ok: false, fieldErrors: { businessEmail: "E-mail inválido", avatarUrl: "URL inválida" },
    });
  });
});
