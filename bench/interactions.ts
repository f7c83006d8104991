/**
 * `npm run bench`'s interactions: what a person waits for after a click or a key, in Chromium on
 * the production build and the benchmark's data. Each measure is timed in the page, from the input
 * event to the frame that shows its result (bench/interaction-probe.ts), over `tries` page loads:
 * each in a new browser context (empty cache, as on a first visit), waited on until the page has
 * settled (the live stream is up, nothing in flight), then the interaction once ("first": the code
 * it needs may not have been used on this page yet) and once more ("repeat").
 */
import type { Browser, Page } from "@playwright/test";
import { signedInContext } from "./browser";
import { percentile } from "./http";
import { arm, result, type Condition } from "./interaction-probe";
import { watchActivity, type PageActivity } from "./page-activity";
import { SEARCH_TERMS } from "./workload";

/** The "good" bound of Interaction to Next Paint: every measure's p95, first and repeat. */
export const INTERACTION_BUDGET_MS = 200;

type Run = { page: Page; activity: PageActivity; load: number };
type Measures = Record<string, number>;

type Interaction = {
  name: string;
  /** The page each load opens. */
  path: (load: number) => string;
  /** One try: the measures it took (ms), keyed by measure name. `repeat` is the page's second try. */
  run: (r: Run, repeat: boolean) => Promise<Measures>;
};

export type InteractionOptions = {
  browser: Browser;
  base: string;
  cookie: string;
  tries: number;
  /** The first load's number (default 0): the sidebar's screens and the search terms cycle with it. */
  offset?: number;
  /** How long the pointer rests on a sidebar link before pressing it, in the `sidebar` measure. */
  hoverMs: number;
  /** Called with an appointment whose status the run is about to change, before it does. */
  changingStatus: (appointmentId: string) => Promise<void>;
  log?: (line: string) => void;
  /** Only these interactions (by name); all when empty. */
  only?: string[];
  /** The walk-in's days (one per load, open and free of bookings), the part of a regular's name typed, and the professional of her last visit (whose column is clicked). */
  walkIn: { date: (load: number) => string; client: string; professional: string };
};

const DIALOG = '[role="dialog"]';

/** Clicks `target` with the probe armed for `conditions`; the time from pointerdown to the frame that shows them. */
async function timedClick(r: Run, target: ReturnType<Page["locator"]>, conditions: Condition[]): Promise<number> {
  // Scrolling can bring days into view that the agenda then loads: that is not the click's work.
  await target.scrollIntoViewIfNeeded();
  await r.activity.settled();
  await arm(r.page, "pointerdown", conditions);
  await target.click();
  return result(r.page);
}

/** A dialog opened by `trigger`, first and again after closing it with Escape. */
function dialog(name: string, path: string, title: string, trigger: (page: Page) => ReturnType<Page["locator"]>): Interaction {
  return {
    name,
    path: () => path,
    async run(r, repeat) {
      if (repeat) {
        await r.page.keyboard.press("Escape");
        await r.page.locator(DIALOG).waitFor({ state: "detached" }).catch(() => r.page.locator(DIALOG).waitFor({ state: "hidden" }));
        await r.activity.settled();
      }
      const ms = await timedClick(r, trigger(r.page), [{ visible: DIALOG, text: title }]);
      return { [name]: ms };
    },
  };
}

function statusChange(changingStatus: InteractionOptions["changingStatus"]): Interaction {
  const TOGGLE: Record<string, string> = { Pendente: "Confirmado", Confirmado: "Pendente" };
  return {
    name: "status",
    path: () => "/appointments",
    async run(r) {
      // The first card that is pending or confirmed: the try moves it to the other of the two, so
      // a page's two tries leave it as it was (the run also notes it, to put it back after a failure).
      const choice = 'button[aria-label^="Status: Pendente."], button[aria-label^="Status: Confirmado."]';
      const card = r.page.locator('[data-testid="appointment-card"]').filter({ has: r.page.locator(choice) }).first();
      const badge = card.locator(choice);
      const id = (await card.getAttribute("data-appointment-id"))!;
      const from = /^Status: (\w+)\./.exec((await badge.getAttribute("aria-label"))!)![1];
      const to = TOGGLE[from];
      await changingStatus(id);
      const menu = await timedClick(r, badge, [{ visible: '[role="menu"]' }]);
      const change = await timedClick(r, r.page.getByRole("menuitem", { name: to }), [
        { visible: `[data-appointment-id="${id}"] button[aria-label^="Status: ${to}."]` },
      ]);
      await r.activity.settled();
      return { status_menu: menu, status_change: change };
    },
  };
}

/**
 * How far apart the keys of a typed term come: a person's pace (~100–250 ms). Typed as a burst
 * (Playwright's default), the measure timed a script's typing, which no receptionist does.
 */
const KEY_GAP_MS = 150;

/** Typing a term into Clientes' search box: from the last key to the page showing its results. */
const clientSearch: Interaction = {
  name: "client_search",
  path: () => "/clients",
  async run(r, repeat) {
    // Terms typed key by key (Playwright types other characters without key events).
    const terms = SEARCH_TERMS.filter((t) => /^[a-z0-9]+$/.test(t));
    const term = terms[(2 * r.load + (repeat ? 1 : 0)) % terms.length];
    const box = r.page.getByRole("searchbox", { name: "Buscar clientes" });
    await box.click();
    await box.press("ControlOrMeta+a");
    await arm(r.page, "keydown", [{ path: "/clients", q: term }, { absent: 'input[type="search"] ~ svg.animate-spin' }]);
    await r.page.keyboard.type(term, { delay: KEY_GAP_MS });
    const ms = await result(r.page);
    await r.activity.settled();
    return { client_search: ms };
  },
};

const SCREENS: { path: string; title: string }[] = [
  { path: "/appointments", title: "Agenda Inteligente" },
  { path: "/clients", title: "Clientes" },
  { path: "/services", title: "Serviços" },
  { path: "/professionals", title: "Profissionais" },
  { path: "/business-hours", title: "Horários de Funcionamento" },
  { path: "/allocation-viewer", title: "Visor de Alocação" },
  { path: "/reports/dashboard", title: "Dashboard" },
];

/**
 * A sidebar click to the next screen (each load starts on another), then back to the first one.
 * With `hoverMs`, the pointer first rests on the link that long, as a person's does before the
 * button goes down (the bench waits for it on purpose: it is the person, not the page); with 0, the
 * button goes down as the pointer arrives.
 */
function sidebar(name: string, hoverMs: number): Interaction {
  return {
    name,
    path: (load) => SCREENS[load % SCREENS.length].path,
    async run(r, repeat) {
      const from = SCREENS[r.load % SCREENS.length];
      const to = repeat ? from : SCREENS[(r.load + 1) % SCREENS.length];
      const link = r.page.locator(`aside nav a[href="${to.path}"]`);
      await link.scrollIntoViewIfNeeded();
      await r.activity.settled();
      await arm(r.page, "pointerdown", [{ path: to.path }, { visible: "main h1", text: to.title }]);
      if (hoverMs > 0) {
        await link.hover();
        await r.page.waitForTimeout(hoverMs);
      }
      await link.click();
      const ms = await result(r.page);
      await r.activity.settled();
      return { [name]: ms };
    },
  };
}

/** 'Dias anteriores' on the agenda: from the click to the earlier days on the page. */
const earlierDays: Interaction = {
  name: "earlier_days",
  path: () => "/appointments",
  async run(r) {
    const days = await r.page.locator('[data-testid="day-section"]').count();
    const button = r.page.getByRole("button", { name: "Dias anteriores" });
    const ms = await timedClick(r, button, [{ count: '[data-testid="day-section"]', atLeast: days + 1 }]);
    await r.activity.settled();
    return { earlier_days: ms };
  },
};

/**
 * A receptionist's walk-in from the grid (issue 52: at most 4 actions): a click on a free cell of
 * the column of a regular's usual professional (Novo Agendamento opens with the professional and the
 * time, the client's box focused), her name typed, her row picked (the services of her last visit
 * are ticked), 'Criar Agendamento'. Each action's wait is a measure,
 * and `walk_in` their sum: what the receptionist waited for in all. The day is one with no other
 * booking (bench.ts deletes the run's bookings), so each try finds its cells free; the repeat takes
 * a later hour.
 */
function walkIn(w: InteractionOptions["walkIn"]): Interaction {
  return {
    name: "walk_in",
    path: (load) => `/appointments/grade?dia=${w.date(load)}`,
    async run(r, repeat) {
      const page = r.page;
      const body = page.locator(`[data-testid="grid-column"][data-professional="${w.professional}"]`).getByTestId("grid-body");
      await body.scrollIntoViewIfNeeded();
      const box = (await body.boundingBox())!;
      const hour = await body.evaluate((el) => parseFloat(getComputedStyle(el.closest("[data-testid=appointments-grid]")!).getPropertyValue("--hour-height")));
      const blocks = await page.getByTestId("grid-block").count();
      await r.activity.settled();
      // 1. The cell, two (or five) hours after opening.
      await arm(page, "pointerdown", [{ visible: DIALOG, text: "Novo Agendamento" }, { visible: `${DIALOG} input[role="combobox"]:focus` }]);
      await page.mouse.click(box.x + box.width / 2, box.y + (repeat ? 5 : 2) * hour + 4);
      const open = await result(page);
      // 2. The name, typed at a person's pace into the focused box: from its last key to her row listed.
      await arm(page, "keydown", [{ visible: '[role="option"]', text: w.client }, { absent: `${DIALOG} .animate-spin` }]);
      await page.keyboard.type(w.client, { delay: KEY_GAP_MS });
      const search = await result(page);
      // 3. Her row: the list closes, her last visit's services ticked.
      const pick = await timedClick(r, page.getByRole("option", { name: new RegExp(w.client) }).first(), [{ absent: '[role="listbox"]' }, { visible: '[data-testid="usual-services"]' }]);
      // 4. Saved: the dialog gone and one more block in the grid.
      const save = await timedClick(r, page.getByRole("dialog").getByRole("button", { name: "Criar Agendamento" }), [
        { absent: DIALOG },
        { count: '[data-testid="grid-block"]', atLeast: blocks + 1 },
      ]).catch(async (e: Error) => {
        // A refused save names its reason in the dialog.
        throw new Error(`${e.message} · ${(await page.locator(DIALOG).innerText().catch(() => "")).replace(/\s+/g, " ").slice(0, 700)}`);
      });
      await r.activity.settled();
      return { walk_in_open: open, walk_in_search: search, walk_in_pick: pick, walk_in_save: save, walk_in: open + search + pick + save };
    },
  };
}

function interactions(o: InteractionOptions): Interaction[] {
  return [
    dialog("new_appointment_dialog", "/appointments", "Novo Agendamento", (p) => p.getByRole("button", { name: /^Novo agendamento em/ }).first()),
    dialog("new_client_dialog", "/clients", "Novo Cliente", (p) => p.getByRole("button", { name: "Novo Cliente" })),
    statusChange(o.changingStatus),
    clientSearch,
    sidebar("sidebar", o.hoverMs),
    sidebar("sidebar_without_rest", 0),
    earlierDays,
    walkIn(o.walkIn),
  ];
}

type Summary = { tries: number; p50_ms: number; p95_ms: number; max_ms: number; samples_ms: number[] };

function summary(samples: number[]): Summary | null {
  if (!samples.length) return null;
  const s = [...samples].sort((a, b) => a - b);
  return { tries: s.length, p50_ms: percentile(s, 50), p95_ms: percentile(s, 95), max_ms: s[s.length - 1], samples_ms: samples.map(Math.round) };
}

export type InteractionResult = {
  name: string;
  first: Summary | null;
  repeat: Summary | null;
  /** Median count of scripts the first try had to request (0: its code was already there). */
  first_scripts_median: number | null;
  budget_p95_ms: number;
  errors: string[];
};

/** Opens `path` in a fresh context and waits until it has settled: hydrated, stream live, nothing in flight. */
async function freshPage(o: InteractionOptions, path: string): Promise<{ page: Page; activity: PageActivity; close: () => Promise<void> }> {
  const context = await signedInContext(o.browser, o.base, o.cookie);
  const page = await context.newPage();
  const activity = watchActivity(page);
  await page.goto(`${o.base}${path}`);
  await page.locator('html[data-realtime="live"]').waitFor({ state: "attached" });
  await activity.settled();
  return { page, activity, close: () => context.close() };
}

export async function measureInteractions(o: InteractionOptions): Promise<InteractionResult[]> {
  const log = o.log ?? console.log;
  const samples = new Map<string, { first: number[]; repeat: number[]; scripts: number[]; errors: string[] }>();
  const of = (name: string) => samples.get(name) ?? samples.set(name, { first: [], repeat: [], scripts: [], errors: [] }).get(name)!;
  for (const it of interactions(o).filter((i) => !o.only?.length || o.only.includes(i.name))) {
    log(`▶ ${it.name}…`);
    for (let load = o.offset ?? 0; load < (o.offset ?? 0) + o.tries; load++) {
      const fresh = await freshPage(o, it.path(load));
      const r = { page: fresh.page, activity: fresh.activity, load };
      try {
        for (const repeat of [false, true]) {
          const before = fresh.activity.scripts();
          const measures = await it.run(r, repeat);
          for (const [name, ms] of Object.entries(measures)) {
            const s = of(name);
            (repeat ? s.repeat : s.first).push(ms);
            if (!repeat) s.scripts.push(fresh.activity.scripts() - before);
          }
        }
      } catch (e) {
        of(it.name).errors.push(String((e as Error).message ?? e).split("\n")[0]);
      } finally {
        await fresh.close();
      }
    }
  }
  const out: InteractionResult[] = [];
  for (const [name, s] of samples) {
    const scripts = [...s.scripts].sort((a, b) => a - b);
    const r = { name, first: summary(s.first), repeat: summary(s.repeat), first_scripts_median: scripts.length ? percentile(scripts, 50) : null, budget_p95_ms: INTERACTION_BUDGET_MS, errors: s.errors };
    log(`  ${name}: primeira p50 ${r.first?.p50_ms} p95 ${r.first?.p95_ms} · repetida p50 ${r.repeat?.p50_ms} p95 ${r.repeat?.p95_ms} · scripts na primeira ${r.first_scripts_median}${s.errors.length ? ` · ${s.errors.length} erros` : ""}`);
    out.push(r);
  }
  return out;
}
