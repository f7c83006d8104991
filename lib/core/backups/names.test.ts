import { describe, expect, test } from "vitest";
import { addDays } from "@/lib/core/time/business-date";
import { backupFileName, backupsToDelete, parseBackupName, weekOf } from "./names";

const base = (date: string, hhmm = "0300") => `agenda-${date}T${hhmm}.base.tar.gz`;
/** `n` nightly backups ending on `last` (inclusive), newest first. */
const nightly = (last: string, n: number) => Array.from({ length: n }, (_, i) => base(addDays(last, -i)));

describe("backupFileName", () => {
  test("is the business-zone date and time (Cuiabá, UTC−4), whatever the server's zone", () => {
    expect(backupFileName("base", new Date("2026-11-27T07:00:00Z"))).toBe("agenda-2026-11-27T0300.base.tar.gz");
    expect(backupFileName("dump", new Date("2026-11-27T02:30:00Z"))).toBe("agenda-2026-11-26T2230.dump");
    expect(backupFileName("dump", new Date("2026-11-27T07:00:12Z"), true)).toBe("agenda-2026-11-27T030012.dump");
  });

  test("round-trips through parseBackupName", () => {
    const name = backupFileName("base", new Date("2026-01-05T10:15:00Z"));
    expect(parseBackupName(name)).toEqual({ name, kind: "base", date: "2026-01-05", stamp: "2026-01-05T061500" });
  });
});

describe("parseBackupName", () => {
  test("knows only our backups", () => {
    expect(parseBackupName("agenda-2026-11-27T030012.dump")?.stamp).toBe("2026-11-27T030012");
    for (const other of [
      "agenda-2026-11-27T0300.base.tar.gz.partial",
      "agenda-2026-02-30T0300.dump",
      "agenda-2026-11-27.dump",
      "notas.txt",
      "agenda-2026-11-27T0300.sql",
      "xagenda-2026-11-27T0300.dump",
    ]) {
      expect(parseBackupName(other), other).toBeNull();
    }
  });
});

describe("weekOf", () => {
  test("is the Monday of the date's week", () => {
    expect(weekOf("2026-11-23")).toBe("2026-11-23"); // Monday
    expect(weekOf("2026-11-29")).toBe("2026-11-23"); // Sunday
    expect(weekOf("2026-11-30")).toBe("2026-11-30");
    expect(weekOf("2027-01-01")).toBe("2026-12-28"); // across the year
  });
});

describe("backupsToDelete", () => {
  test("nothing while there are no more than 7 days of backups", () => {
    expect(backupsToDelete(nightly("2026-11-27", 7))).toEqual([]);
    expect(backupsToDelete([])).toEqual([]);
  });

  test("a month of nightly backups keeps the last 7 days and the newest of each of the last 4 weeks", () => {
    // 2026-11-27 is a Friday; 31 nights back to 2026-10-28.
    const names = nightly("2026-11-27", 31);
    const deleted = backupsToDelete(names);
    const kept = names.filter((n) => !deleted.includes(n)).sort();
    expect(kept).toEqual(
      [
        // the 7 newest days
        ...nightly("2026-11-27", 7),
        // the newest of each of the 4 newest weeks: this week's (2026-11-27, already kept), then the
        // Sundays 2026-11-22, 2026-11-15 and 2026-11-08
        base("2026-11-15"),
        base("2026-11-08"),
      ].sort(),
    );
    expect(kept).toHaveLength(9);
    expect(deleted).toHaveLength(31 - 9);
  });

  test("keeps the newest of a day with several backups (a manual one after the night's)", () => {
    const names = [base("2026-11-27", "0300"), base("2026-11-27", "1512"), "agenda-2026-11-27T151230.dump", base("2026-11-26")];
    expect(backupsToDelete(names).sort()).toEqual([base("2026-11-27", "0300"), base("2026-11-27", "1512")].sort());
  });

  test("days that have a backup count, not calendar days: a machine off for a month keeps its last ones", () => {
    const old = nightly("2026-09-30", 10);
    const names = [...old, base("2026-11-27")];
    const deleted = backupsToDelete(names);
    // 7 distinct days: 2026-11-27 and 6 of September's; weeks: 2026-11-23's plus the 3 newest of September's.
    expect(names.length - deleted.length).toBeGreaterThanOrEqual(7);
    expect(deleted).not.toContain(base("2026-11-27"));
    expect(deleted).not.toContain(base("2026-09-30"));
    expect(deleted).toContain(base("2026-09-21"));
  });

  test("never names a file that is not a backup", () => {
    const names = [...nightly("2026-11-27", 20), "LEIA-ME.txt", "agenda-2026-10-01T0300.dump.partial"];
    const deleted = backupsToDelete(names);
    expect(deleted).not.toContain("LEIA-ME.txt");
    expect(deleted).not.toContain("agenda-2026-10-01T0300.dump.partial");
  });

  test("the order of the names given does not matter", () => {
    const names = nightly("2026-11-27", 40);
    const shuffled = [...names].sort((a, b) => (a.length * 31 + a.charCodeAt(20)) % 7 - (b.length * 31 + b.charCodeAt(20)) % 7);
    expect(backupsToDelete(shuffled).sort()).toEqual(backupsToDelete(names).sort());
  });

  test("run every night for 60 nights, the folder never holds more than 7 + 4 backups and always the newest", () => {
    let folder: string[] = [];
    for (let i = 0; i < 60; i++) {
      const tonight = base(addDays("2026-10-01", i));
      folder.push(tonight);
      const deleted = backupsToDelete(folder);
      folder = folder.filter((n) => !deleted.includes(n));
      expect(folder).toContain(tonight);
      expect(folder.length).toBeLessThanOrEqual(11);
    }
    // Steady state: 7 days + this week's newest (already a day) + 3 older weeks.
    expect(folder).toHaveLength(10);
  });
});
