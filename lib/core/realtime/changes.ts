import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import type { Cursor } from "./cursor";
import type { ChangeEvent } from "./events";

/** More changes to catch up on than this: the page reads everything again instead. */
export const MAX_CATCH_UP = 500;
/** How long the change log holds a change: a stream that was away longer reads everything again. */
export const KEEP_CHANGES_MS = 24 * 60 * 60_000;
export const PRUNE_EVERY_MS = 5 * 60_000;

export type CatchUp = {
  /** The changes after the cursor, oldest first; empty when not `complete`. */
  changes: ChangeEvent[];
  /** Each business's last seq now. */
  ends: Cursor;
  /**
   * Every change after the cursor is in `changes`. Not when some were pruned, when there are more
   * than the limit, or when the cursor is ahead of the log (a log restored from an older backup).
   */
  complete: boolean;
};

type Row = {
  business_id: string;
  after: string;
  pruned: string;
  end: string;
  seq: string | null;
  entity: string | null;
  op: ChangeEvent["op"] | null;
  entity_id: string | null;
  days: string[] | null;
};

/** Array literals: drizzle spreads a JS array into a list of parameters. Ids come from the database or parseCursor. */
const arrayLiteral = (values: (string | number)[]) => `{${values.join(",")}}`;

/**
 * The changes of `cursor`'s businesses after it, from the change log: one statement, each business
 * by its (business_id, seq) index, at most `limit` rows in all.
 */
export async function readChanges(cursor: Cursor, limit = MAX_CATCH_UP): Promise<CatchUp> {
  const ids = Object.keys(cursor);
  if (!ids.length) return { changes: [], ends: {}, complete: true };
  const rows = await db.execute<Row>(sql`
    select k.business_id::text as business_id, k.after::text as after,
           coalesce(h.pruned_seq, 0)::text as pruned,
           coalesce((select max(e.seq) from changes e where e.business_id = k.business_id), 0)::text as "end",
           c.seq::text as seq, c.entity, c.op, c.entity_id::text as entity_id, c.days::text[] as days
      from unnest(${arrayLiteral(ids)}::uuid[], ${arrayLiteral(ids.map((b) => cursor[b]))}::bigint[]) as k(business_id, after)
      left join change_horizons h on h.business_id = k.business_id
      left join lateral (
        select seq, entity, op, entity_id, days from changes
         where changes.business_id = k.business_id and changes.seq > k.after
         order by seq limit ${limit + 1}
      ) c on true
     order by c.seq nulls first`);
  const ends: Cursor = {};
  const changes: ChangeEvent[] = [];
  let complete = true;
  for (const r of rows) {
    const [after, pruned, end] = [Number(r.after), Number(r.pruned), Number(r.end)];
    ends[r.business_id] = end;
    if (after < pruned || after > end) complete = false;
    if (r.seq !== null) {
      changes.push({ table: r.entity!, op: r.op!, id: r.entity_id, businessId: r.business_id, seq: Number(r.seq), ...(r.days && { days: r.days }) });
    }
  }
  if (changes.length > limit) complete = false;
  return { changes: complete ? changes : [], ends, complete };
}

/**
 * The change rows this transaction wrote, at the end of its writes, as the stream will carry them:
 * fires the deferred change triggers now instead of at the commit right after (migration 0022),
 * then reads the rows whose seqs they kept in the transaction-local setting. Nothing may be written
 * after this in `tx`.
 */
export async function ownChanges(tx: Pick<typeof db, "execute">): Promise<ChangeEvent[]> {
  await tx.execute(sql`set constraints all immediate`);
  const rows = await tx.execute<{ seq: string; business_id: string; entity: string; op: ChangeEvent["op"]; entity_id: string | null; days: string[] | null }>(sql`
    select seq::text as seq, business_id::text as business_id, entity, op, entity_id::text as entity_id, days::text[] as days
      from changes
     where seq = any(array_remove(string_to_array(current_setting('agenda.change_seqs', true), ','), '')::bigint[])
     order by seq`);
  return rows.map((r) => ({ table: r.entity, op: r.op, id: r.entity_id, businessId: r.business_id, seq: Number(r.seq), ...(r.days && { days: r.days }) }));
}

/**
 * Deletes the changes older than KEEP_CHANGES_MS (found by their own index), except each
 * business's newest: its seq is what a page of a quiet business resumes from. Per business it
 * remembers the highest seq deleted, so a cursor behind it is known to have lost rows (readChanges).
 */
export async function pruneChanges(keepMs = KEEP_CHANGES_MS): Promise<void> {
  await db.execute(sql`
    with gone as (
      delete from changes c
       where c.created_at < now() - ${keepMs}::float8 * interval '1 millisecond'
         and (exists (select 1 from changes n where n.business_id = c.business_id and n.seq > c.seq)
              or not exists (select 1 from businesses b where b.id = c.business_id))
      returning c.business_id, c.seq
    )
    insert into change_horizons as h (business_id, pruned_seq)
    select business_id, max(seq) from gone
     where exists (select 1 from businesses b where b.id = gone.business_id)
     group by business_id
    on conflict (business_id) do update set pruned_seq = greatest(h.pruned_seq, excluded.pruned_seq)`);
  // A deleted business's horizon: no stream asks for it any more.
  await db.execute(sql`delete from change_horizons h where not exists (select 1 from businesses b where b.id = h.business_id)`);
}
