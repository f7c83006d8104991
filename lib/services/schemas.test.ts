import { describe, expect, it } from "vitest";
import { SERVICE_MESSAGES } from "./messages";
import { serviceFieldsSchema } from "./schemas";

const parse = (input: Record<string, unknown>) => serviceFieldsSchema.safeParse({ name: "Corte", ...input });
const issue = (input: Record<string, unknown>) => {
  const r = parse(input);
  return r.success ? null : r.error.issues[0].message;
};

describe("service fields", () => {
  it("trims; empty description and duration become null", () => {
    expect(parse({ name: "  Corte  ", description: "  ", durationMinutes: "" }).data).toEqual({ name: "Corte", description: null, durationMinutes: null });
    expect(parse({ description: null, durationMinutes: null }).data).toMatchObject({ description: null, durationMinutes: null });
    expect(parse({}).data).toMatchObject({ description: null, durationMinutes: null });
  });
  it.each([
    ["45", 45],
    [" 90 ", 90],
    [1, 1],
    ["1440", 1440],
    ["007", 7],
  ])("duration %j → %d", (v, n) => expect(parse({ durationMinutes: v }).data?.durationMinutes).toBe(n));
  it.each([
    ["0", SERVICE_MESSAGES.durationMin],
    ["-5", SERVICE_MESSAGES.durationMin],
    [0, SERVICE_MESSAGES.durationMin],
    ["1441", SERVICE_MESSAGES.durationMax],
    ["1,5", SERVICE_MESSAGES.durationWhole],
    ["1.5", SERVICE_MESSAGES.durationWhole],
    [1.5, SERVICE_MESSAGES.durationWhole],
    ["45min", SERVICE_MESSAGES.durationWhole],
    ["abc", SERVICE_MESSAGES.durationWhole],
  ])("duration %j refused: %s", (v, message) => expect(issue({ durationMinutes: v })).toBe(message));
  it("name required", () => {
    expect(issue({ name: "   " })).toBe(SERVICE_MESSAGES.nameRequired);
  });
});
