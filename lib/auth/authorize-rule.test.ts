import { describe, expect, test } from "vitest";
import { authorizeContext, FORBIDDEN, NO_BUSINESS, NOT_SIGNED_IN } from "./authorize-rule";
import type { AuthContext } from "./context";
import { roleFlags } from "./roles";

const mine = { id: "b-mine", name: "Meu", description: null, role: "owner" as const, grants: [], professionalId: null };
const staffOf = { id: "b-staff", name: "Outro", description: null, role: "employee" as const, grants: [], professionalId: null };

function ctx(over: Partial<AuthContext> = {}): AuthContext {
  return {
    user: { id: "u1", email: "a@b.c", fullName: null, avatarUrl: null, registered: true, emailConfirmed: true },
    roles: ["business_owner"],
    flags: roleFlags(["business_owner"]),
    businesses: [mine, staffOf],
    current: mine,
    businessRole: "owner",
    staleClaims: false,
    cursor: {},
    ...over,
  };
}

describe("authorizeContext", () => {
  test("no session", () => expect(authorizeContext(null, "user")).toBe(NOT_SIGNED_IN));

  test("level user never returns a browser-supplied business id it did not find among the memberships", () => {
    expect(authorizeContext(ctx(), "user", "b-someone-else")).toBe(FORBIDDEN);
    expect(authorizeContext(ctx(), "user", "b-staff")).toMatchObject({ ok: true, businessId: "b-staff" });
    expect(authorizeContext(ctx(), "user")).toMatchObject({ ok: true, businessId: "b-mine" });
    expect(authorizeContext(ctx({ businesses: [], current: null, businessRole: null }), "user")).toMatchObject({ ok: true, businessId: "" });
  });

  test("staff and owner levels", () => {
    expect(authorizeContext(ctx(), "owner", "b-staff")).toBe(FORBIDDEN);
    expect(authorizeContext(ctx(), "staff", "b-staff")).toMatchObject({ ok: true, businessId: "b-staff" });
    expect(authorizeContext(ctx(), "staff", "b-x")).toBe(FORBIDDEN);
    expect(authorizeContext(ctx({ businesses: [], current: null }), "staff")).toBe(NO_BUSINESS);
  });

  test("admin level", () => {
    expect(authorizeContext(ctx(), "admin")).toBe(FORBIDDEN);
    expect(authorizeContext(ctx({ flags: roleFlags(["saas_admin"]) }), "admin")).toMatchObject({ ok: true });
  });
});
