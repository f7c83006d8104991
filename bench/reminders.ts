/**
 * The reminders scenario of `npm run bench` (BENCH_ONLY=reminders): REMINDERS appointments of a
 * scratch business, each with a reminder falling due within the next few minutes, sent by two
 * worker processes on the one database (the workers every app instance runs, here as
 * `npm run worker`), SMTP pointed at a local capture server. One worker is killed (SIGKILL) a
 * third of the way through and started again. Reports each message's lateness against its due
 * time (p50, p95, max), the duplicates and the misses. The goal: every reminder within 60 s of its
 * due time, no duplicate, no miss.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type postgres from "postgres";
import { instantToBusinessParts } from "@/lib/core/time/business-time";
import { startSmtpCapture } from "../tests/support/smtp-capture";

export const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 10_000);
/** The due times are spread over this many seconds, starting a minute after the data is made. */
const SPREAD_S = 180;
const LEAD_MIN = 30;
export const REMINDER_GOAL_S = 60;

type Worker = { proc: ChildProcess; exited: Promise<void> };

function startWorker(databaseUrl: string, smtpUrl: string): Worker {
  const proc = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("scripts", "worker.ts")], {
    // The scenario's one business sends REMINDERS messages in minutes: its daily cap above them.
    env: {
      ...process.env, DATABASE_URL: databaseUrl, SMTP_URL: smtpUrl, APP_URL: process.env.APP_URL ?? "http://localhost:3000",
      MESSAGES_PER_BUSINESS_PER_DAY: String(REMINDERS * 2),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { proc, exited: new Promise((resolve) => proc.once("exit", () => resolve())) };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function measureReminders(sql: postgres.Sql, databaseUrl: string): Promise<Record<string, unknown>> {
  const smtp = await startSmtpCapture();
  // A run cut short leaves its scratch business behind: gone before this one starts.
  await sql`delete from businesses where name like 'bench-lembretes-%'`;
  await sql`delete from users where email like 'bench-lembretes-%@bench.test'`;
  const tag = `bench-lembretes-${Date.now()}`;
  const [business] = await sql<{ id: string }[]>`insert into businesses (name) values (${tag}) returning id`;
  // A business sends messages only once its owner confirmed the address (lib/notifications/deliver.ts).
  await sql`with owner as (insert into users (email, email_verified_at) values (${`${tag}@bench.test`}, now()) returning id)
            insert into user_business_roles (user_id, business_id, role) select id, ${business.id}, 'owner' from owner`;
  const workers: Worker[] = [];
  try {
    await sql`insert into business_notification_settings (business_id, reminders_enabled, reminder_lead_minutes)
              values (${business.id}, true, ${`{${LEAD_MIN}}`}::integer[])`;
    const firstDue = Date.now() + 60_000;
    console.log(`  ${REMINDERS} clientes e agendamentos, lembretes entre ${new Date(firstDue).toISOString()} e +${SPREAD_S} s…`);
    const rows = Array.from({ length: REMINDERS }, (_, k) => {
      const due = new Date(firstDue + Math.floor((k * SPREAD_S * 1000) / REMINDERS / 1000) * 1000);
      const start = instantToBusinessParts(new Date(due.getTime() + LEAD_MIN * 60_000));
      const seconds = String(due.getUTCSeconds()).padStart(2, "0");
      return { k, email: `lembrete-${k}@bench.test`, date: start.date, time: `${start.time}:${seconds}` };
    });
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      await sql.begin(async (tx) => {
        const clients = await tx<{ id: string; email: string }[]>`
          insert into clients ${tx(chunk.map((r) => ({ business_id: business.id, name: `Cliente ${r.k}`, email: r.email })))} returning id, email`;
        const byEmail = new Map(clients.map((c) => [c.email, c.id]));
        await tx`insert into appointments ${tx(chunk.map((r) => ({ business_id: business.id, client_id: byEmail.get(r.email)!, date: r.date, time: r.time })))}`;
      });
    }
    const due = new Map(
      (await sql<{ email: string; due: Date }[]>`
        select c.email, ((a.date + a.time) at time zone 'America/Cuiaba') - make_interval(mins => ${LEAD_MIN}) as due
          from appointments a join clients c on c.id = a.client_id where a.business_id = ${business.id}`).map((r) => [r.email, new Date(r.due).getTime()]),
    );
    const [{ jobs }] = await sql<{ jobs: number }[]>`
      select count(*)::int as jobs from graphile_worker.jobs j join appointments a on j.key = 'reminder:' || a.id || ':1'
       where a.business_id = ${business.id}`;
    console.log(`  ${jobs} jobs na fila.`);

    workers.push(startWorker(databaseUrl, smtp.url), startWorker(databaseUrl, smtp.url));
    const deadline = firstDue + SPREAD_S * 1000 + 5 * 60_000;
    let killedAt: number | null = null;
    while (Date.now() < deadline) {
      const got = new Set(smtp.messages.flatMap((m) => m.to)).size;
      if (killedAt === null && got >= REMINDERS / 3) {
        killedAt = Date.now();
        console.log(`  ${got} enviados: matando um worker (SIGKILL) e iniciando outro em 5 s…`);
        workers[0].proc.kill("SIGKILL");
        await workers[0].exited;
        await new Promise((r) => setTimeout(r, 5_000));
        workers[0] = startWorker(databaseUrl, smtp.url);
      }
      if (got >= REMINDERS) break;
      await new Promise((r) => setTimeout(r, 500));
    }

    const perRecipient = new Map<string, number[]>();
    for (const m of smtp.messages) for (const to of m.to) perRecipient.set(to, [...(perRecipient.get(to) ?? []), m.at]);
    const lateness: number[] = [];
    let duplicates = 0;
    for (const [to, times] of perRecipient) {
      const d = due.get(to);
      if (d === undefined) continue;
      duplicates += times.length - 1;
      lateness.push((Math.min(...times) - d) / 1000);
    }
    lateness.sort((a, b) => a - b);
    const misses = REMINDERS - lateness.length;
    const result = {
      reminders: REMINDERS, spread_s: SPREAD_S, workers: 2, concurrency_each: Number(process.env.JOBS_CONCURRENCY ?? 4),
      killed_one_at_s: killedAt ? Math.round((killedAt - firstDue) / 100) / 10 : null,
      lateness_s: { p50: percentile(lateness, 50), p95: percentile(lateness, 95), max: lateness.at(-1) ?? null, min: lateness[0] ?? null },
      duplicates, misses, goal_s: REMINDER_GOAL_S,
      ok: misses === 0 && duplicates === 0 && (lateness.at(-1) ?? Infinity) <= REMINDER_GOAL_S,
    };
    console.table([{ lembretes: REMINDERS, "atraso p50 (s)": result.lateness_s.p50, "p95 (s)": result.lateness_s.p95, "máx (s)": result.lateness_s.max, duplicados: duplicates, perdidos: misses, ok: result.ok ? "sim" : "NÃO" }]);
    return result;
  } finally {
    for (const w of workers) w.proc.kill("SIGTERM");
    await Promise.all(workers.map((w) => w.exited));
    await sql`delete from businesses where id = ${business.id}`;
    await sql`delete from users where email = ${`${tag}@bench.test`}`;
    await smtp.stop();
  }
}
