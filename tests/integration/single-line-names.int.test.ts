/**
 * Issue 50, item 4: a professional renamed "Ana\r\nX-INJ:1" put a raw property line into their
 * calendar feed (NAME / X-WR-CALNAME). Names are single-line wherever they are saved
 * (lib/core/validation/single-line.ts; every schema: tests/unit/single-line-names.test.ts), and
 * the feed escapes the calendar's name for a row that holds one anyway (saved before the rule, or
 * written by hand): the feed, read through its route and parsed with ical.js, has no unknown property.
 */
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { beforeAll, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businesses, professionals } from "@/db/schema";
import { GET } from "@/app/agenda/ical/[token]/route";
import { generateCalendarFeedAction } from "@/lib/calendar-feeds/actions";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { SINGLE_LINE_MESSAGE } from "@/lib/core/validation/single-line";
import { updateProfessionalAction } from "@/lib/professionals/actions";
import { actAs } from "./act-as";
import { createBusiness, createProfessional, createUser, uniq } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

beforeAll(() => markPeerHeaderTrusted());

const INJECTED = "Ana\r\nX-INJ:1";

/** Every property of the calendar and its components, as "component.property". */
function propertyNames(c: InstanceType<typeof ICAL.Component>): string[] {
  return [...c.getAllProperties().map((p) => `${c.name}.${p.name}`), ...c.getAllSubcomponents().flatMap(propertyNames)];
}

test("renaming a professional with a line break is refused in Portuguese; a row that holds one anyway makes a feed with no unknown property", async () => {
  const owner = await createUser();
  const business = await createBusiness(owner.id, { name: `Studio ${uniq()}` });
  const ana = await createProfessional(business.id, { name: `Ana ${uniq()}` });
  await actAs(owner.id);

  const renamed = await updateProfessionalAction({ businessId: business.id, id: ana.id, name: INJECTED });
  expect(renamed).toMatchObject({ ok: false, fieldErrors: { name: SINGLE_LINE_MESSAGE } });
  expect((await db.select({ name: professionals.name }).from(professionals).where(eq(professionals.id, ana.id)))[0].name).toBe(ana.name);

  const made = await generateCalendarFeedAction({ businessId: business.id, professionalId: ana.id });
  if (!made.ok) throw new Error(`${made.error}: ${made.description}`);
  const token = made.url.slice(made.url.lastIndexOf("/") + 1);

  // What the schema now refuses, written straight into the rows (the professional's and the business's names).
  await db.update(professionals).set({ name: INJECTED }).where(eq(professionals.id, ana.id));
  await db.update(businesses).set({ name: "Studio\r\nBEGIN:VEVENT\r\nSUMMARY:falso" }).where(eq(businesses.id, business.id));

  const res = await GET(new Request(`http://localhost/agenda/ical/${token}`, { headers: { [PEER_HEADER]: "10.67.0.1" } }), { params: Promise.resolve({ token }) });
  expect(res.status).toBe(200);
  const cal = new ICAL.Component(ICAL.parse(await res.text()));
  const names = propertyNames(cal);
  const known = new Set(["version", "prodid", "name", "x-wr-calname", "refresh-interval", "x-published-ttl", "x-wr-timezone"]);
  expect(names.filter((n) => n.startsWith("vcalendar.") && !known.has(n.slice("vcalendar.".length)))).toEqual([]);
  expect(names.filter((n) => /x-inj/i.test(n))).toEqual([]);
  expect(cal.getAllSubcomponents("vevent")).toEqual([]);
  expect(cal.getFirstPropertyValue("x-wr-calname")).toBe("Agenda de Ana X-INJ:1 — Studio BEGIN:VEVENT SUMMARY:falso");
});
