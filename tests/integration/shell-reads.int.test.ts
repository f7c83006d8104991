/**
 * The shell's reads stay flat as the platform grows (issue 56, item 3): the two reads every page of
 * the app shell runs besides the session's (app/(app)/layout.tsx) — the pending invitations for the
 * signed-in user's address and the header's bell — on a platform's worth of rows: 20,000
 * invitations (6,000 pending) over several businesses and 50,000 notifications in the caller's
 * business, most of them read. After ANALYZE, each statement, the very one the query module sends
 * (`pendingInvitationsStatement`, `bellStatement`), is EXPLAINed with ANALYZE: it must read its table
 * through an index, never a Seq Scan, and read a bounded number of its rows. No timings.
 *
 * Everything happens in one transaction that is rolled back, so the rows never reach the other
 * tests of this worker's database (nor the owner-notice job of each notification: its trigger is
 * off inside the transaction only; the change-log trigger is deferred to a commit that never comes).
 */
import { sql, type SQL } from "drizzle-orm";
import { expect, test } from "vitest";
import { db, type Tx } from "@/db";
import { pendingInvitationsStatement } from "@/lib/invitations/queries";
import { bellStatement } from "@/lib/notifications/queries";
import { createBusiness, createClient, createUser } from "./fixtures";

const INVITATIONS = 20_000;
const NOTIFICATIONS = 50_000;

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function explain(tx: Tx, statement: SQL): Promise<PlanNode> {
  const [row] = await tx.execute<{ "QUERY PLAN": unknown }>(sql`explain (analyze, buffers, format json) ${statement}`);
  const doc = row["QUERY PLAN"];
  return (typeof doc === "string" ? JSON.parse(doc) : doc)[0].Plan as PlanNode;
}

/** How the plan reads `table`: the nodes on it, and how many of its rows they touched in all. */
function reads(plan: PlanNode, table: string) {
  const on = nodes(plan).filter((n) => n["Relation Name"] === table);
  const rows = on.reduce(
    (sum, n) => sum + (n["Actual Rows"] + (n["Rows Removed by Filter"] ?? 0) + (n["Rows Removed by Index Recheck"] ?? 0)) * n["Actual Loops"],
    0,
  );
  return { types: on.map((n) => n["Node Type"]), indexes: on.map((n) => n["Index Name"]).filter(Boolean), rows };
}

/** Runs `body` in a transaction that is always rolled back. */
async function rolledBack(body: (tx: Tx) => Promise<void>) {
  const undo = new Error("rollback");
  await db
    .transaction(async (tx) => {
      await body(tx);
      throw undo;
    })
    .catch((e) => {
      if (e !== undo) throw e;
    });
}

test("the pending invitations and the bell read an index and a bounded number of rows on 20,000 invitations and 50,000 notifications", async () => {
  await rolledBack(async (tx) => {
    const owner = await createUser({ emailVerifiedAt: new Date() }, tx);
    const invited = await createUser({ emailVerifiedAt: new Date() }, tx);
    const business = await createBusiness(owner.id, {}, tx);
    const others = [await createBusiness(undefined, {}, tx), await createBusiness(undefined, {}, tx), await createBusiness(undefined, {}, tx)];
    const all = `{${[business, ...others].map((b) => b.id).join(",")}}`;

    // 20,000 invitations over the four businesses, 30 % pending (some of those expired), to addresses of nobody here...
    await tx.execute(sql`
      insert into business_invitations (business_id, email, status, invited_at, expires_at)
      select (${all}::uuid[])[1 + i % 4], 'convidada' || i || '@exemplo.test',
             case when i % 10 < 3 then 'pending' when i % 10 < 8 then 'accepted' else 'cancelled' end,
             now() - (i % 30) * interval '1 day', now() - (i % 30) * interval '1 day' + interval '7 days'
        from generate_series(1, ${INVITATIONS - 3}::int) i`);
    // ... and three pending for the invited user, the address as the inviter typed it.
    await tx.execute(sql`
      insert into business_invitations (business_id, email, status)
      select b, upper(${invited.email}), 'pending' from unnest(${`{${others.map((b) => b.id).join(",")}}`}::uuid[]) b`);

    // 50,000 notifications in the owner's business, 10 minutes apart, about 1,000 appointments; the
    // owner has read all but the last 5 hours' (30 of them).
    const client = await createClient(business.id, {}, tx);
    await tx.execute(sql`
      insert into appointments (business_id, client_id, date, time, status_id)
      select ${business.id}, ${client.id}, date '2031-01-01' + d, '10:00', 2 from generate_series(0, 999) d`);
    await tx.execute(sql`alter table business_notifications disable trigger business_notifications_owner_notice`);
    await tx.execute(sql`
      with apts as (select id, row_number() over (order by date) - 1 as k from appointments where business_id = ${business.id})
      insert into business_notifications (business_id, appointment_id, kind, created_at)
      select ${business.id}, a.id, (array['online_booking', 'client_confirmed', 'client_cancelled', 'online_cancelled'])[1 + i % 4],
             now() - i * interval '10 minutes'
        from generate_series(1, ${NOTIFICATIONS}::int) i join apts a on a.k = i % 1000`);
    await tx.execute(sql`
      insert into notification_reads (user_id, business_id, read_at) values (${owner.id}, ${business.id}, now() - interval '5 hours' + interval '1 minute')`);
    await tx.execute(sql`analyze business_invitations, business_notifications, notification_reads, appointments, users, businesses`);

    const invitations = await explain(tx, pendingInvitationsStatement(invited.id, tx).getSQL());
    const inv = reads(invitations, "business_invitations");
    expect(inv.types).not.toContain("Seq Scan");
    expect(inv.indexes).toContain("business_invitations_email_lower_status_idx");
    expect(nodes(invitations)[0]["Actual Rows"]).toBe(3);
    expect(inv.rows).toBeLessThanOrEqual(10);

    const bell = await explain(tx, bellStatement(business.id, owner.id));
    const bellReads = reads(bell, "business_notifications");
    expect(bellReads.types).not.toContain("Seq Scan");
    expect(bellReads.indexes.every((i) => i === "business_notifications_business_created_id_idx")).toBe(true);
    expect(nodes(bell)[0]["Actual Rows"]).toBe(20);
    // The 20 newest and the 30 unread (the count stops at 99), with a little slack for the plan's shape.
    expect(bellReads.rows).toBeLessThanOrEqual(200);
  });
});
