import { parseCrontab } from "graphile-worker";
import { describe, expect, test } from "vitest";
import { jobsCrontab, JOB_TASKS } from "./tasks";

describe("jobsCrontab", () => {
  const now = new Date("2026-11-27T12:00:00Z");

  test("the morning summary at 07:00 in Cuiabá (11:00 UTC, graphile-worker's cron reads UTC)", () => {
    expect(jobsCrontab(now, false)).toBe("0 11 * * * daily_summary ?fill=4h&max=3");
  });

  test("on the embedded database, also the backup at 03:00 in Cuiabá (07:00 UTC), a task the workers know", () => {
    const lines = jobsCrontab(now, true).split("\n");
    expect(lines).toEqual(["0 11 * * * daily_summary ?fill=4h&max=3", "0 7 * * * db_backup ?fill=4h&max=3"]);
    expect(Object.keys(JOB_TASKS)).toContain("db_backup");
    // graphile-worker reads it: one item per line, each its own identifier (so each runs once per time).
    const items = parseCrontab(jobsCrontab(now, true));
    expect(items.map((i) => i.identifier)).toEqual(["daily_summary", "db_backup"]);
    expect(items[1].options.backfillPeriod).toBe(4 * 3_600_000);
  });
});
