import { describe, expect, it } from "vitest";
import { easterSunday, nationalHolidayOn, nationalHolidays } from "./national-holidays";

describe("national holidays", () => {
  it.each([
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
  ])("Easter %i is %s", (year, date) => expect(easterSunday(year)).toBe(date));

  it("2026: the fixed dates and the movable ones", () => {
    const byDate = Object.fromEntries(nationalHolidays(2026).map((h) => [h.date, h.name]));
    expect(byDate["2026-02-16"]).toBe("Carnaval");
    expect(byDate["2026-02-17"]).toBe("Carnaval");
    expect(byDate["2026-04-03"]).toBe("Sexta-feira Santa");
    expect(byDate["2026-06-04"]).toBe("Corpus Christi");
    expect(byDate["2026-11-20"]).toBe("Dia Nacional de Zumbi e da Consciência Negra");
    expect(Object.keys(byDate)).toHaveLength(13);
  });

  it("20/11 only from 2024 on", () => {
    expect(nationalHolidayOn("2023-11-20")).toBeNull();
    expect(nationalHolidayOn("2024-11-20")?.name).toBe("Dia Nacional de Zumbi e da Consciência Negra");
  });

  it("an ordinary day is none", () => expect(nationalHolidayOn("2026-11-23")).toBeNull());
});
