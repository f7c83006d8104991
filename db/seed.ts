/**
 * Demo data: two businesses, their team, catalogue, clients and ~45 days of agenda around today.
 * Idempotent (nothing happens when dono@exemplo.com.br already exists) and all-or-nothing (one
 * transaction). Appointments are planned in memory, deterministically, so they never break the
 * overlap rules of migration 0001_booking_guarantees.sql.
 */
import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { STATUS, statusName } from "../lib/appointments/status";
import { hashPassword } from "../lib/auth/password";
// The app's own business-time rules (pure modules), so the demo's days are the agenda's days.
import { addDays, dayOfWeek } from "../lib/core/time/business-date";
import { businessDateTimeToInstant, todayInBusiness } from "../lib/core/time/business-time";
import { fromMinutes, toMinutes } from "../lib/core/time/overlap";
import { db, type Db, type Tx } from "./index";
import {
  appointmentServices, appointments, auditLogs, businessHolidaySettings, businessHolidays, businessHours,
  businesses, clients, conversations, professionalBreaks, professionalServices, professionals,
  professionalWeeklySchedules, roles, saasConfig, services, userBusinessRoles, userRoles, users,
} from "./schema";

// ───────────────────────────── data tables ─────────────────────────────

export const DEMO_PASSWORD = "agenda123";
export const DEMO_EMAILS = {
  owner: "dono@exemplo.com.br",
  employee: "colaborador@exemplo.com.br",
  admin: "admin@exemplo.com.br",
  otherOwner: "outro@exemplo.com.br",
} as const;
type AccountKey = keyof typeof DEMO_EMAILS;

const ACCOUNTS: { key: AccountKey; fullName: string; phone: string; role: string }[] = [
  { key: "owner", fullName: "Carla Mendes", phone: "(65) 99811-2233", role: "business_owner" },
  { key: "employee", fullName: "Rafael Souza", phone: "(65) 99655-4411", role: "employee" },
  { key: "admin", fullName: "Administrador Agenda", phone: "(65) 3025-1000", role: "saas_admin" },
  { key: "otherOwner", fullName: "Paulo Lima", phone: "(65) 99933-7788", role: "business_owner" },
];

const PAST_STATUSES: [number, number][] = [[STATUS.concluido, 69], [STATUS.faltou, 6], [STATUS.confirmado, 10], [STATUS.cancelado, 15]];
const FUTURE_STATUSES: [number, number][] = [[STATUS.pendente, 50], [STATUS.confirmado, 50]];

const DAYS_BACK = 30;
const DAYS_AHEAD = 14;
/** Appointments start on the hour or half hour, from 08:00 to 18:00. */
const FIRST_SLOT = 8 * 60;
const LAST_SLOT = 18 * 60;
const DEFAULT_DURATION = 60;
const CLIENT_BLOCK = 60;

/** Index 0 = Sunday … 6 = Saturday; null = closed / day off. */
type Week = ({ open: string; close: string } | null)[];
const weekdays = (open: string, close: string) => Array.from({ length: 5 }, () => ({ open, close }));

const SALON_HOURS: Week = [null, ...weekdays("08:00", "19:00"), { open: "08:00", close: "14:00" }];
const STANDARD_SHIFT: Week = [null, ...weekdays("09:00", "18:00"), { open: "09:00", close: "13:00" }];
const LATE_SHIFT: Week = [null, null, ...weekdays("10:00", "19:00").slice(1), { open: "08:00", close: "14:00" }];
const BARBER_HOURS: Week = [null, ...weekdays("09:00", "19:00"), { open: "08:00", close: "14:00" }];
const LUNCH = { start: "12:00", end: "13:00", label: "Almoço" };

interface ServiceSeed { name: string; description: string; duration: number | null }
interface ProfessionalSeed {
  name: string; email: string; phone: string; bio: string; active: boolean;
  /** The account this professional signs in with, if any. */
  account?: AccountKey;
  week: Week;
  /** Service name → price. */
  prices: Record<string, string>;
}
interface BusinessSeed {
  name: string; description: string; phone: string; email: string; address: string; monthlyFee: string;
  owner: AccountKey; employees: AccountKey[];
  hours: Week; services: ServiceSeed[]; professionals: ProfessionalSeed[]; clients: string[];
  /** [min, max] appointments on a weekday; Saturdays get about half. */
  perDay: [number, number];
  prngSeed: number;
}

export const STUDIO: BusinessSeed = {
  name: "Studio Bela Vista",
  description: "Salão de beleza e barbearia",
  phone: "(65) 3322-4455",
  email: "contato@studiobelavista.com.br",
  address: "Av. Historiador Rubens de Mendonça, 1200 - Bosque da Saúde, Cuiabá - MT, 78050-000",
  monthlyFee: "149.90",
  owner: "owner",
  employees: ["employee"],
  hours: SALON_HOURS,
  services: [
    { name: "Corte feminino", description: "Corte com lavagem e finalização", duration: 60 },
    { name: "Corte masculino", description: "Corte na tesoura ou máquina", duration: 30 },
    { name: "Escova", description: "Escova modeladora", duration: 45 },
    { name: "Coloração", description: "Coloração completa com produtos profissionais", duration: 120 },
    { name: "Manicure", description: "Cutilagem e esmaltação", duration: 40 },
    { name: "Pedicure", description: "Cutilagem, esfoliação e esmaltação", duration: 50 },
    { name: "Barba", description: "Barba com toalha quente", duration: 30 },
    { name: "Hidratação", description: "Tratamento capilar; duração conforme o cabelo", duration: null },
  ],
  professionals: [
    {
      name: "Juliana Alves", email: "juliana@studiobelavista.com.br", phone: "(65) 99701-1122",
      bio: "Cabeleireira especialista em coloração.", active: true, week: STANDARD_SHIFT,
      prices: { "Corte feminino": "90.00", Escova: "60.00", "Coloração": "220.00", "Hidratação": "85.00" },
    },
    {
      name: "Rafael Souza", email: DEMO_EMAILS.employee, phone: "(65) 99655-4411",
      bio: "Barbeiro há 8 anos.", active: true, account: "employee", week: STANDARD_SHIFT,
      prices: { "Corte masculino": "45.00", Barba: "35.00", "Corte feminino": "75.00", "Hidratação": "70.00" },
    },
    {
      name: "Fernanda Costa", email: "fernanda@studiobelavista.com.br", phone: "(65) 99823-4455",
      bio: "Manicure e pedicure.", active: true, week: LATE_SHIFT,
      prices: { Manicure: "35.00", Pedicure: "45.00", Escova: "55.00" },
    },
    {
      name: "Bruno Oliveira", email: "bruno@studiobelavista.com.br", phone: "(65) 99910-6677",
      bio: "Barbeiro (afastado).", active: false, week: STANDARD_SHIFT,
      prices: { "Corte masculino": "40.00", Barba: "30.00" },
    },
  ],
  clients: [
    "Ana Souza", "Beatriz Lima", "Camila Rodrigues", "Daniela Ferreira", "Eduarda Martins", "Fabiana Rocha",
    "Gabriela Santos", "Helena Carvalho", "Isabela Gomes", "Jéssica Ribeiro", "Larissa Barbosa", "Mariana Araújo",
    "Natália Pereira", "Patrícia Almeida", "Renata Nascimento", "Sabrina Moreira", "Tatiane Cardoso", "Vanessa Teixeira",
    "Aline Correia", "Bianca Dias", "Letícia Castro", "Priscila Monteiro", "Juliana Freitas", "Luana Pinto",
    "André Silva", "Bruno Cavalcanti", "Carlos Eduardo Nunes", "Diego Farias", "Felipe Batista", "Gustavo Azevedo",
    "Henrique Moura", "João Pedro Ramos", "Leonardo Vieira", "Lucas Mendonça", "Marcelo Duarte", "Rodrigo Campos",
    "Thiago Rezende", "Vinícius Barros", "Otávio Siqueira", "Mateus Fonseca",
  ],
  perDay: [4, 7],
  prngSeed: 20240601,
};

export const BARBERSHOP: BusinessSeed = {
  name: "Barbearia do Paulo",
  description: "Barbearia clássica no centro de Cuiabá",
  phone: "(65) 3624-8899",
  email: "contato@barbeariadopaulo.com.br",
  address: "Rua Barão de Melgaço, 450 - Centro Sul, Cuiabá - MT, 78020-800",
  monthlyFee: "99.90",
  owner: "otherOwner",
  employees: [],
  hours: BARBER_HOURS,
  services: [
    { name: "Corte masculino", description: "Corte tradicional", duration: 30 },
    { name: "Barba", description: "Barba completa", duration: 30 },
    { name: "Corte + barba", description: "Combo corte e barba", duration: 60 },
    { name: "Sobrancelha", description: "Design na navalha", duration: 15 },
  ],
  professionals: [
    {
      name: "Paulo Lima", email: DEMO_EMAILS.otherOwner, phone: "(65) 99933-7788", bio: "Dono e barbeiro.",
      active: true, account: "otherOwner", week: STANDARD_SHIFT,
      prices: { "Corte masculino": "40.00", Barba: "30.00", "Corte + barba": "60.00", Sobrancelha: "15.00" },
    },
    {
      name: "Diego Martins", email: "diego@barbeariadopaulo.com.br", phone: "(65) 99640-2211", bio: "Barbeiro.",
      active: true, week: STANDARD_SHIFT,
      prices: { "Corte masculino": "35.00", Barba: "25.00", "Corte + barba": "55.00" },
    },
  ],
  clients: [
    "Alexandre Prado", "Caio Menezes", "Fábio Tavares", "Igor Brandão", "Márcio Lacerda", "Renan Queiroz",
    "Sérgio Antunes", "Wagner Peixoto",
  ],
  perDay: [1, 3],
  prngSeed: 19990101,
};

const CHATS: { client: string; text: string; reply: string }[] = [
  { client: "Ana Souza", text: "Oi! Tem horário para corte amanhã de manhã?", reply: "Olá, Ana! Temos às 09:00 e às 10:30 com a Juliana. Qual prefere?" },
  { client: "Beatriz Lima", text: "Quanto custa a coloração?", reply: "A coloração com a Juliana sai por R$ 220,00 e dura cerca de 2 horas." },
  { client: "Camila Rodrigues", text: "Preciso desmarcar meu horário de sexta.", reply: "Tudo bem, Camila! Seu agendamento de sexta foi cancelado." },
  { client: "André Silva", text: "Vocês fazem barba no sábado?", reply: "Fazemos sim, André! No sábado atendemos das 09:00 às 13:00." },
  { client: "Daniela Ferreira", text: "Quero marcar manicure e pedicure juntas.", reply: "Perfeito! A Fernanda tem horário na quinta às 14:00. Posso confirmar?" },
  { client: "Felipe Batista", text: "Qual o endereço do salão?", reply: "Ficamos na Av. Historiador Rubens de Mendonça, 1200 - Bosque da Saúde." },
  { client: "Gabriela Santos", text: "Posso levar minha filha para cortar junto?", reply: "Claro! Me diga o nome dela que reservo dois horários seguidos." },
  { client: "Helena Carvalho", text: "Vocês aceitam Pix?", reply: "Aceitamos Pix, cartão de débito e crédito." },
  { client: "Lucas Mendonça", text: "Tem vaga hoje à tarde para corte masculino?", reply: "Temos às 15:30 com o Rafael. Quer que eu agende?" },
  { client: "Mariana Araújo", text: "Confirmo meu horário de amanhã.", reply: "Obrigado, Mariana! Seu horário está confirmado. Até amanhã!" },
  { client: "Renata Nascimento", text: "A hidratação demora quanto tempo?", reply: "Em média 1 hora, dependendo do comprimento do cabelo." },
  { client: "Thiago Rezende", text: "Consigo remarcar para semana que vem?", reply: "Consegue sim! Tenho terça às 10:00 ou quarta às 16:00." },
  { client: "Vanessa Teixeira", text: "Vocês abrem no feriado?", reply: "Nos feriados o salão fica fechado. Posso sugerir outro dia?" },
  { client: "Isabela Gomes", text: "Quero fazer escova para um casamento no sábado.", reply: "Que legal! Reservei às 09:00 de sábado com a Fernanda. Confirma?" },
  { client: "Rodrigo Campos", text: "Obrigado pelo atendimento de ontem!", reply: "Nós que agradecemos, Rodrigo! Volte sempre." },
];

interface AuditSeed {
  action: "CREATE" | "UPDATE" | "DELETE";
  entity: "appointment" | "client" | "service" | "professional";
  /** Name of the client / service / professional involved; undefined = an entity that no longer exists. */
  ref?: string;
  by: AccountKey;
  description: string;
  oldValues: Record<string, unknown> | null;
  /** A function when the value is only known once the data is generated. */
  newValues: Record<string, unknown> | null | ((business: SeededBusiness, clientIndex: number) => Record<string, unknown>);
}

const AUDIT: AuditSeed[] = [
  { action: "CREATE", entity: "service", ref: "Hidratação", by: "owner", description: "Serviço criado: Hidratação", oldValues: null, newValues: { name: "Hidratação", duration_minutes: null } },
  { action: "UPDATE", entity: "service", ref: "Corte masculino", by: "owner", description: "Serviço atualizado: Corte masculino", oldValues: { duration_minutes: 25 }, newValues: { duration_minutes: 30 } },
  { action: "DELETE", entity: "service", by: "owner", description: "Serviço excluído: Progressiva", oldValues: { name: "Progressiva", duration_minutes: 180 }, newValues: null },
  { action: "CREATE", entity: "professional", ref: "Fernanda Costa", by: "owner", description: "Profissional cadastrada: Fernanda Costa", oldValues: null, newValues: { name: "Fernanda Costa", active: true } },
  { action: "UPDATE", entity: "professional", ref: "Bruno Oliveira", by: "owner", description: "Profissional desativado: Bruno Oliveira", oldValues: { active: true }, newValues: { active: false } },
  { action: "UPDATE", entity: "professional", ref: "Juliana Alves", by: "owner", description: "Preço de Coloração atualizado para Juliana Alves", oldValues: { price: "200.00" }, newValues: { price: "220.00" } },
  { action: "CREATE", entity: "client", ref: "Mateus Fonseca", by: "employee", description: "Cliente cadastrado: Mateus Fonseca", oldValues: null, newValues: { name: "Mateus Fonseca" } },
  { action: "UPDATE", entity: "client", ref: "Ana Souza", by: "owner", description: "Telefone atualizado de Ana Souza", oldValues: { phone: "(65) 98123-0000" }, newValues: (b, client) => ({ phone: b.clientPhones[client] }) },
  { action: "DELETE", entity: "client", by: "owner", description: "Cliente excluído: Roberta Leite", oldValues: { name: "Roberta Leite", phone: "(65) 99200-3344" }, newValues: null },
  { action: "CREATE", entity: "appointment", ref: "Ana Souza", by: "owner", description: "Agendamento criado para Ana Souza", oldValues: null, newValues: { status: "pendente" } },
  { action: "CREATE", entity: "appointment", ref: "André Silva", by: "employee", description: "Agendamento criado para André Silva", oldValues: null, newValues: { status: "pendente" } },
  { action: "UPDATE", entity: "appointment", ref: "Beatriz Lima", by: "owner", description: "Agendamento de Beatriz Lima confirmado", oldValues: { status: "pendente" }, newValues: { status: "confirmado" } },
  { action: "UPDATE", entity: "appointment", ref: "Camila Rodrigues", by: "employee", description: "Agendamento de Camila Rodrigues cancelado", oldValues: { status: "confirmado" }, newValues: { status: "cancelado" } },
  { action: "UPDATE", entity: "appointment", ref: "Lucas Mendonça", by: "owner", description: "Atendimento de Lucas Mendonça concluído", oldValues: { status: "confirmado" }, newValues: { status: "concluido" } },
  { action: "DELETE", entity: "appointment", by: "owner", description: "Agendamento excluído de Roberta Leite", oldValues: { status: "cancelado" }, newValues: null },
];

// ───────────────────────────── dates (business time) ─────────────────────────────

/** The instant of a wall-clock time (minutes since midnight) on a date in the business zone. */
const businessInstant = (ymd: string, minutes: number) => businessDateTimeToInstant(ymd, fromMinutes(minutes));

/** The first date on or after `from` that is not a Sunday. */
function nextNonSunday(from: string): string {
  return dayOfWeek(from) === 0 ? addDays(from, 1) : from;
}

// ───────────────────────────── deterministic randomness ─────────────────────────────

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
class Prng {
  constructor(private state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  weighted(options: [number, number][]): number {
    let r = this.next() * options.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, w] of options) if ((r -= w) < 0) return value;
    return options[options.length - 1][0];
  }
}

function phoneFor(rng: Prng): string {
  return `(65) 9${rng.int(8100, 9999)}-${String(rng.int(0, 9999)).padStart(4, "0")}`;
}

function emailFor(name: string): string {
  const slug = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/\s+/g, ".");
  return `${slug}@exemplo.com`;
}

// ───────────────────────────── appointment planning (pure) ─────────────────────────────

export interface PlannedAppointment {
  client: number;
  date: string;
  start: number;
  statusId: number;
  /** Service name and index of the professional in the business's list. */
  items: { service: string; professional: number }[];
}

/** Busy intervals (minutes) per key, e.g. "p2|2026-05-10". Half-open: [start, end). */
class BusyBook {
  private map = new Map<string, [number, number][]>();
  isFree(key: string, start: number, end: number): boolean {
    return !(this.map.get(key) ?? []).some(([s, e]) => start < e && s < end);
  }
  add(key: string, start: number, end: number) {
    const list = this.map.get(key) ?? [];
    list.push([start, end]);
    this.map.set(key, list);
  }
}

interface PlanInput {
  business: BusinessSeed;
  today: string;
  closedDates: Set<string>;
}

/** Minutes each professional is blocked for: the sum of their services' durations (60 when unknown). */
function blocksOf(business: BusinessSeed, items: PlannedAppointment["items"]): Map<number, number> {
  const durations = new Map(business.services.map((s) => [s.name, s.duration ?? DEFAULT_DURATION]));
  const blocks = new Map<number, number>();
  for (const { service, professional } of items) {
    blocks.set(professional, (blocks.get(professional) ?? 0) + (durations.get(service) ?? DEFAULT_DURATION));
  }
  return blocks;
}

/** One or two services for a visit, each assigned to an active professional working that day who offers it. */
function pickItems(rng: Prng, business: BusinessSeed, working: number[]): PlannedAppointment["items"] {
  const first = rng.pick(working);
  const offered = Object.keys(business.professionals[first].prices);
  const items = [{ service: rng.pick(offered), professional: first }];
  if (!rng.chance(0.3)) return items;

  const others = working.filter((p) => p !== first);
  const second = others.length > 0 && rng.chance(0.4) ? rng.pick(others) : first;
  const candidates = Object.keys(business.professionals[second].prices).filter((s) => s !== items[0].service);
  if (candidates.length > 0) items.push({ service: rng.pick(candidates), professional: second });
  return items;
}

/** Start times where every professional fits their shift, skips their lunch and is free, and the client is free. */
function freeStarts(
  input: PlanInput, busy: BusyBook, date: string, client: number, blocks: Map<number, number>,
): number[] {
  const dow = dayOfWeek(date);
  const hours = input.business.hours[dow]!;
  const clientEnd = Math.max(CLIENT_BLOCK, ...blocks.values());
  const starts: number[] = [];
  for (let start = Math.max(FIRST_SLOT, toMinutes(hours.open)); start <= LAST_SLOT; start += 30) {
    const fits = [...blocks].every(([p, minutes]) => {
      const shift = input.business.professionals[p].week[dow]!;
      const end = start + minutes;
      const lunch = dow >= 1 && dow <= 5 && start < toMinutes(LUNCH.end) && toMinutes(LUNCH.start) < end;
      return start >= toMinutes(shift.open) && end <= toMinutes(shift.close) && end <= toMinutes(hours.close)
        && !lunch && busy.isFree(`p${p}|${date}`, start, end);
    });
    if (fits && busy.isFree(`c${client}|${date}`, start, start + clientEnd)) starts.push(start);
  }
  return starts;
}

function statusFor(rng: Prng, date: string, today: string): number {
  return rng.weighted(date < today ? PAST_STATUSES : FUTURE_STATUSES);
}

/**
 * The agenda from DAYS_BACK days ago to DAYS_AHEAD days ahead, on open days only. Overlaps are
 * ruled out here exactly as the database rules them out: per professional, the sum of their
 * services from the start time; per client, at least 60 minutes; cancelled visits block nothing.
 */
export function planAppointments(input: PlanInput): PlannedAppointment[] {
  const { business, today, closedDates } = input;
  const rng = new Prng(business.prngSeed);
  const busy = new BusyBook();
  const planned: PlannedAppointment[] = [];

  for (let offset = -DAYS_BACK; offset <= DAYS_AHEAD; offset++) {
    const date = addDays(today, offset);
    const dow = dayOfWeek(date);
    if (!business.hours[dow] || closedDates.has(date)) continue;
    const working = business.professionals.flatMap((p, i) => (p.active && p.week[dow] ? [i] : []));
    if (working.length === 0) continue;

    const [min, max] = business.perDay;
    const target = dow === 6 ? Math.ceil(rng.int(min, max) / 2) : rng.int(min, max);
    let made = 0;
    for (let attempt = 0; made < target && attempt < target * 10; attempt++) {
      const client = rng.int(0, business.clients.length - 1);
      const items = pickItems(rng, business, working);
      const blocks = blocksOf(business, items);
      const starts = freeStarts(input, busy, date, client, blocks);
      if (starts.length === 0) continue;

      const start = rng.pick(starts);
      const statusId = statusFor(rng, date, today);
      if (statusId !== STATUS.cancelado) {
        for (const [p, minutes] of blocks) busy.add(`p${p}|${date}`, start, start + minutes);
        busy.add(`c${client}|${date}`, start, start + Math.max(CLIENT_BLOCK, ...blocks.values()));
      }
      planned.push({ client, date, start, statusId, items });
      made++;
    }
  }
  return planned;
}

// ───────────────────────────── writing ─────────────────────────────

type Accounts = Record<AccountKey, string>;

export interface SeedSummary {
  users: number;
  businesses: number;
  clients: number;
  services: number;
  professionals: number;
  appointments: number;
  appointmentServices: number;
  conversations: number;
  auditLogs: number;
}
export interface SeedResult { created: boolean; summary?: SeedSummary }

interface SeededBusiness {
  id: string;
  clientIds: string[];
  clientPhones: string[];
  serviceIds: Map<string, string>;
  professionalIds: string[];
  plans: PlannedAppointment[];
  appointmentIds: string[];
  appointmentServices: number;
}

async function insertAccounts(tx: Tx, passwordHash: string): Promise<Accounts> {
  const now = new Date();
  const rows = await tx
    .insert(users)
    .values(ACCOUNTS.map((a) => ({
      email: DEMO_EMAILS[a.key], passwordHash, emailVerifiedAt: now, registered: true, fullName: a.fullName,
      contactName: a.fullName, phone: a.phone,
    })))
    .returning({ id: users.id, email: users.email });
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  const accounts = Object.fromEntries(ACCOUNTS.map((a) => [a.key, byEmail.get(DEMO_EMAILS[a.key])!])) as Accounts;

  const roleRows = await tx.select().from(roles).where(inArray(roles.name, ACCOUNTS.map((a) => a.role)));
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
  await tx.insert(userRoles).values(ACCOUNTS.map((a) => {
    const id = roleId.get(a.role);
    if (id === undefined) throw new Error(`Papel "${a.role}" não encontrado: rode as migrações antes do seed.`);
    return { userId: accounts[a.key], roleId: id };
  }));
  return accounts;
}

/** Adds the platform admin's e-mail to saas_admin_emails, keeping whatever is there. */
async function registerSaasAdmin(tx: Tx) {
  const [row] = await tx.select().from(saasConfig).where(sql`${saasConfig.configKey} = 'saas_admin_emails'`);
  const value: unknown = row?.configValue;
  const current = Array.isArray(value) ? value.filter((e): e is string => typeof e === "string") : [];
  const merged = current.includes(DEMO_EMAILS.admin) ? current : [...current, DEMO_EMAILS.admin];
  await tx
    .insert(saasConfig)
    .values({ configKey: "saas_admin_emails", configValue: merged })
    .onConflictDoUpdate({ target: saasConfig.configKey, set: { configValue: merged, updatedAt: new Date() } });
}

async function insertBusiness(tx: Tx, seed: BusinessSeed, accounts: Accounts): Promise<string> {
  const [row] = await tx
    .insert(businesses)
    .values({
      name: seed.name, description: seed.description, phone: seed.phone, email: seed.email, address: seed.address,
      monthlyFee: seed.monthlyFee, subscriptionStatus: "active",
    })
    .returning({ id: businesses.id });
  await tx.insert(userBusinessRoles).values([
    { userId: accounts[seed.owner], businessId: row.id, role: "owner" as const },
    ...seed.employees.map((e) => ({ userId: accounts[e], businessId: row.id, role: "employee" as const })),
  ]);
  return row.id;
}

async function insertCatalogue(tx: Tx, seed: BusinessSeed, businessId: string, accounts: Accounts) {
  const ownerId = accounts[seed.owner];
  const serviceRows = await tx
    .insert(services)
    .values(seed.services.map((s) => ({
      businessId, userId: ownerId, name: s.name, description: s.description, durationMinutes: s.duration,
    })))
    .returning({ id: services.id, name: services.name });
  const serviceIds = new Map(serviceRows.map((s) => [s.name, s.id]));

  const professionalIds = seed.professionals.map(() => randomUUID());
  await tx.insert(professionals).values(seed.professionals.map((p, i) => ({
    id: professionalIds[i], businessId, name: p.name, email: p.email, phone: p.phone, bio: p.bio, active: p.active,
    userId: p.account ? accounts[p.account] : null,
  })));
  await tx.insert(professionalServices).values(seed.professionals.flatMap((p, i) =>
    Object.entries(p.prices).map(([service, price]) => ({
      professionalId: professionalIds[i], serviceId: serviceIds.get(service)!, price, userId: ownerId, businessId,
    }))));
  return { serviceIds, professionalIds };
}

async function insertSchedules(tx: Tx, seed: BusinessSeed, businessId: string, professionalIds: string[], ownerId: string) {
  await tx.insert(businessHours).values(seed.hours.map((h, day) => ({
    businessId, userId: ownerId, dayOfWeek: day, isOpen: h !== null, openTime: h?.open ?? null, closeTime: h?.close ?? null,
  })));
  await tx.insert(professionalWeeklySchedules).values(seed.professionals.flatMap((p, i) => p.week.map((h, day) => ({
    professionalId: professionalIds[i], businessId, dayOfWeek: day, isWorking: h !== null,
    startTime: h?.open ?? null, endTime: h?.close ?? null,
  }))));
  const breaks = seed.professionals.flatMap((p, i) => [1, 2, 3, 4, 5]
    .filter((day) => p.week[day] !== null)
    .map((day) => ({
      professionalId: professionalIds[i], businessId, dayOfWeek: day, startTime: LUNCH.start, endTime: LUNCH.end, label: LUNCH.label,
    })));
  if (breaks.length > 0) await tx.insert(professionalBreaks).values(breaks);
}

/** Holidays of the salon; returns the dates it is closed on. */
async function insertHolidays(tx: Tx, businessId: string, ownerId: string, today: string): Promise<Set<string>> {
  // The coming Christmas, so the screen always lists it; the recess never on the same date (one holiday per date).
  const christmas = `${Number(today.slice(0, 4)) + (today.slice(5) > "12-25" ? 1 : 0)}-12-25`;
  let recess = nextNonSunday(addDays(today, 9));
  if (recess === christmas) recess = nextNonSunday(addDays(recess, 1));
  const holidays = [
    { holidayName: "Natal", holidayDate: christmas },
    { holidayName: "Recesso do salão", holidayDate: recess },
  ];
  await tx.insert(businessHolidaySettings).values({ businessId, userId: ownerId, worksOnHolidays: false });
  await tx.insert(businessHolidays).values(holidays.map((h) => ({ ...h, businessId, userId: ownerId, isWorking: false })));
  return new Set(holidays.map((h) => h.holidayDate));
}

async function insertClients(tx: Tx, seed: BusinessSeed, businessId: string) {
  const rng = new Prng(seed.prngSeed ^ 0x5eed);
  const rows = seed.clients.map((name) => ({
    id: randomUUID(), businessId, name, phone: phoneFor(rng), email: rng.chance(0.6) ? emailFor(name) : null,
  }));
  await tx.insert(clients).values(rows);
  return { clientIds: rows.map((r) => r.id), clientPhones: rows.map((r) => r.phone) };
}

/** When the booking was made: a few days before the visit (never in the future). */
function bookedAt(plan: PlannedAppointment, now: Date): Date {
  const lead = 1 + ((plan.client + plan.start / 30) % 9);
  const at = businessInstant(addDays(plan.date, -lead), plan.start);
  return at < now ? at : new Date(now.getTime() - 60 * 60 * 1000);
}

async function insertAppointments(
  tx: Tx, plans: PlannedAppointment[], ctx: { businessId: string; ownerId: string; clientIds: string[]; serviceIds: Map<string, string>; professionalIds: string[] },
): Promise<{ appointmentIds: string[]; appointmentServices: number }> {
  const now = new Date();
  const ids = plans.map(() => randomUUID());
  const rows = plans.map((p, i) => {
    const createdAt = bookedAt(p, now);
    const updatedAt = p.statusId === STATUS.pendente ? createdAt : new Date(Math.min(now.getTime(), businessInstant(p.date, p.start).getTime()));
    return {
      id: ids[i], businessId: ctx.businessId, clientId: ctx.clientIds[p.client], date: p.date, time: fromMinutes(p.start),
      statusId: p.statusId, userId: ctx.ownerId, createdAt, updatedAt: updatedAt < createdAt ? createdAt : updatedAt,
    };
  });
  const items = plans.flatMap((p, i) => p.items.map((item) => ({
    appointmentId: ids[i], serviceId: ctx.serviceIds.get(item.service)!, professionalId: ctx.professionalIds[item.professional],
    userId: ctx.ownerId, businessId: ctx.businessId,
  })));
  for (const chunk of chunks(rows, 500)) await tx.insert(appointments).values(chunk);
  for (const chunk of chunks(items, 500)) await tx.insert(appointmentServices).values(chunk);
  return { appointmentIds: ids, appointmentServices: items.length };
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

async function seedBusiness(tx: Tx, seed: BusinessSeed, accounts: Accounts, today: string, withHolidays: boolean): Promise<SeededBusiness> {
  const ownerId = accounts[seed.owner];
  const businessId = await insertBusiness(tx, seed, accounts);
  const { serviceIds, professionalIds } = await insertCatalogue(tx, seed, businessId, accounts);
  await insertSchedules(tx, seed, businessId, professionalIds, ownerId);
  const closedDates = withHolidays ? await insertHolidays(tx, businessId, ownerId, today) : new Set<string>();
  const { clientIds, clientPhones } = await insertClients(tx, seed, businessId);
  const plans = planAppointments({ business: seed, today, closedDates });
  const written = await insertAppointments(tx, plans, { businessId, ownerId, clientIds, serviceIds, professionalIds });
  return { id: businessId, clientIds, clientPhones, serviceIds, professionalIds, plans, ...written };
}

/** A client's message and the bot's answer a minute later, spread over the last ten days. */
async function insertConversations(tx: Tx, seed: BusinessSeed, business: SeededBusiness): Promise<number> {
  const now = Date.now();
  const rows = CHATS.flatMap((chat, i) => {
    const clientId = business.clientIds[seed.clients.indexOf(chat.client)];
    const asked = new Date(now - ((i * 16 + 3) % 240) * 60 * 60 * 1000 - 2 * 60 * 1000);
    return [
      { businessId: business.id, clientId, message: chat.text, isBot: false, createdAt: asked },
      { businessId: business.id, clientId, message: chat.reply, isBot: true, createdAt: new Date(asked.getTime() + 60 * 1000) },
    ];
  });
  await tx.insert(conversations).values(rows);
  return rows.length;
}


/** The id an audit entry points at: the named record, or a fresh id for one that was deleted. */
function auditEntityId(entry: AuditSeed, seed: BusinessSeed, business: SeededBusiness): string {
  if (!entry.ref) return randomUUID();
  if (entry.entity === "service") return business.serviceIds.get(entry.ref)!;
  if (entry.entity === "professional") return business.professionalIds[seed.professionals.findIndex((p) => p.name === entry.ref)];
  const client = seed.clients.indexOf(entry.ref);
  if (entry.entity === "client") return business.clientIds[client];
  // An appointment of that client, preferably one whose status matches the logged change.
  const wanted = typeof entry.newValues === "object" ? entry.newValues?.status : undefined;
  const mine = business.plans.flatMap((p, i) => (p.client === client ? [i] : []));
  const match = mine.find((i) => statusName(business.plans[i].statusId) === wanted) ?? mine[0];
  return match === undefined ? randomUUID() : business.appointmentIds[match];
}

async function insertAuditLogs(tx: Tx, seed: BusinessSeed, business: SeededBusiness, accounts: Accounts): Promise<number> {
  const now = Date.now();
  const rows = AUDIT.map((entry, i) => ({
    businessId: business.id,
    userId: accounts[entry.by],
    actionType: entry.action,
    entityType: entry.entity,
    entityId: auditEntityId(entry, seed, business),
    description: entry.description,
    oldValues: entry.oldValues,
    newValues: typeof entry.newValues === "function"
      ? entry.newValues(business, seed.clients.indexOf(entry.ref ?? ""))
      : entry.newValues,
    createdAt: new Date(now - (AUDIT.length - i) * 21 * 60 * 60 * 1000),
  }));
  await tx.insert(auditLogs).values(rows);
  return rows.length;
}

async function demoExists(database: Db | Tx): Promise<boolean> {
  const rows = await database.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${DEMO_EMAILS.owner}`).limit(1);
  return rows.length > 0;
}

/**
 * Creates the demo data unless it is already there. Concurrent runs are serialised by an
 * advisory lock, so exactly one of them creates the data.
 */
export async function seedDemo(database: Db = db): Promise<SeedResult> {
  if (await demoExists(database)) return { created: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const today = todayInBusiness();

  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('agenda:seed-demo'))`);
    if (await demoExists(tx)) return { created: false };

    const accounts = await insertAccounts(tx, passwordHash);
    await registerSaasAdmin(tx);
    const studio = await seedBusiness(tx, STUDIO, accounts, today, true);
    const barbershop = await seedBusiness(tx, BARBERSHOP, accounts, today, false);
    // The demo's public booking page, /agendar/studio-bela-vista (the row comes with the business).
    await tx.execute(sql`update business_online_booking set enabled = true, slug = 'studio-bela-vista' where business_id = ${studio.id}`);
    const conversationCount = await insertConversations(tx, STUDIO, studio);
    const auditCount = await insertAuditLogs(tx, STUDIO, studio, accounts);

    const both = [STUDIO, BARBERSHOP];
    return {
      created: true,
      summary: {
        users: ACCOUNTS.length,
        businesses: both.length,
        clients: both.reduce((n, b) => n + b.clients.length, 0),
        services: both.reduce((n, b) => n + b.services.length, 0),
        professionals: both.reduce((n, b) => n + b.professionals.length, 0),
        appointments: studio.plans.length + barbershop.plans.length,
        appointmentServices: studio.appointmentServices + barbershop.appointmentServices,
        conversations: conversationCount,
        auditLogs: auditCount,
      },
    };
  });
}
