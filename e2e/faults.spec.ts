/**
 * Faults survived, on a private copy of the stack (e2e/fault-stack.ts: its own PostgreSQL and
 * production server, so killing them disturbs no other spec):
 * - the app killed (SIGKILL) in the middle of a burst of bookings and started again: every booking
 *   that was answered with success is there exactly once, and nothing is half-written;
 * - the database restarted under load: every answer is a clear Portuguese message (never a stack
 *   trace), pages show their error page, and the same app process serves again by itself, its
 *   realtime LISTEN included;
 * - the app restarted while an agenda is open and the data changed meanwhile: the open page
 *   catches up without a reload.
 */
import { LOGIN_REFUSED, allowConsoleErrors, expect, test, type Page } from "./fixtures";
import { UNAVAILABLE } from "../lib/core/actions/messages";
import { actionIds, actionRequest, actionResult, signIn } from "../bench/http";
import { nationalHolidayOn } from "../lib/appointments/rules/national-holidays";
import { addDays, dayOfWeek } from "../lib/core/time/business-date";
import { todayInBusiness } from "../lib/core/time/business-time";
import { startFaultStack, type FaultStack } from "./fault-stack";
import { expectToast, login, OWNER, PASSWORD, waitForRealtime } from "./support";

test.describe.configure({ mode: "serial" });
test.setTimeout(240_000);

let stack: FaultStack;
let cookie: string;
let businessId: string;
let ids: Map<string, string>;

type Catalog = { professionals: { id: string; serviceId: string }[]; clients: string[] };
let catalog: Catalog;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  stack = await startFaultStack();
  await stack.startApp();
  cookie = await signIn(stack.base, OWNER, PASSWORD);
  ids = actionIds();
  const [b] = await stack.sql<{ id: string }[]>`select id from businesses where name = 'Studio Bela Vista'`;
  businessId = b.id;
  // Each active professional with one service of theirs of at most 60 minutes.
  const pros = await stack.sql<{ id: string; service_id: string }[]>`
    select distinct on (p.id) p.id, ps.service_id
    from professionals p
    join professional_services ps on ps.professional_id = p.id
    join services s on s.id = ps.service_id
    where p.business_id = ${businessId} and p.active and s.duration_minutes <= 60
    order by p.id, s.duration_minutes, s.id`;
  const clients = await stack.sql<{ id: string }[]>`select id from clients where business_id = ${businessId} order by id`;
  catalog = { professionals: pros.map((p) => ({ id: p.id, serviceId: p.service_id })), clients: clients.map((c) => c.id) };
});

// A failed case prints the end of what the server said (the CI log is all a failure report keeps).
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) console.log(`Servidor (últimas linhas):\n${stack.output().slice(-6000)}`);
});

test.afterAll(async () => {
  await stack?.stop();
});

type Booking = { date: string; time: string; professionalId: string; serviceId: string; clientId: string };

/**
 * Bookings that do not collide with each other: Tuesdays to Fridays from `firstDay` days ahead
 * but national holidays (every active professional works then), one per professional per hour
 * outside lunch, each client at most once a day.
 */
function plan(firstDay: number, count: number): Booking[] {
  const out: Booking[] = [];
  const times = ["10:00", "11:00", "13:00", "14:00", "15:00", "16:00", "17:00"];
  for (let day = firstDay; out.length < count; day++) {
    const date = addDays(todayInBusiness(), day);
    if (![2, 3, 4, 5].includes(dayOfWeek(date)) || nationalHolidayOn(date)) continue;
    let client = 0;
    for (const time of times) {
      for (const p of catalog.professionals) {
        out.push({ date, time, professionalId: p.id, serviceId: p.serviceId, clientId: catalog.clients[client++ % catalog.clients.length] });
      }
    }
  }
  return out.slice(0, count);
}

type Answer = { status: number; body: string };

async function callAction(name: string, args: unknown, who = cookie): Promise<Answer> {
  const actionId = ids.get(`lib/appointments/actions.ts#${name}`);
  if (!actionId) throw new Error(`${name} não está no build`);
  const req = actionRequest(stack.base, who, { path: "/appointments", actionId, args });
  const res = await fetch(`${stack.base}${req.path}`, { method: "POST", headers: req.headers, body: req.body });
  return { status: res.status, body: await res.text() };
}

function book(b: Booking) {
  return callAction("createAppointmentAction", {
    businessId, client: { kind: "existing", id: b.clientId }, date: b.date, time: b.time,
    lines: [{ serviceId: b.serviceId, professionalId: b.professionalId }],
  });
}

/** Nothing half-written anywhere in the business: lines, blocks and audit rows match the appointments. */
async function expectNothingHalfWritten(since: Date) {
  const sql = stack.sql;
  const withoutLines = await sql`
    select a.id from appointments a where a.business_id = ${businessId}
    and not exists (select 1 from appointment_services s where s.appointment_id = a.id)`;
  expect(withoutLines, "agendamentos sem serviços").toEqual([]);
  const orphanLines = await sql`
    select s.id from appointment_services s left join appointments a on a.id = s.appointment_id where a.id is null`;
  expect(orphanLines, "serviços sem agendamento").toEqual([]);
  const orphanBlocks = await sql`
    select b.appointment_id from appointment_professional_blocks b left join appointments a on a.id = b.appointment_id where a.id is null`;
  expect(orphanBlocks, "bloqueios sem agendamento").toEqual([]);
  // Every professional of a live appointment has exactly its block, and nothing else has one.
  const blocksOff = await sql`
    with expected as (
      select distinct s.appointment_id, s.professional_id from appointment_services s
      join appointments a on a.id = s.appointment_id
      where a.business_id = ${businessId} and a.status_id <> 3 and s.professional_id is not null
    ), actual as (
      select appointment_id, professional_id from appointment_professional_blocks where business_id = ${businessId}
    )
    (select * from expected except select * from actual) union all (select * from actual except select * from expected)`;
  expect(blocksOff, "bloqueios diferentes dos serviços").toEqual([]);
  // Since the burst began: one CREATE audit row per new appointment, and none without its appointment.
  const created = await sql<{ id: string; audits: number }[]>`
    select a.id, (select count(*)::int from audit_logs l where l.entity_type = 'appointment' and l.action_type = 'CREATE' and l.entity_id = a.id) as audits
    from appointments a where a.business_id = ${businessId} and a.created_at >= ${since}`;
  expect(created.filter((r) => r.audits !== 1), "agendamentos sem exatamente uma auditoria de criação").toEqual([]);
  const auditWithout = await sql`
    select l.id from audit_logs l
    where l.business_id = ${businessId} and l.entity_type = 'appointment' and l.action_type = 'CREATE' and l.created_at >= ${since}
    and not exists (select 1 from appointments a where a.id = l.entity_id)`;
  expect(auditWithout, "auditoria sem o agendamento").toEqual([]);
  return created.length;
}

test("the app killed during a burst of bookings: every booking answered with success is there exactly once, none half-written", async () => {
  const bookings = plan(200, 120);
  const since = new Date(Date.now() - 1000);
  const succeeded: { booking: Booking; id: string }[] = [];
  const refused: string[] = [];
  let unanswered = 0;
  let killed = false;
  let next = 0;
  let killing: Promise<void> | undefined;

  const worker = async () => {
    while (!killed && next < bookings.length) {
      const b = bookings[next++];
      try {
        const answer = await book(b);
        const r = actionResult(answer.body) as { ok?: boolean; id?: string; error?: string } | null;
        if (r?.ok && r.id) succeeded.push({ booking: b, id: r.id });
        else refused.push(r?.error ?? `HTTP ${answer.status}`);
      } catch {
        unanswered += 1; // the connection died with the server: the outcome is unknown to the client
      }
      // Kill while the other workers' requests are in flight.
      if (succeeded.length >= 20 && !killing) {
        killed = true;
        killing = stack.killApp();
      }
    }
  };
  await Promise.all(Array.from({ length: 12 }, worker));
  await killing;

  expect(killed, "o servidor devia ter sido morto no meio da rajada").toBe(true);
  expect(unanswered, "pedidos em andamento quando o servidor morreu").toBeGreaterThan(0);
  expect(refused.filter((e) => e !== "Conflito de agenda"), `recusas inesperadas: ${refused.join(", ")}`).toEqual([]);

  await stack.startApp();

  for (const { booking: b, id } of succeeded) {
    const rows = await stack.sql<{ id: string }[]>`
      select a.id from appointments a join appointment_services s on s.appointment_id = a.id
      where a.business_id = ${businessId} and a.date = ${b.date} and a.time = ${b.time} and s.professional_id = ${b.professionalId}`;
    expect(rows.map((r) => r.id), `agendamento ${b.date} ${b.time}`).toEqual([id]);
  }
  const created = await expectNothingHalfWritten(since);
  // What was committed but never answered (the server died first) is whole too, and is all there is.
  expect(created).toBeGreaterThanOrEqual(succeeded.length);
  expect(created).toBeLessThanOrEqual(succeeded.length + unanswered);

  // The restarted server takes bookings again, with the session it issued before dying.
  const [again] = plan(230, 1);
  const r = actionResult((await book(again)).body);
  expect(r?.ok).toBe(true);
});

/** Reads server-sent events from /api/realtime into `events` until `stop` is called. */
function openStream(who: string) {
  const events: string[] = [];
  const controller = new AbortController();
  const done = (async () => {
    const res = await fetch(`${stack.base}/api/realtime`, { headers: { cookie: who }, signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) break;
      buffer += decoder.decode(value, { stream: true });
      const parts = buffer.split("\n\n");
      buffer = parts.pop()!;
      for (const part of parts) {
        const name = /^event: (.*)$/m.exec(part)?.[1];
        if (name) events.push(name);
      }
    }
  })().catch(() => {});
  return { events, stop: () => controller.abort(), done };
}

const LEAK = /ECONN|Failed query|postgres|at \S+ \(|\.ts:\d+|\.js:\d+|stack/i;

test("the database restarted under load: clear messages, never a stack trace, and the app recovers by itself", async ({ browser }) => {
  // The pages meanwhile fail (500, their error page), as this test means them to.
  allowConsoleErrors(/status of 500 \(Internal Server Error\)|Minified React error #441/);
  const appPid = stack.pid();
  const stream = openStream(cookie);
  await expect.poll(() => stream.events.includes("ready"), { timeout: 15_000 }).toBe(true);

  const bookings = plan(260, 400);
  let k = 0;
  const answers: { kind: "booking" | "read" | "page"; status: number; body: string; at: number }[] = [];
  let running = true;
  const today = todayInBusiness();
  const load = async (n: number) => {
    while (running) {
      const at = Date.now();
      try {
        if (n % 3 === 0) {
          const a = await book(bookings[k++ % bookings.length]);
          answers.push({ kind: "booking", ...a, at });
        } else if (n % 3 === 1) {
          const res = await fetch(`${stack.base}/api/live/appointments.days?${new URLSearchParams({ businessId, from: today, to: addDays(today, 6) })}`, { headers: { cookie } });
          answers.push({ kind: "read", status: res.status, body: await res.text(), at });
        } else {
          const res = await fetch(`${stack.base}/clients`, { headers: { cookie } });
          answers.push({ kind: "page", status: res.status, body: await res.text(), at });
        }
      } catch (e) {
        answers.push({ kind: "page", status: 0, body: String(e), at });
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const workers = [0, 1, 2, 3, 4, 5].map(load);

  await new Promise((r) => setTimeout(r, 1500));
  const down = Date.now();
  await stack.stopDatabase();

  // A page opened while the database is away shows the error page, in Portuguese.
  const context = await browser.newContext({ baseURL: stack.base, locale: "pt-BR", timezoneId: "America/Cuiaba" });
  const page = await context.newPage();
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name, value, url: stack.base }]);
  await page.goto("/clients");
  await expect(page.getByText("Erro ao carregar dados")).toBeVisible();
  await expect(page.getByText("Não foi possível mostrar esta página agora. Tente de novo em instantes.")).toBeVisible();
  await expect(page.locator("body")).not.toContainText(/Application error|ECONN|Failed query/);

  await new Promise((r) => setTimeout(r, 2000));
  await stack.startDatabase();
  const up = Date.now();

  // Back by itself: each kind of request succeeds again, with no restart of the app.
  const okSince = (kind: string) =>
    answers.some((a) => a.kind === kind && a.at > up && (kind === "booking" ? actionResult(a.body)?.ok === true : a.status === 200));
  await expect.poll(() => ["booking", "read", "page"].every(okSince), { timeout: 30_000 }).toBe(true);
  running = false;
  await Promise.all(workers);
  expect(stack.pid()).toBe(appPid);

  const during = answers.filter((a) => a.at >= down && a.at < up);
  const failedActions = during.filter((a) => (a.kind === "booking" && actionResult(a.body)?.ok === false) || (a.kind === "read" && a.status !== 200));
  const failedPages = during.filter((a) => a.kind === "page" && a.status !== 200);
  expect(failedActions.length, "ações que falharam com o banco parado").toBeGreaterThan(0);
  expect(failedPages.length, "páginas que falharam com o banco parado").toBeGreaterThan(0);
  for (const a of answers) {
    if (a.kind === "page") {
      expect([200, 500], a.body.slice(0, 300)).toContain(a.status);
      expect(a.body).not.toMatch(/ECONN|Failed query|at \S+ \(\S+:\d+:\d+\)/);
      continue;
    }
    if (a.kind === "read") {
      // A live read answers its data, or 503 with the one JSON error shape: its title and what happened.
      expect([200, 503], a.body.slice(0, 300)).toContain(a.status);
      if (a.status === 200) continue;
      const e = JSON.parse(a.body) as { error: string; description?: string };
      expect(e.error).toMatch(/^Erro ao /);
      expect(e.description).toBe(UNAVAILABLE);
      expect(`${e.error} ${e.description}`).not.toMatch(LEAK);
      continue;
    }
    // Every action answers with the pipeline's result, never an HTTP error or a trace.
    expect(a.status, a.body.slice(0, 300)).toBe(200);
    const r = actionResult(a.body) as { ok: boolean; error?: string; description?: string } | null;
    expect(r, a.body.slice(0, 300)).not.toBeNull();
    if (r!.ok) continue;
    if (r!.error === "Conflito de agenda") continue;
    // The action's own title (the spec's 'Erro ao …') and what happened, in Portuguese.
    expect(r!.error).toMatch(/^Erro ao /);
    expect(r!.description).toBe(UNAVAILABLE);
    expect(`${r!.error} ${r!.description}`).not.toMatch(LEAK);
  }

  // The error page's 'Tentar novamente' brings the page back once the database is there, with
  // the same session cookie (see the next test).
  await page.getByRole("button", { name: "Tentar novamente" }).click();
  await expect(page.getByRole("heading", { name: "Clientes", exact: true })).toBeVisible();
  await context.close();

  // The realtime stream that stayed open through the restart goes on: a change made now arrives on
  // it, heard live once its LISTEN is back, or read from the change log when the LISTEN comes back.
  const before = stream.events.filter((e) => e === "change").length;
  await stack.sql`update businesses set description = ${`Depois do reinício ${Date.now()}`} where id = ${businessId}`;
  await expect.poll(() => stream.events.filter((e) => e === "change").length, { timeout: 15_000 }).toBeGreaterThan(before);
  stream.stop();
  await stream.done;
  await expectNothingHalfWritten(new Date(down - 5000));
});

test("a page opened while the database is away keeps its user signed in", async ({ browser }) => {
  // Pages fail meanwhile (500, their error page) and a login tried meanwhile is refused: both on purpose.
  allowConsoleErrors(/status of 500 \(Internal Server Error\)|Minified React error #441/);
  allowConsoleErrors(LOGIN_REFUSED);
  // The jwt callback of lib/auth/options.ts reads the database on every /api/auth/session call
  // the page makes; while the database is away it keeps the token instead of failing, which would
  // make next-auth delete the session cookie and sign out everyone who loads a page meanwhile.
  const context = await browser.newContext({ baseURL: stack.base, locale: "pt-BR", timezoneId: "America/Cuiaba" });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name, value, url: stack.base }]);
  const page = await context.newPage();
  // A visitor on the login page meanwhile.
  const visitor = await browser.newContext({ baseURL: stack.base, locale: "pt-BR", timezoneId: "America/Cuiaba" });
  const loginPage = await visitor.newPage();
  await loginPage.goto("/auth");
  await stack.stopDatabase();
  try {
    await page.goto("/clients");
    await expect(page.getByText("Erro ao carregar dados")).toBeVisible();
    // Logging in meanwhile says so in Portuguese (never the driver's words) and keeps what was typed.
    await loginPage.getByLabel("E-mail").fill(OWNER);
    await loginPage.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await loginPage.getByRole("button", { name: "Entrar", exact: true }).click();
    await expectToast(loginPage, "Erro no login", UNAVAILABLE);
    await expect(loginPage).toHaveURL(/\/auth$/);
    await expect(loginPage.getByLabel("E-mail")).toHaveValue(OWNER);
    await expect(loginPage.getByLabel("Senha", { exact: true })).toHaveValue(PASSWORD);
  } finally {
    await stack.startDatabase();
  }
  // The pool's connections come back one by one (backoff up to 5 s each): allow a busy CI machine a minute.
  await expect.poll(async () => (await fetch(`${stack.base}/clients`, { headers: { cookie } })).status, { timeout: 60_000 }).toBe(200);
  expect((await context.cookies()).map((c) => c.name)).toContain(name);
  await page.getByRole("button", { name: "Tentar novamente" }).click();
  await expect(page.getByRole("heading", { name: "Clientes", exact: true })).toBeVisible();
  await context.close();
  // The same form, sent again, signs in.
  await loginPage.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(loginPage).not.toHaveURL(/\/auth(\?|$)/, { timeout: 20_000 });
  await visitor.close();
});

function daySection(page: Page, date: string) {
  return page.locator(`section[data-date="${date}"]`);
}

/** The month cards and the loaded days' counts, as the page shows them. */
async function figures(page: Page) {
  const cards: Record<string, string> = {};
  for (const label of ["total", "confirmados", "pendentes", "cancelados"]) cards[label] = (await page.getByTestId(`month-${label}`).innerText()).trim();
  const days = await page.getByTestId("day-section").evaluateAll((sections) =>
    sections.map((s) => `${s.getAttribute("data-date")}: ${s.querySelector("[data-testid=day-count]")?.textContent?.trim()}`),
  );
  return { cards, days };
}

test("the app restarted while the agenda is open: the page catches up on what changed meanwhile, without a reload", async ({ browser }) => {
  // While the app is down whatever the page was loading breaks (its live stream, the sidebar's
  // prefetches) and what it tries again is refused.
  allowConsoleErrors(/net::ERR_(INCOMPLETE_CHUNKED_ENCODING|CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE)/);
  const context = await browser.newContext({ baseURL: stack.base, locale: "pt-BR", timezoneId: "America/Cuiaba" });
  const page = await context.newPage();
  await login(page, OWNER);
  await page.goto("/appointments");
  const today = todayInBusiness();
  // The first day from today with two live appointments, in the week the page loads at once.
  const [day] = await stack.sql<{ date: string }[]>`
    select to_char(date, 'YYYY-MM-DD') as date from appointments
    where business_id = ${businessId} and date between ${today} and ${addDays(today, 6)} and status_id <> 3
    group by date having count(*) >= 2 order by date limit 1`;
  const [gone, cancelled] = await stack.sql<{ id: string; name: string }[]>`
    select a.id, c.name from appointments a join clients c on c.id = a.client_id
    where a.business_id = ${businessId} and a.date = ${day.date} and a.status_id <> 3
    order by a.time, a.id limit 2`;
  const cards = daySection(page, day.date).getByTestId("appointment-card");
  await expect(cards.first()).toBeVisible();
  await expect(cards.filter({ hasText: gone.name }).first()).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  const shown = await cards.count();

  await stack.killApp();
  // Meanwhile, as another app instance would: a new appointment, one deleted, one cancelled.
  const newcomer = `Cliente Sem Aviso ${Date.now()}`;
  const [client] = await stack.sql<{ id: string }[]>`
    insert into clients (business_id, name, phone) values (${businessId}, ${newcomer}, '65 99000-0000') returning id`;
  const [a] = await stack.sql<{ id: string }[]>`
    insert into appointments (business_id, client_id, date, time) values (${businessId}, ${client.id}, ${day.date}, '21:30') returning id`;
  const [pro] = catalog.professionals;
  await stack.sql`insert into appointment_services (appointment_id, service_id, professional_id, business_id)
    values (${a.id}, ${pro.serviceId}, ${pro.id}, ${businessId})`;
  await stack.sql`delete from appointments where id = ${gone.id}`;
  await stack.sql`update appointments set status_id = 3 where id = ${cancelled.id}`;
  await stack.startApp();

  await expect(cards.filter({ hasText: newcomer })).toHaveCount(1, { timeout: 30_000 });
  await expect(cards).toHaveCount(shown);
  const [left] = await stack.sql<{ n: number }[]>`
    select count(*)::int as n from appointments a join clients c on c.id = a.client_id
    where a.business_id = ${businessId} and a.date = ${day.date} and c.name = ${gone.name}`;
  await expect(cards.filter({ hasText: gone.name })).toHaveCount(left.n);
  await expect(cards.filter({ hasText: cancelled.name }).getByRole("button", { name: /^Status: Cancelado/ })).toBeVisible();

  // The month cards and every day's count are what a fresh page shows now.
  const fresh = await context.newPage();
  await fresh.goto("/appointments");
  await expect(daySection(fresh, day.date).getByTestId("appointment-card").filter({ hasText: newcomer })).toHaveCount(1);
  // Read both pages at each try: the fresh one adds its later days once hydrated, so a copy of it
  // taken once, too early, could never match (CI saw that once).
  await waitForRealtime(fresh);
  await expect.poll(async () => {
    const [mine, want] = [await figures(page), await figures(fresh)];
    return JSON.stringify(mine) === JSON.stringify(want) ? "the same" : { mine, want };
  }).toBe("the same");
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await context.close();
});
