import { describe, expect, test } from "vitest";
import { authRedirect, guardFor, pickCurrentBusiness, redirectFor, safeReturnPath, type GuardState } from "./route-rules";

const anon: GuardState = { signedIn: false, isAdmin: false, businessRole: null };
const admin: GuardState = { signedIn: true, isAdmin: true, businessRole: null };
const owner: GuardState = { signedIn: true, isAdmin: false, businessRole: "owner" };
const manager: GuardState = { signedIn: true, isAdmin: false, businessRole: "admin" };
const employee: GuardState = { signedIn: true, isAdmin: false, businessRole: "employee" };
const client: GuardState = { signedIn: true, isAdmin: false, businessRole: null };

describe("guardFor", () => {
  test.each([
    ["/", "home"],
    ["/auth", "public"],
    ["/reset-password", "public"],
    ["/admin", "admin"],
    ["/admin/users", "admin"],
    ["/administrator", "public"],
    ["/appointments", "staff"],
    ["/clients", "staff"],
    ["/business-hours", "staff"],
    ["/allocation-viewer", "staff"],
    ["/reports/dashboard", "owner"],
    ["/reports/audit-logs", "owner"],
    ["/team-management", "owner"],
    ["/business-profile", "owner"],
    ["/anything-else", "public"],
  ])("%s → %s", (path, guard) => expect(guardFor(path)).toBe(guard));
});

describe("redirectFor: the guard matrix of spec section 2", () => {
  const matrix: Array<[string, GuardState, string | null]> = [
    ["/", anon, "/auth"],
    ["/", admin, "/admin"],
    ["/", owner, "/appointments"],
    ["/", employee, "/appointments"],
    ["/", client, null],
    ["/appointments", anon, "/auth?callbackUrl=%2Fappointments"],
    ["/appointments", admin, "/admin"],
    ["/appointments", owner, null],
    ["/appointments", employee, null],
    ["/appointments", client, "/"],
    ["/reports/dashboard", anon, "/auth?callbackUrl=%2Freports%2Fdashboard"],
    ["/reports/dashboard", admin, "/admin"],
    ["/reports/dashboard", owner, null],
    ["/reports/dashboard", manager, null],
    ["/reports/dashboard", employee, "/appointments"],
    ["/reports/dashboard", client, "/appointments"],
    ["/team-management", employee, "/appointments"],
    ["/team-management", owner, null],
    ["/admin", anon, "/auth?callbackUrl=%2Fadmin"],
    ["/admin", owner, "/"],
    ["/admin", employee, "/"],
    ["/admin", client, "/"],
    ["/admin", admin, null],
    ["/admin/users", admin, null],
    ["/admin/users", owner, "/"],
    ["/admin/anything", admin, "/admin"],
    ["/admin/anything", anon, "/auth?callbackUrl=%2Fadmin%2Fanything"],
    ["/auth", owner, null],
    ["/auth", anon, null],
  ];
  test.each(matrix)("%s as %o → %s", (path, state, target) => expect(redirectFor(path, state)).toBe(target));

  test("the origin keeps its query string", () => {
    expect(redirectFor("/admin/users", anon, "?tab=emails")).toBe("/auth?callbackUrl=%2Fadmin%2Fusers%3Ftab%3Demails");
  });
});

describe("safeReturnPath", () => {
  test.each([
    ["/appointments", "/appointments"],
    ["/reports/dashboard?x=1", "/reports/dashboard?x=1"],
    ["http://localhost:3000/clients", "/clients"],
    ["https://evil.example.com/clients", null],
    ["//evil.example.com", null],
    ["/\\evil.example.com", null],
    ["javascript:alert(1)", null],
    ["clients", null],
    ["/auth", null],
    ["/auth?invite=0b7e1c2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d", "/auth?invite=0b7e1c2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d"],
    ["/auth?invite=x&callbackUrl=https://evil.example.com", null],
    [
      "/auth?invite=0b7e1c2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d&key=q2bSx8sCyO3n2o-VvXw_0aB1cD2eF3gH4iJ5kL6mN7o",
      "/auth?invite=0b7e1c2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d&key=q2bSx8sCyO3n2o-VvXw_0aB1cD2eF3gH4iJ5kL6mN7o",
    ],
    ["/auth?invite=0b7e1c2a-3d4f-4a5b-8c6d-7e8f9a0b1c2d&key=a&callbackUrl=https://evil.example.com", null],
    ["/api/auth/signout", null],
    ["", null],
    [null, null],
  ])("%s → %s", (value, expected) => expect(safeReturnPath(value)).toBe(expected));
});

describe("pickCurrentBusiness", () => {
  const list = [{ id: "a" }, { id: "b" }];
  test("keeps the remembered business while the user belongs to it", () => expect(pickCurrentBusiness(list, "b")).toEqual({ id: "b" }));
  test("drops a remembered business the user left, choosing the first", () => expect(pickCurrentBusiness(list, "z")).toEqual({ id: "a" }));
  test("no businesses, no current", () => expect(pickCurrentBusiness([], "a")).toBeNull());
});

describe("authRedirect (next-auth's redirect callback)", () => {
  const base = "http://localhost:3000";
  test.each([
    ["/appointments", `${base}/appointments`],
    [`${base}/clients?q=1`, `${base}/clients?q=1`],
    ["https://evil.example.com/x", `${base}/auth`],
    ["//evil.example.com", `${base}/auth`],
    ["/\\evil.example.com", `${base}/auth`],
    ["http://exa mple.com", `${base}/auth`],
    ["http://[::1", `${base}/auth`],
    ["javascript:alert(1)", `${base}/auth`],
    ["", `${base}/auth`],
  ])("%s → %s", (url, expected) => expect(authRedirect(url, base)).toBe(expected));
});
