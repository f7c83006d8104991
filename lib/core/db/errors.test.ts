import { describe, expect, test } from "vitest";
import { databaseUnavailable, pgCode } from "./errors";

/** As drizzle wraps a driver error: the query failed, the cause says why. */
const wrapped = (cause: object) => Object.assign(new Error("Failed query: select 1"), { cause });

describe("databaseUnavailable", () => {
  test("a refused or lost connection, wrapped or not", () => {
    expect(databaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(databaseUnavailable(wrapped(Object.assign(new Error("connect"), { code: "ECONNREFUSED" })))).toBe(true);
    expect(databaseUnavailable(wrapped(Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" })))).toBe(true);
    expect(databaseUnavailable(wrapped({ code: "CONNECT_TIMEOUT" }))).toBe(true);
  });

  test("the server shutting down or starting, or a connection exception", () => {
    expect(databaseUnavailable(wrapped({ code: "57P01", message: "terminating connection due to administrator command" }))).toBe(true);
    expect(databaseUnavailable({ code: "57P03" })).toBe(true);
    expect(databaseUnavailable({ code: "08006" })).toBe(true);
    expect(databaseUnavailable({ code: "53300" })).toBe(true);
  });

  test("not for errors of the request itself", () => {
    expect(databaseUnavailable(wrapped({ code: "23P01" }))).toBe(false);
    expect(databaseUnavailable(wrapped({ code: "23505" }))).toBe(false);
    expect(databaseUnavailable({ code: "42P01" })).toBe(false);
    expect(databaseUnavailable(new Error("boom"))).toBe(false);
    expect(databaseUnavailable(null)).toBe(false);
    expect(databaseUnavailable("ECONNREFUSED")).toBe(false);
  });

  test("pgCode still reads only SQLSTATEs", () => {
    expect(pgCode(wrapped({ code: "ECONNREFUSED" }))).toBeUndefined();
    expect(pgCode(wrapped({ code: "57P01" }))).toBe("57P01");
  });
});
