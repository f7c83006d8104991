import { describe, expect, test } from "vitest";
import { envProblems } from "./env";
import { DEFAULT_MESSAGES_PER_BUSINESS_PER_DAY, messagesPerBusinessPerDay } from "./messages";

describe("MESSAGES_PER_BUSINESS_PER_DAY", () => {
  test("300 unless set to a whole number of at least 1", () => {
    expect(DEFAULT_MESSAGES_PER_BUSINESS_PER_DAY).toBe(300);
    expect(messagesPerBusinessPerDay({})).toBe(300);
    expect(messagesPerBusinessPerDay({ MESSAGES_PER_BUSINESS_PER_DAY: " 50 " })).toBe(50);
    for (const bad of ["0", "-5", "dez", "1.5", ""]) expect(messagesPerBusinessPerDay({ MESSAGES_PER_BUSINESS_PER_DAY: bad })).toBe(300);
  });

  test("the production start refuses a wrong value, in Portuguese", () => {
    const good = { APP_URL: "https://agenda.exemplo.com.br", AUTH_SECRET: "x".repeat(32) };
    expect(envProblems({ ...good, MESSAGES_PER_BUSINESS_PER_DAY: "500" })).toEqual([]);
    expect(envProblems({ ...good, MESSAGES_PER_BUSINESS_PER_DAY: "0" })).toEqual([
      "MESSAGES_PER_BUSINESS_PER_DAY deve ser um número inteiro entre 1 e 100000.",
    ]);
  });
});
