/**
 * Every message that reaches someone else carries what a business typed (its name, address and
 * phone, a service's and a professional's name) and what a client typed (a name, a phone) only as
 * plain text (emails/plain-name.ts): whatever links those fields hold, the only links in the message
 * — subject, text, HTML and the .ics — are the ones its template builds.
 */
import { describe, expect, test } from "vitest";
import type { AppointmentNotice } from "@/lib/jobs/queries";
import type { BookingView } from "@/lib/online-booking/queries";
import { dailySummaryEmail } from "./daily-summary";
import type { Message } from "./mailer";
import { onlineBookingEmail } from "./online-booking";
import { ownerNoticeEmail } from "./owner-notice";
import { reminderEmail, servicesText } from "./reminder";
import { waitlistOfferEmail } from "./waitlist-offer";

const APP = "https://agenda.exemplo.com.br";
const BAD = {
  business: "Studio Bela — pague em http://golpe.exemplo/pix",
  address: "Rua A, 10 — atualize seus dados em golpe.com.br",
  phone: "bit.ly/pix-agora",
  service: "Corte — ganhe brinde em www.golpe.exemplo",
  professional: "Ana https://golpe.exemplo",
  client: "Maria acesse golpe.top/premio",
};
const LEAK = /golpe|bit\.ly|www\./i;

/** Everything a reader or a mail app could see or follow (the .ics with its folded lines unfolded). */
function whole(m: Message): string {
  return [m.subject, m.text, m.html, ...(m.attachments ?? []).map((a) => a.content.replace(/\r\n[ \t]/g, ""))].join("\n");
}

/** Every link in the message is one the template built (under `allowed`). */
function onlyLinks(m: Message, allowed: string) {
  const links = whole(m).match(/https?:\/\/[^\s"<>\\]+/g) ?? [];
  expect(links.length).toBeGreaterThan(0);
  for (const l of links) expect(l.startsWith(allowed)).toBe(true);
}

const notice = (over: Partial<AppointmentNotice> = {}): AppointmentNotice => ({
  appointmentId: "a1", businessId: "b1", date: "2026-12-10", time: "10:00", startTime: "10:00:00", statusId: 1, source: "online",
  client: { name: BAD.client, email: "cliente@exemplo.com", phone: "(65) 99876-5432" },
  business: { name: BAD.business, phone: BAD.phone, address: BAD.address, cancelDeadlineHours: 2 },
  lines: [{ service: BAD.service, professional: BAD.professional }, { service: "Barba", professional: "João" }],
  settings: { remindersEnabled: true, leadMinutes: [1440], channels: ["email"], ownerEmails: true, clientChangeMessages: true },
  ...over,
});

describe("a link typed into a field never reaches the message", () => {
  test("the reminder", () => {
    const m = reminderEmail(notice(), "cliente@exemplo.com", { confirm: `${APP}/agendar/lembrete/c`, cancel: `${APP}/agendar/lembrete/k` });
    expect(whole(m)).not.toMatch(LEAK);
    onlyLinks(m, `${APP}/agendar/lembrete/`);
    expect(m.subject).toBe("Lembrete do seu horário");
    expect(m.text).toContain("Serviços: Serviço, Barba (João)");
    expect(m.text).toContain("Local: Informado pelo estabelecimento");
    expect(m.text).not.toContain("Telefone:");
  });

  test("the waitlist's offer", () => {
    const m = waitlistOfferEmail({
      to: "cliente@exemplo.com", clientName: BAD.client, business: { name: BAD.business, address: BAD.address, phone: BAD.phone },
      date: "2026-12-10", time: "10:00", minutes: 60, services: [BAD.service], professional: BAD.professional, validMinutes: 30,
      link: `${APP}/agendar/lista-de-espera/t`,
    });
    expect(whole(m)).not.toMatch(LEAK);
    onlyLinks(m, `${APP}/agendar/lista-de-espera/`);
    expect(m.text).not.toContain("Profissional:");
  });

  test("the online booking's confirmation and its .ics", () => {
    const view: BookingView = {
      tokenId: "t1", bookerName: BAD.client, linkUsedAt: null, appointmentId: "0b7e6a4e-8f4a-4c4e-9d6b-0a7e6a4e8f4a", businessId: "b1",
      date: "2026-12-10", time: "10:00", statusId: 1,
      business: { name: BAD.business, phone: BAD.phone, address: BAD.address, slug: "studio", cancelDeadlineHours: 2 },
      lines: [{ service: BAD.service, durationMinutes: 60, professional: BAD.professional, price: "50.00" }],
    };
    const m = onlineBookingEmail({ to: "cliente@exemplo.com", clientName: BAD.client, view, link: `${APP}/agendar/reserva/t` });
    expect(whole(m)).not.toMatch(LEAK);
    onlyLinks(m, `${APP}/agendar/reserva/`);
  });

  test("the owners' notice and the morning summary", () => {
    const m = ownerNoticeEmail("online_booking", notice(), "dono@exemplo.com");
    expect(whole(m)).not.toMatch(LEAK);
    expect(m.subject).toMatch(/^Novo agendamento online: Cliente — /);
    const s = dailySummaryEmail({ to: "dono@exemplo.com", businessName: BAD.business, date: "2026-12-10", summary: { total: 0, pending: 0, first: null, last: null } });
    expect(whole(s)).not.toMatch(LEAK);
    expect(s.subject).toBe("Resumo do dia");
  });

  test("plain values pass as typed", () => {
    const m = reminderEmail(
      notice({
        business: { name: "Studio Bela", phone: "(65) 3322-4455", address: "Av. Historiador Rubens de Mendonça, 1200 - Cuiabá", cancelDeadlineHours: 2 },
        lines: [{ service: "Corte masculino", professional: "Rafael Souza" }],
      }),
      "cliente@exemplo.com",
      { confirm: `${APP}/c`, cancel: `${APP}/k` },
    );
    expect(m.subject).toBe("Lembrete: seu horário em Studio Bela");
    expect(m.text).toContain("Serviços: Corte masculino (Rafael Souza)");
    expect(m.text).toContain("Local: Studio Bela — Av. Historiador Rubens de Mendonça, 1200 - Cuiabá");
    expect(m.text).toContain("Telefone: (65) 3322-4455");
    expect(servicesText([{ service: "Barba", professional: null }])).toBe("Barba");
  });
});
