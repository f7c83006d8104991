import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDateTimeSeconds, formatLongDate, formatMonthName } from "./date";

// 02:30 UTC on the 23rd: 11:30 on the 23rd in Tokyo (process TZ), 22:30 on the 22nd in Cuiaba.
const LATE_EVENING = "2026-11-23T02:30:00Z";

describe("formatDate", () => {
  it.each<[Date | string, string]>([
    ["2026-11-23", "23/11/2026"],
    ["2026-01-01", "01/01/2026"],
    ["2026-12-31", "31/12/2026"],
    ["2028-02-29", "29/02/2028"],
    [LATE_EVENING, "22/11/2026"],
    [new Date(LATE_EVENING), "22/11/2026"],
    ["2026-11-23T04:00:00Z", "23/11/2026"],
    ["2026-11-23T03:59:59.999Z", "22/11/2026"],
    ["2027-01-01T03:30:00Z", "31/12/2026"],
    ["2028-03-01T02:00:00Z", "29/02/2028"],
    ["2026-11-22T15:30:00Z", "22/11/2026"],
    ["2026-11-23T02:30:00-04:00", "23/11/2026"],
  ])("%j → %s", (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });
  it("never shifts a date-only string, even at the start of a year", () => {
    expect(formatDate("2027-01-01")).toBe("01/01/2027");
  });
  it.each<[Date | string]>([[""], ["abc"], ["2026-02-30"], ["2026/11/23"], ["23/11/2026"], [new Date(Number.NaN)], ["2026-11-23T25:00"]])(
    "renders invalid input %j as an empty string",
    (input) => {
      expect(formatDate(input)).toBe("");
    },
  );
});

describe("formatDateTime", () => {
  it.each<[Date | string, string]>([
    [LATE_EVENING, "22/11/2026 às 22:30"],
    [new Date(LATE_EVENING), "22/11/2026 às 22:30"],
    ["2026-11-23T18:30:00.000Z", "23/11/2026 às 14:30"],
    ["2027-01-01T03:59:00Z", "31/12/2026 às 23:59"],
    ["2027-01-01T04:00:00Z", "01/01/2027 às 00:00"],
    ["2028-02-29T12:05:00Z", "29/02/2028 às 08:05"],
    // Postgres text output of timestamptz.
    ["2026-11-23 02:30:00+00", "22/11/2026 às 22:30"],
    ["2026-11-23 02:30:00.123456+00", "22/11/2026 às 22:30"],
    ["2026-11-23T02:30:00+0000", "22/11/2026 às 22:30"],
    ["2026-11-23T02:30:00+09:00", "22/11/2026 às 13:30"],
    // A timestamp without offset is business wall-clock time.
    ["2026-11-23T14:30:00", "23/11/2026 às 14:30"],
    ["2026-11-23 14:30", "23/11/2026 às 14:30"],
    // A date-only value is midnight of that business day.
    ["2026-11-23", "23/11/2026 às 00:00"],
    // January 2019 Cuiaba still observed summer time (UTC-3): no hard-coded offset.
    ["2019-01-10T15:00:00Z", "10/01/2019 às 12:00"],
  ])("%j → %s", (input, expected) => {
    expect(formatDateTime(input)).toBe(expected);
  });
  it("renders invalid input as an empty string", () => {
    expect(formatDateTime("not a date")).toBe("");
  });
});

describe("formatDateTimeSeconds", () => {
  it.each<[Date | string, string]>([
    [LATE_EVENING, "22/11/2026 22:30:00"],
    ["2026-11-23T02:30:05.999Z", "22/11/2026 22:30:05"],
    [new Date("2027-01-01T03:59:59Z"), "31/12/2026 23:59:59"],
    ["2028-02-29T03:00:01Z", "28/02/2028 23:00:01"],
    ["2026-11-23T08:07:06", "23/11/2026 08:07:06"],
    ["2026-11-23T08:07:06.5", "23/11/2026 08:07:06"],
  ])("%j → %s", (input, expected) => {
    expect(formatDateTimeSeconds(input)).toBe(expected);
  });
});

describe("formatLongDate", () => {
  it.each([
    ["2026-11-23", "segunda-feira, 23 de novembro de 2026"],
    ["2026-11-22", "domingo, 22 de novembro de 2026"],
    ["2026-11-28", "sábado, 28 de novembro de 2026"],
    ["2026-01-01", "quinta-feira, 1 de janeiro de 2026"],
    ["2027-01-01", "sexta-feira, 1 de janeiro de 2027"],
    ["2026-12-31", "quinta-feira, 31 de dezembro de 2026"],
    ["2028-02-29", "terça-feira, 29 de fevereiro de 2028"],
    ["2026-03-04", "quarta-feira, 4 de março de 2026"],
  ])("%s → %s", (input, expected) => {
    expect(formatLongDate(input)).toBe(expected);
  });
  it("uses the business day for an instant", () => {
    expect(formatLongDate(LATE_EVENING)).toBe("domingo, 22 de novembro de 2026");
    expect(formatLongDate(new Date(LATE_EVENING))).toBe("domingo, 22 de novembro de 2026");
  });
  it("renders an invalid date as an empty string", () => {
    expect(formatLongDate("2026-02-30")).toBe("");
  });
});

describe("formatMonthName", () => {
  it.each<[Date | string, string]>([
    ["2026-11", "novembro de 2026"],
    ["2026-11-23", "novembro de 2026"],
    ["2026-03", "março de 2026"],
    ["2027-01", "janeiro de 2027"],
    ["2028-02-29", "fevereiro de 2028"],
    ["2026-12-31", "dezembro de 2026"],
    // 02:00 UTC on 1 Dec is still 30 Nov in Cuiaba.
    ["2026-12-01T02:00:00Z", "novembro de 2026"],
    [new Date("2027-01-01T03:00:00Z"), "dezembro de 2026"],
  ])("%j → %s", (input, expected) => {
    expect(formatMonthName(input)).toBe(expected);
  });
  it.each(["2026-13", "2026-00", "", "novembro"])("renders invalid %j as an empty string", (input) => {
    expect(formatMonthName(input)).toBe("");
  });
});
