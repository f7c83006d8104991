/**
 * Fills an empty, migrated database with the benchmark dataset (bench/dataset.ts) in bulk SQL.
 *
 * Everything is derived from md5 of fixed keys (ids too: md5('apt-17')::uuid), so a run is
 * deterministic for a given "today". Every constraint stays on: foreign keys, checks and both
 * exclusion constraints (no double booking) check every row as it goes in. Only the row-by-row
 * maintenance triggers are paused during the load — the busy-block refresh and the NOTIFY of live
 * updates — and their effect is then computed once, in one statement, for all rows.
 */
import type postgres from "postgres";
import { BUSINESS_TZ } from "@/lib/core/time/business-date";
import {
  BOT_MESSAGES, CHAIN_NAME, DATASET as D, FIRST_NAMES, GROUPS, LAST_NAMES, MESSAGES, SLOT_HOURS, BENCH_ACCOUNTS,
} from "./dataset";

type Log = (step: string) => void;

const HELPERS = `
create function pg_temp.h(k text) returns double precision language sql immutable as
  $$ select (('x' || substr(md5(k), 1, 8))::bit(32)::bigint)::double precision / 4294967296.0 $$;
-- md5 as a well-formed version-4 UUID (the app validates ids as RFC 9562 UUIDs).
create function pg_temp.u(k text) returns uuid language sql immutable as
  $$ select (substr(m, 1, 12) || '4' || substr(m, 14, 3) || '8' || substr(m, 18))::uuid from md5(k) m $$;
`;

/** pg_temp.h (a hash in [0, 1)) and pg_temp.u (a key's UUID) for this connection (use a one-connection client). */
export async function installHelpers(sql: postgres.Sql) {
  await sql.unsafe(HELPERS);
}

/** The tables whose user triggers (block refresh, client lock, NOTIFY) pause during the load. */
async function userTriggerTables(sql: postgres.Sql): Promise<string[]> {
  const rows = await sql<{ t: string }[]>`
    select distinct c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid
    join pg_namespace n on n.oid = c.relnamespace where not g.tgisinternal and n.nspname = 'public'`;
  return rows.map((r) => r.t);
}

export async function generate(sql: postgres.Sql, opts: { today: string; passwordHash: string; log: Log }) {
  const { today, passwordHash, log } = opts;
  const start = `'${today}'::date - ${D.daysBack}`;
  await installHelpers(sql);
  const tables = await userTriggerTables(sql);
  for (const t of tables) await sql.unsafe(`alter table "${t}" disable trigger user`);
  try {
    await sql.begin(async (tx) => {
      await accounts(tx, passwordHash);
      log("contas e negócios");
      await chainCatalogue(tx, today);
      log("catálogo da rede (serviços, profissionais, preços, horários)");
      await chainClients(tx);
      log(`${D.clients} clientes`);
      await chainAppointments(tx, today, start);
      log(`${D.appointments} agendamentos com seus serviços`);
      await chainComandas(tx, today);
      log(`${D.comandas} comandas fechadas hoje, com pagamentos e comissões`);
      await smallBusinesses(tx, today);
      log(`${D.businesses - 1} salões pequenos`);
      await auditAndConversations(tx);
      log(`${D.audit} registros de auditoria e ${D.conversations} conversas`);
      await invitationsAndNotifications(tx);
      log(`${D.invitations} convites (${D.pendingInvitations} pendentes) e ${D.notifications} notificações`);
      await blocks(tx);
      log("bloqueios dos profissionais (restrição de exclusão verificada) e contagens de serviços confirmados");
      // What the paused businesses trigger makes: each business's online booking page (switched on).
      await tx`select online_booking_ensure(id, name) from (select id, name from businesses order by created_at, id) b`;
      await tx`update business_online_booking set enabled = true`;
      log("páginas de agendamento online");
    });
  } finally {
    for (const t of tables) await sql.unsafe(`alter table "${t}" enable trigger user`);
  }
  // A database in use has been vacuumed by autovacuum: the visibility map lets counts scan indexes only.
  await sql`vacuum analyze`;
  log("vacuum analyze");
  return counts(sql);
}

async function accounts(tx: postgres.TransactionSql, passwordHash: string) {
  await tx`
    insert into users (id, email, password_hash, email_verified_at, full_name, contact_name, phone, registered)
    values (pg_temp.u('user-owner'), ${BENCH_ACCOUNTS.owner}, ${passwordHash}, now(), 'Carla Mendes', 'Carla Mendes', '(65) 99811-2233', true),
           (pg_temp.u('user-employee'), ${BENCH_ACCOUNTS.employee}, ${passwordHash}, now(), 'Rafael Souza', 'Rafael Souza', '(65) 99655-4411', true)`;
  await tx`
    insert into users (id, email, password_hash, email_verified_at, full_name, registered, created_at)
    select pg_temp.u('user-owner-' || n), 'dono' || n || '@bench.agenda.test', ${passwordHash}, now(), 'Dono do Salão ' || n, true,
           now() - (n % 700) * interval '1 day'
    from generate_series(1, ${D.businesses - 1}::int) n`;
  await tx`
    insert into user_roles (user_id, role_id)
    select u.id, r.id from users u join roles r on r.name = case when u.email = ${BENCH_ACCOUNTS.employee} then 'employee' else 'business_owner' end`;
  await tx`
    insert into businesses (id, name, description, phone, email, address, monthly_fee, booking_window_days, created_at)
    values (pg_temp.u('biz-0'), ${CHAIN_NAME}, 'Rede de salões e barbearias', '(65) 3322-4455', 'contato@redebelavista.com.br',
            'Av. Historiador Rubens de Mendonça, 1200 - Cuiabá - MT', 299.90, 90, now() - interval '2 years')`;
  await tx`
    insert into businesses (id, name, description, phone, monthly_fee, subscription_status, created_at)
    select pg_temp.u('biz-' || n), 'Salão Bench ' || n, 'Salão de bairro', '(65) 3' || lpad((n * 37 % 1000)::text, 3, '0') || '-' || lpad(n::text, 4, '0'),
           (array[99.90, 149.90, 199.90])[1 + n % 3], case when n % 20 = 0 then 'cancelled' else 'active' end,
           now() - (n % 700) * interval '1 day'
    from generate_series(1, ${D.businesses - 1}::int) n`;
  await tx`
    insert into user_business_roles (user_id, business_id, role)
    values (pg_temp.u('user-owner'), pg_temp.u('biz-0'), 'owner'), (pg_temp.u('user-employee'), pg_temp.u('biz-0'), 'employee')`;
  await tx`
    insert into user_business_roles (user_id, business_id, role)
    select pg_temp.u('user-owner-' || n), pg_temp.u('biz-' || n), 'owner' from generate_series(1, ${D.businesses - 1}::int) n`;
}

async function chainCatalogue(tx: postgres.TransactionSql, today: string) {
  const services = GROUPS.flatMap((g, gi) => g.services.map((s, si) => ({ ...s, key: `svc-0-${gi}-${si}` })));
  for (const s of services) {
    await tx`insert into services (id, business_id, user_id, name, description, duration_minutes)
      values (pg_temp.u(${s.key}), pg_temp.u('biz-0'), pg_temp.u('user-owner'), ${s.name}, ${s.description}, ${s.duration})`;
  }
  await tx`
    insert into professionals (id, business_id, name, email, phone, bio, active)
    select pg_temp.u('pro-0-' || p), pg_temp.u('biz-0'),
           (${FIRST_NAMES}::text[])[1 + (p * 7) % ${FIRST_NAMES.length}] || ' ' || (${LAST_NAMES}::text[])[1 + (p * 11 + 3) % ${LAST_NAMES.length}],
           'profissional' || p || '@redebelavista.com.br', '(65) 99' || lpad((p * 7919 % 1000)::text, 3, '0') || '-' || lpad((1000 + p)::text, 4, '0'),
           (array['Barbeiro', 'Cabeleireira', 'Manicure'])[1 + p / 10] || ' da rede.', true
    from generate_series(0, ${D.professionals - 1}::int) p`;
  const prices = GROUPS.flatMap((g, gi) => g.services.map((s, si) => ({ gi, si, price: s.price })));
  for (const { gi, si, price } of prices) {
    await tx`
      insert into professional_services (professional_id, service_id, price, business_id, user_id)
      select pg_temp.u('pro-0-' || p), pg_temp.u(${`svc-0-${gi}-${si}`}), round(${price} * (0.9 + 0.05 * (p % 5)), 2),
             pg_temp.u('biz-0'), pg_temp.u('user-owner')
      from generate_series(${gi * 10}::int, ${gi * 10 + 9}::int) p`;
  }
  await tx`
    insert into professional_weekly_schedules (professional_id, business_id, day_of_week, is_working, start_time, end_time)
    select pg_temp.u('pro-0-' || p), pg_temp.u('biz-0'), d, true, '08:00', '19:00'
    from generate_series(0, ${D.professionals - 1}::int) p, generate_series(0, 6) d`;
  await tx`
    insert into professional_breaks (professional_id, business_id, day_of_week, start_time, end_time, label)
    select pg_temp.u('pro-0-' || p), pg_temp.u('biz-0'), d, '12:00', '13:00', 'Almoço'
    from generate_series(0, ${D.professionals - 1}::int) p, generate_series(0, 6) d`;
  await tx`
    insert into business_hours (business_id, user_id, day_of_week, is_open, open_time, close_time)
    select pg_temp.u('biz-0'), pg_temp.u('user-owner'), d, true, '08:00', '19:00' from generate_series(0, 6) d`;
  // A chain that works on national holidays; its own closed days lie after the generated appointments.
  await tx`insert into business_holiday_settings (business_id, user_id, works_on_holidays) values (pg_temp.u('biz-0'), pg_temp.u('user-owner'), true)`;
  await tx`
    insert into business_holidays (business_id, user_id, holiday_name, holiday_date, is_working)
    values (pg_temp.u('biz-0'), pg_temp.u('user-owner'), 'Inventário anual', ${today}::date + ${D.daysAhead + 20}::int, false),
           (pg_temp.u('biz-0'), pg_temp.u('user-owner'), 'Confraternização da equipe', ${today}::date + ${D.daysAhead + 100}::int, false)`;
}

async function chainClients(tx: postgres.TransactionSql) {
  await tx`
    insert into clients (id, business_id, name, phone, email, created_at)
    select pg_temp.u('cli-0-' || i), pg_temp.u('biz-0'),
           (${FIRST_NAMES}::text[])[1 + i % ${FIRST_NAMES.length}] || ' '
             || (${LAST_NAMES}::text[])[1 + (i / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]
             || case when i % 3 = 0 then ' ' || (${LAST_NAMES}::text[])[1 + (i * 7) % ${LAST_NAMES.length}] else '' end,
           case when pg_temp.h('cli-phone-' || i) < 0.95
             then '(65) 9' || lpad((1000 + i * 7919 % 9000)::text, 4, '0') || '-' || lpad((i % 10000)::text, 4, '0') end,
           case when pg_temp.h('cli-mail-' || i) < 0.6 then 'cliente' || i || '@exemplo.com.br' end,
           now() - (i % 730) * interval '1 day'
    from generate_series(0, ${D.clients - 1}::int) i`;
}

/**
 * The chain's two years: of every (day, hourly slot, professional), the 200,000 with the lowest hash
 * are booked, so each professional has at most one appointment an hour and none at lunch. The 30
 * appointments of one slot go to 30 different clients (7919 is prime to 50,000), so no client is
 * ever in two places at once.
 */
async function chainAppointments(tx: postgres.TransactionSql, today: string, start: string) {
  const days = D.daysBack + D.daysAhead;
  await tx.unsafe(`
    create temp table plan on commit drop as
    select d, s, p, rn from (
      select d, s, p, row_number() over (order by r, d, s, p) as rn
      from (select d, s, p, pg_temp.h('slot-' || d || '-' || s || '-' || p) as r
            from generate_series(0, ${days - 1}::int) d, generate_series(0, ${SLOT_HOURS.length - 1}::int) s,
                 generate_series(0, ${D.professionals - 1}::int) p) x
    ) y where rn <= ${D.appointments}`);
  await tx.unsafe(`create temp table combos (grp int, idx int, n int, svc int[]) on commit drop`);
  for (const [gi, g] of GROUPS.entries()) {
    for (const [ci, c] of g.combos.entries()) {
      await tx`insert into combos values (${gi}, ${ci}, ${g.combos.length}, ${c as unknown as number[]})`;
    }
  }
  const hours = `array[${SLOT_HOURS.join(",")}]`;
  await tx.unsafe(`
    insert into appointments (id, business_id, client_id, date, time, status_id, source, user_id, created_at, updated_at)
    select pg_temp.u('apt-' || rn), pg_temp.u('biz-0'),
           pg_temp.u('cli-0-' || (((d::bigint * ${SLOT_HOURS.length} + s) * ${D.professionals} + p) * 7919 % ${D.clients})),
           ${start} + d, make_time((${hours})[s + 1], 0, 0),
           case when ${start} + d < '${today}'::date
                then case when st < 0.08 then 3 when st < 0.18 then 4 else 2 end
                else case when st < 0.05 then 3 when st < 0.45 then 1 else 2 end end,
           case when pg_temp.h('src-' || rn) < 0.12 then 'online' else 'staff' end,
           case when rn % 3 = 0 then pg_temp.u('user-employee') else pg_temp.u('user-owner') end,
           least(booked, now() - interval '1 hour'), least(booked, now() - interval '1 hour')
    from (select *, pg_temp.h('st-' || rn) as st,
                 ((${start} + d - (1 + (rn % 14))::int) + time '09:00') at time zone '${BUSINESS_TZ}' as booked
          from plan) p`);
  await tx.unsafe(`
    insert into appointment_services (appointment_id, service_id, professional_id, user_id, business_id)
    select pg_temp.u('apt-' || rn), pg_temp.u('svc-0-' || c.grp || '-' || v), pg_temp.u('pro-0-' || p),
           pg_temp.u('user-owner'), pg_temp.u('biz-0')
    from plan
    join combos c on c.grp = p / 10 and c.idx = floor(pg_temp.h('combo-' || rn) * c.n)::int
    cross join lateral unnest(c.svc) v`);
}

/**
 * The chain's day at the till (issue 53): 300 comandas closed today, 10 per professional, as
 * lib/comandas closes one: a service by the professional at 50 % (R$ 50 to R$ 80), a pomada at 10 %
 * in 1 of 3, a R$ 5 tip in 1 of 4, paid by Pix and cash, credit, debit, Pix or cash; 1 in 20
 * reversed today (its payments and entries negated).
 */
async function chainComandas(tx: postgres.TransactionSql, today: string) {
  await tx`insert into products (id, business_id, name, price_cents) values (pg_temp.u('prod-0-pomada'), pg_temp.u('biz-0'), 'Pomada modeladora', 4500)`;
  await tx.unsafe(`
    create temp table cplan on commit drop as
    select k, k % ${D.professionals} as p, 5000 + (k % 7) * 500 as svc, case when k % 3 = 0 then 4500 else 0 end as prod,
           case when k % 4 = 0 then 500 else 0 end as tip, k % 20 = 7 as reversed,
           ('${today}'::date + time '09:00' + k * interval '2 minutes') at time zone '${BUSINESS_TZ}' as closed_at
    from generate_series(0, ${D.comandas - 1}::int) k`);
  await tx.unsafe(`
    insert into comandas (id, business_id, status, total_cents, opened_by, opened_at, closed_by, closed_at, closed_on, reversed_by, reversed_at, reversal_reason)
    select pg_temp.u('cmd-' || k), pg_temp.u('biz-0'), case when reversed then 'reversed' else 'closed' end, svc + prod + tip,
           pg_temp.u('user-employee'), closed_at - interval '40 minutes', pg_temp.u('user-employee'), closed_at, '${today}'::date,
           case when reversed then pg_temp.u('user-owner') end, case when reversed then closed_at + interval '1 hour' end,
           case when reversed then 'Cobrança em duplicidade' end
    from cplan`);
  await tx.unsafe(`
    insert into comanda_lines (id, business_id, comanda_id, position, kind, service_id, product_id, name, professional_id, quantity, unit_cents)
    select pg_temp.u('cml-' || k || '-0'), pg_temp.u('biz-0'), pg_temp.u('cmd-' || k), 0, 'service', pg_temp.u('svc-0-' || (p / 10) || '-0'), null,
           'Serviço', pg_temp.u('pro-0-' || p), 1, svc from cplan
    union all
    select pg_temp.u('cml-' || k || '-1'), pg_temp.u('biz-0'), pg_temp.u('cmd-' || k), 1, 'product', null, pg_temp.u('prod-0-pomada'),
           'Pomada modeladora', pg_temp.u('pro-0-' || p), 1, prod from cplan where prod > 0`);
  await tx.unsafe(`insert into comanda_tips (business_id, comanda_id, professional_id, cents) select pg_temp.u('biz-0'), pg_temp.u('cmd-' || k), pg_temp.u('pro-0-' || p), tip from cplan where tip > 0`);
  // The payments: (method, cents, fee) per comanda, then the reversals' negated rows.
  await tx.unsafe(`
    create temp table cpay on commit drop as
    select k, reversed, closed_at, m.method, m.cents, m.fee from cplan,
      lateral (values
        (case k % 5 when 0 then 'pix' when 1 then 'credit' when 2 then 'debit' when 3 then 'pix' else 'cash' end,
         case when k % 5 = 0 then 3000 else svc + prod + tip end,
         case k % 5 when 1 then 319 when 2 then 150 else 0 end),
        ('cash', case when k % 5 = 0 then svc + prod + tip - 3000 else 0 end, 0)
      ) m(method, cents, fee)
    where m.cents > 0`);
  await tx.unsafe(`
    insert into comanda_payments (business_id, comanda_id, method, cents, reversal, fee_rate, user_id, created_at)
    select pg_temp.u('biz-0'), pg_temp.u('cmd-' || k), method, cents, 0, fee, pg_temp.u('user-employee'), closed_at from cpay
    union all
    select pg_temp.u('biz-0'), pg_temp.u('cmd-' || k), method, -cents, 1, fee, pg_temp.u('user-owner'), closed_at + interval '1 hour' from cpay where reversed`);
  // The commission entries: 50 % of the service, 10 % of the pomada, the tip whole; a reversal's negated.
  await tx.unsafe(`
    create temp table centry on commit drop as
    select k, p, reversed, closed_at, e.* from cplan,
      lateral (values
        (0, 'service', 'Serviço', svc, 'percent', 5000, svc / 2),
        (1, 'product', 'Pomada modeladora', prod, 'percent', 1000, prod / 10),
        (null, 'tip', 'Gorjeta', tip, null, null, tip)
      ) e(line, kind, description, base, rate_kind, rate_value, cents)
    where e.base > 0`);
  await tx.unsafe(`
    insert into commission_entries (business_id, professional_id, comanda_id, line_id, kind, occurred_on, description, base_cents, rate_kind, rate_value, cents, reversal, created_at)
    select pg_temp.u('biz-0'), pg_temp.u('pro-0-' || p), pg_temp.u('cmd-' || k), case when line is not null then pg_temp.u('cml-' || k || '-' || line) end,
           kind, '${today}'::date, description, base, rate_kind, rate_value, cents, 0, closed_at from centry
    union all
    select pg_temp.u('biz-0'), pg_temp.u('pro-0-' || p), pg_temp.u('cmd-' || k), case when line is not null then pg_temp.u('cml-' || k || '-' || line) end,
           kind, '${today}'::date, 'Estorno: ' || description, -base, rate_kind, rate_value, -cents, 1, closed_at + interval '1 hour' from centry where reversed`);
}

/** 999 neighbourhood salons: a few services and professionals, 30 clients, 60 days of bookings. */
async function smallBusinesses(tx: postgres.TransactionSql, today: string) {
  const S = D.small;
  const names = ["Corte", "Barba", "Escova", "Manicure"];
  const durations = [30, 30, 45, 40];
  await tx`
    insert into services (id, business_id, name, duration_minutes)
    select pg_temp.u('svc-' || n || '-' || k), pg_temp.u('biz-' || n), (${names}::text[])[k + 1], (${durations}::int[])[k + 1]
    from generate_series(1, ${D.businesses - 1}::int) n, generate_series(0, ${S.services - 1}::int) k`;
  await tx`
    insert into professionals (id, business_id, name, active)
    select pg_temp.u('pro-' || n || '-' || k), pg_temp.u('biz-' || n),
           (${FIRST_NAMES}::text[])[1 + (n + k * 5) % ${FIRST_NAMES.length}] || ' ' || (${LAST_NAMES}::text[])[1 + (n * 3 + k) % ${LAST_NAMES.length}], true
    from generate_series(1, ${D.businesses - 1}::int) n, generate_series(0, ${S.professionals - 1}::int) k`;
  await tx`
    insert into professional_services (professional_id, service_id, price, business_id)
    select pg_temp.u('pro-' || n || '-' || k), pg_temp.u('svc-' || n || '-' || j), 30 + j * 10 + k * 5, pg_temp.u('biz-' || n)
    from generate_series(1, ${D.businesses - 1}::int) n, generate_series(0, ${S.professionals - 1}::int) k, generate_series(0, ${S.services - 1}::int) j`;
  await tx`
    insert into business_hours (business_id, day_of_week, is_open, open_time, close_time)
    select pg_temp.u('biz-' || n), d, d <> 0, case when d <> 0 then time '09:00' end, case when d <> 0 then time '18:00' end
    from generate_series(1, ${D.businesses - 1}::int) n, generate_series(0, 6) d`;
  await tx`
    insert into clients (id, business_id, name, phone)
    select pg_temp.u('cli-' || n || '-' || k), pg_temp.u('biz-' || n),
           (${FIRST_NAMES}::text[])[1 + (n + k) % ${FIRST_NAMES.length}] || ' ' || (${LAST_NAMES}::text[])[1 + (n * 7 + k) % ${LAST_NAMES.length}],
           '(65) 98' || lpad((n % 1000)::text, 3, '0') || '-' || lpad(k::text, 4, '0')
    from generate_series(1, ${D.businesses - 1}::int) n, generate_series(0, ${S.clients - 1}::int) k`;
  // One visit a day at 10:00 (a Sunday's moves to the Monday, with another client and professional).
  await tx`
    insert into appointments (id, business_id, client_id, date, time, status_id)
    select pg_temp.u('apt-' || n || '-' || j), pg_temp.u('biz-' || n), pg_temp.u('cli-' || n || '-' || (j % ${S.clients})),
           day + case when extract(dow from day) = 0 then 1 else 0 end, '10:00',
           case when day >= ${today}::date then 1 when (n + j) % 9 = 0 then 3 else 2 end
    from generate_series(1, ${D.businesses - 1}::int) n, generate_series(0, ${S.appointments - 1}::int) j,
         lateral (select ${today}::date - ${S.appointments - 10}::int + j as day) x`;
  await tx`
    insert into appointment_services (appointment_id, service_id, professional_id, business_id)
    select pg_temp.u('apt-' || n || '-' || j), pg_temp.u('svc-' || n || '-' || (j % ${S.services})),
           pg_temp.u('pro-' || n || '-' || (j % ${S.professionals})), pg_temp.u('biz-' || n)
    from generate_series(1, ${D.businesses - 1}::int) n, generate_series(0, ${S.appointments - 1}::int) j`;
}

async function auditAndConversations(tx: postgres.TransactionSql) {
  const span = `interval '${D.daysBack} days'`;
  // Newest first over the two years; descriptions as the app writes them (a few with commas and quotes).
  await tx.unsafe(`
    insert into audit_logs (business_id, user_id, created_at, action_type, entity_type, entity_id, description, old_values, new_values)
    select pg_temp.u('biz-0'), case when i % 3 = 0 then pg_temp.u('user-employee') else pg_temp.u('user-owner') end,
           now() - ${span} * (i::double precision / ${D.audit}),
           act, ent, pg_temp.u('cli-0-' || c),
           case ent
             when 'appointment' then case act when 'CREATE' then 'Agendamento de "' || name || '" criado'
                                              when 'UPDATE' then 'Status do agendamento de "' || name || '" alterado para confirmado'
                                              else 'Agendamento de "' || name || '" excluído' end
             when 'client' then 'Cliente "' || name || '" ' || case act when 'CREATE' then 'criado' when 'UPDATE' then 'atualizado' else 'excluído' end
             when 'service' then 'Serviço "Corte, lavagem e ""finalização""" ' || case act when 'CREATE' then 'criado' when 'UPDATE' then 'atualizado' else 'excluído' end
             else 'Profissional "' || name || '" ' || case act when 'CREATE' then 'criado' when 'UPDATE' then 'atualizado' else 'excluído' end
           end,
           case when act <> 'CREATE' then jsonb_build_object('statusId', 1, 'name', name) end,
           case when act <> 'DELETE' then jsonb_build_object('statusId', 2, 'name', name) end
    from (select i, (i * 31) % ${D.clients} as c,
                 case when pg_temp.h('aud-a-' || i) < 0.5 then 'CREATE' when pg_temp.h('aud-a-' || i) < 0.85 then 'UPDATE' else 'DELETE' end as act,
                 case when pg_temp.h('aud-e-' || i) < 0.7 then 'appointment' when pg_temp.h('aud-e-' || i) < 0.9 then 'client'
                      when pg_temp.h('aud-e-' || i) < 0.96 then 'service' else 'professional' end as ent
          from generate_series(1, ${D.audit}::int) i) a
    cross join lateral (select cl.name as name from clients cl where cl.id = pg_temp.u('cli-0-' || a.c)) n`);
  await tx`
    insert into conversations (business_id, client_id, message, is_bot, created_at)
    select pg_temp.u('biz-0'), pg_temp.u('cli-0-' || ((i * 37) % ${D.clients})),
           case when bot then (${BOT_MESSAGES}::text[])[1 + i % ${BOT_MESSAGES.length}] else (${MESSAGES}::text[])[1 + i % ${MESSAGES.length}] end,
           bot, now() - ${D.daysBack} * interval '1 day' * (i::double precision / ${D.conversations})
    from (select i, pg_temp.h('conv-' || i) < 0.55 as bot from generate_series(1, ${D.conversations}::int) i) x`;
  await tx`
    insert into audit_logs (business_id, created_at, action_type, entity_type, description)
    select pg_temp.u('biz-' || n), now() - k * interval '3 days', 'CREATE', 'client', 'Cliente "Cliente ' || k || '" criado'
    from generate_series(1, ${D.businesses - 1}::int) n, generate_series(1, ${D.small.audit}::int) k`;
  await tx`
    insert into conversations (business_id, client_id, message, is_bot, created_at)
    select pg_temp.u('biz-' || n), pg_temp.u('cli-' || n || '-' || k), 'Olá! Tem horário amanhã?', k % 2 = 0, now() - k * interval '2 days'
    from generate_series(1, ${D.businesses - 1}::int) n, generate_series(0, ${D.small.conversations - 1}::int) k`;
}

/**
 * The platform's invitations and bells (issue 56: the shell reads both on every page). Invitations
 * over all 1,000 businesses to addresses of nobody here, the first `pendingInvitations - 3` pending
 * (invited over the last four weeks and valid for one, so three in four of those expired), and three pending for the
 * bench employee (never expiring, so the lookup returns rows; not the owner, whose banner would
 * change every measured page). Notifications about the businesses' appointments, newest first, and
 * each member's 'Marcar todas como lidas' of a little while ago: most are read.
 */
async function invitationsAndNotifications(tx: postgres.TransactionSql) {
  const others = D.invitations - 3;
  await tx`
    insert into business_invitations (id, business_id, email, role, status, invited_at, expires_at)
    select pg_temp.u('inv-' || i), pg_temp.u('biz-' || (i % ${D.businesses})), 'convidado' || i || '@exemplo.com.br',
           case when i % 7 = 0 then 'admin' else 'employee' end,
           case when i < ${D.pendingInvitations - 3} then 'pending' when pg_temp.h('inv-s-' || i) < 0.7 then 'accepted' else 'cancelled' end,
           now() - pg_temp.h('inv-t-' || i) * interval '28 days', now() - pg_temp.h('inv-t-' || i) * interval '28 days' + interval '7 days'
    from generate_series(0, ${others - 1}::int) i`;
  await tx`
    insert into business_invitations (id, business_id, email, role, status, expires_at)
    select pg_temp.u('inv-bench-' || n), pg_temp.u('biz-' || n), ${BENCH_ACCOUNTS.employee}, 'employee', 'pending', now() + interval '10 years'
    from generate_series(1, 3) n`;
  const small = (D.businesses - 1) * D.small.notifications;
  const chain = D.notifications - small;
  const kinds = `(array['online_booking', 'client_confirmed', 'client_cancelled', 'online_cancelled'])[1 + k % 4]`;
  await tx.unsafe(`
    insert into business_notifications (id, business_id, appointment_id, kind, created_at)
    select pg_temp.u('ntf-0-' || k), pg_temp.u('biz-0'), pg_temp.u('apt-' || (1 + k * 7919 % ${D.appointments})), ${kinds},
           now() - interval '${D.daysBack} days' * (k::double precision / ${chain})
    from generate_series(0, ${chain - 1}::int) k`);
  await tx.unsafe(`
    insert into business_notifications (id, business_id, appointment_id, kind, created_at)
    select pg_temp.u('ntf-' || n || '-' || k), pg_temp.u('biz-' || n), pg_temp.u('apt-' || n || '-' || (k % ${D.small.appointments})), ${kinds},
           now() - k * interval '6 hours'
    from generate_series(1, ${D.businesses - 1}::int) n, generate_series(0, ${D.small.notifications - 1}::int) k`);
  // The chain's owner read two hours ago (a dozen unread), its employee a day ago (the count stops at 99), the salons' owners three days ago.
  await tx`
    insert into notification_reads (user_id, business_id, read_at)
    select m.user_id, m.business_id,
           now() - case when m.business_id <> pg_temp.u('biz-0') then interval '3 days' when m.role = 'owner' then interval '2 hours' else interval '1 day' end
    from user_business_roles m`;
}

/** What refresh_appointment_blocks() (and the counts of 0010) would have written row by row, for every booking at once. */
async function blocks(tx: postgres.TransactionSql) {
  await tx`
    insert into appointment_professional_blocks (appointment_id, professional_id, business_id, period)
    select a.id, s.professional_id, a.business_id,
           tsrange(a.date + a.time, a.date + a.time + make_interval(mins => greatest(sum(coalesce(sv.duration_minutes, 60)), 1)::int))
    from appointments a
    join appointment_services s on s.appointment_id = a.id and s.professional_id is not null
    join services sv on sv.id = s.service_id
    where a.status_id <> 3
    group by a.id, s.professional_id, a.business_id, a.date, a.time`;
  // And what the confirmed-count triggers of migration 0010 would have kept.
  await tx`
    insert into confirmed_service_days (business_id, date, professional_id, service_id, confirmed)
    select s.business_id, a.date, s.professional_id, s.service_id, count(*)
    from appointment_services s join appointments a on a.id = s.appointment_id
    where a.status_id in (2, 4) and s.professional_id is not null
    group by s.business_id, a.date, s.professional_id, s.service_id`;
  await tx`
    insert into confirmed_service_totals (business_id, professional_id, service_id, confirmed)
    select business_id, professional_id, service_id, sum(confirmed) from confirmed_service_days group by 1, 2, 3`;
  // And the clients' counts of migration 0012 (with 0026's no-shows and 0029's billed visits and lines).
  await tx`
    insert into client_appointment_stats (client_id, business_id, appointments, last_date, no_shows, billed)
    select client_id, business_id, count(*), max(date), count(*) filter (where status_id = 5), count(*) filter (where status_id in (2, 4))
    from appointments group by client_id, business_id`;
  await tx`
    insert into client_billed_lines (client_id, business_id, professional_id, service_id, lines)
    select a.client_id, s.business_id, s.professional_id, s.service_id, count(*)
    from appointment_services s join appointments a on a.id = s.appointment_id
    where a.status_id in (2, 4) and s.professional_id is not null
    group by a.client_id, s.business_id, s.professional_id, s.service_id`;
  // And the per-day counts of migration 0014.
  await tx`
    insert into appointment_day_counts (business_id, date, status_id, appointments)
    select business_id, date, status_id, count(*) from appointments group by business_id, date, status_id`;
  // And the businesses' totals of migration 0015 (its own backfill ran on the empty tables).
  await tx`
    insert into business_totals (business_id, clients, conversations)
    select b.id, (select count(*) from clients c where c.business_id = b.id), (select count(*) from conversations v where v.business_id = b.id)
    from businesses b
    on conflict (business_id) do update set clients = excluded.clients, conversations = excluded.conversations`;
}

export async function counts(sql: postgres.Sql) {
  const [c] = await sql<Record<string, string>[]>`
    select (select count(*) from businesses) as businesses,
           (select count(*) from users) as users,
           (select count(*) from clients where business_id = pg_temp.u('biz-0')) as chain_clients,
           (select count(*) from appointments where business_id = pg_temp.u('biz-0')) as chain_appointments,
           (select count(*) from appointment_services where business_id = pg_temp.u('biz-0')) as chain_appointment_services,
           (select count(*) from professionals where business_id = pg_temp.u('biz-0')) as chain_professionals,
           (select count(*) from audit_logs where business_id = pg_temp.u('biz-0')) as chain_audit_logs,
           (select count(*) from conversations where business_id = pg_temp.u('biz-0')) as chain_conversations,
           (select count(*) from comandas where business_id = pg_temp.u('biz-0')) as chain_comandas,
           (select count(*) from appointments) as appointments,
           (select count(*) from business_invitations) as invitations,
           (select count(*) from business_invitations where status = 'pending') as pending_invitations,
           (select count(*) from business_notifications) as notifications,
           (select count(*) from clients) as clients,
           (select count(*) from appointment_professional_blocks) as professional_blocks`;
  return Object.fromEntries(Object.entries(c).map(([k, v]) => [k, Number(v)]));
}
