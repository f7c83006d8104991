import { eq, sql } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businesses, userBusinessRoles } from "@/db/schema";
import { createBusinessWithOwner, CREATE_ERRORS } from "@/lib/businesses/create";
import { loadBusinessProfile, updateBusinessProfile } from "@/lib/businesses/profile";
import { addBusinessRole, createBusiness, createUser, uniq } from "./fixtures";


describe("createBusinessWithOwner", () => {
  test("creates the business with the spec's defaults and the owner link", async () => {
    const user = await createUser();
    const name = `Salão Novo ${uniq()}`;
    const result = await createBusinessWithOwner(user.id, { name: `  ${name} `, description: "Cortes", phone: "(11) 99999-9999" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [row] = await db.select().from(businesses).where(eq(businesses.id, result.business.id));
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
  });

  test("an empty name is refused before touching the database", async () => {
    const user = await createUser();
    expect(await createBusinessWithOwner(user.id, { name: "   " })).toEqual({ ok: false, error: CREATE_ERRORS.required });
  });

  test("a failed owner link leaves no business behind (one transaction)", async () => {
    const name = `Órfão ${uniq()}`;
    // A user id that does not exist makes the link insert fail (foreign key).
    const result = await createBusinessWithOwner("00000000-0000-4000-8000-000000000000", { name });
    expect(result).toEqual({ ok: false, error: CREATE_ERRORS.link });
    const rows = await db.select().from(businesses).where(eq(businesses.name, name));
    expect(rows).toHaveLength(0);
  });
});

describe("updateBusinessProfile", () => {
  const input = (name: string) => ({ businessName: name, description: "d", address: "Rua 1", businessEmail: "a@b.com", businessPhone: "1", fullName: "Dona", contactName: "D", avatarUrl: "", phone: "2" });

  test("the owner saves business and personal data", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id);
    const result = await updateBusinessProfile(owner.id, business.id, input("Nome Novo"));
    expect(result).toEqual({ ok: true, name: "Nome Novo" });
    const profile = await loadBusinessProfile(owner.id, business.id);
    expect(profile?.business).toMatchObject({ name: "Nome Novo", address: "Rua 1", email: "a@b.com", subscriptionPlan: "plano único anual" });
    expect(profile?.user).toMatchObject({ fullName: "Dona", contactName: "D", avatarUrl: null, phone: "2" });
  });

  test("an employee or a stranger cannot update the business", async () => {
    const owner = await createUser();
    const business = await createBusiness(owner.id, { name: "Original" });
    const employee = await createUser();
    await addBusinessRole(employee.id, business.id, "employee");
    const stranger = await createUser();
    expect(await updateBusinessProfile(employee.id, business.id, input("Hack"))).toEqual({ ok: false, error: "Erro ao atualizar negócio" });
    expect(await updateBusinessProfile(stranger.id, business.id, input("Hack"))).toEqual({ ok: false, error: "Erro ao atualizar negócio" });
    const [row] = await db.select().from(businesses).where(eq(businesses.id, business.id));
    expect(row.name).toBe("Original");
    expect(await loadBusinessProfile(stranger.id, business.id)).toBeNull();
  });
});
