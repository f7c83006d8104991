import { describe, expect, it } from "vitest";
import { appointmentWhen, bellHref, bellLine, timeAgo } from "./bell-text";

describe("bellLine", () => {
  const base = { clientName: "Ana Souza", date: "2026-11-28", time: "14:00" };
  it.each([
    ["online_booking", "Novo agendamento online: Ana Souza, sáb. 28/11 às 14:00"],
    ["online_cancelled", "Agendamento online cancelado: Ana Souza, sáb. 28/11 às 14:00"],
    ["client_confirmed", "Ana Souza confirmou presença: sáb. 28/11 às 14:00"],
    ["client_cancelled", "Ana Souza cancelou: sáb. 28/11 às 14:00"],
  ])("%s → %s", (kind, text) => {
    expect(bellLine({ ...base, kind })).toBe(text);
  });

  it("names the weekday of the wall-clock date, whatever the process zone (tests run in Tokyo)", () => {
    expect(appointmentWhen("2026-11-23", "00:00")).toBe("seg. 23/11 às 00:00");
    expect(appointmentWhen("2027-01-03", "23:30")).toBe("dom. 03/01 às 23:30");
    expect(appointmentWhen("2028-02-29", "09:15")).toBe("ter. 29/02 às 09:15");
  });

  it("a bad date still shows the time", () => {
    expect(appointmentWhen("29/11/2026", "14:00")).toBe("14:00");
  });
});

describe("timeAgo", () => {
  const now = Date.parse("2026-11-28T18:00:00Z");
  it.each([
    ["2026-11-28 18:00:00+00", "agora"],
    ["2026-11-28 17:59:30.5+00", "agora"],
    // A clock a little ahead of the browser's is still 'agora'.
    ["2026-11-28 18:00:20+00", "agora"],
    ["2026-11-28 17:59:00+00", "há 1 min"],
    ["2026-11-28T17:15:00Z", "há 45 min"],
    ["2026-11-28 17:00:00+00", "há 1 h"],
    // With the offset PostgreSQL writes for another session zone: the same instant.
    ["2026-11-28 13:00:00-04", "há 1 h"],
    ["2026-11-27 18:30:00+00", "há 23 h"],
    ["2026-11-27 18:00:00+00", "há 1 dia"],
    ["2026-11-23 12:00:00+00", "há 5 dias"],
    // Older than a week: its day in the business zone (03:00 UTC on the 14th is the 13th in Cuiabá).
    ["2026-11-14 03:00:00+00", "em 13/11"],
  ])("%s → %s", (createdAt, text) => {
    expect(timeAgo(createdAt, now)).toBe(text);
  });

  it("an unreadable instant shows nothing", () => {
    expect(timeAgo("ontem", now)).toBe("");
  });
});

describe("messages not sent", () => {
  const skipped = { kind: "message_skipped", clientName: "", date: "2026-11-28", time: "" };
  it.each([
    ["owner_unconfirmed", 1, "Mensagem não enviada: confirme seu e-mail para enviar mensagens aos clientes"],
    ["owner_unconfirmed", 4, "4 mensagens não enviadas: confirme seu e-mail para enviar mensagens aos clientes"],
    ["daily_cap", 1, "Mensagem não enviada: limite diário de mensagens atingido"],
    ["daily_cap", 33, "33 mensagens não enviadas: limite diário de mensagens atingido"],
  ])("%s × %i → %s", (reason, count, text) => {
    expect(bellLine({ ...skipped, reason, count })).toBe(text);
  });

  it("leads to Meus Dados; a client's event to its day on the agenda", () => {
    expect(bellHref(skipped)).toBe("/business-profile");
    expect(bellHref({ kind: "online_booking", date: "2026-11-28" })).toBe("/appointments?dia=2026-11-28");
  });
});
