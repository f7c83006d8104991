import { expect, test } from "vitest";
import { STATUS } from "@/lib/appointments/status";
import { canCancel, cancelDeadline } from "./deadline";

const booking = { statusId: STATUS.pendente, linkUsedAt: null, date: "2026-05-04", time: "14:30", business: { cancelDeadlineHours: 2 } };

test("the deadline is the start in Cuiabá minus the owner's hours, whatever the server zone", () => {
  expect(process.env.TZ).toBe("Asia/Tokyo");
  expect(cancelDeadline(booking).toISOString()).toBe("2026-05-04T16:30:00.000Z");
  expect(canCancel(booking, new Date("2026-05-04T16:30:00Z"))).toBe(true);
  expect(canCancel(booking, new Date("2026-05-04T16:30:01Z"))).toBe(false);
  expect(canCancel({ ...booking, business: { cancelDeadlineHours: 0 } }, new Date("2026-05-04T18:29:00Z"))).toBe(true);
});

test("a used link, a cancelled or a finished booking can't be cancelled", () => {
  const early = new Date("2026-05-01T00:00:00Z");
  expect(canCancel({ ...booking, linkUsedAt: "2026-04-30 10:00:00+00" }, early)).toBe(false);
  expect(canCancel({ ...booking, statusId: STATUS.cancelado }, early)).toBe(false);
  expect(canCancel({ ...booking, statusId: STATUS.concluido }, early)).toBe(false);
  expect(canCancel({ ...booking, statusId: STATUS.confirmado }, early)).toBe(true);
});
