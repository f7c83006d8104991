import { describe, expect, it } from "vitest";
import { periodLabel } from "./period-picker";

describe("periodLabel", () => {
  it("says the period the filter will apply", () => {
    expect(periodLabel({ from: null, to: null })).toBe("Todo o período");
    expect(periodLabel({ from: "2026-03-10", to: "2026-03-10" })).toBe("10/03/2026");
    expect(periodLabel({ from: "2026-03-10", to: "2026-04-12" })).toBe("10/03 – 12/04/2026");
    expect(periodLabel({ from: "2025-12-20", to: "2026-01-05" })).toBe("20/12/2025 – 05/01/2026");
    expect(periodLabel({ from: "2026-03-10", to: null })).toBe("A partir de 10/03/2026");
    expect(periodLabel({ from: null, to: "2026-03-12" })).toBe("Até 12/03/2026");
  });
});
