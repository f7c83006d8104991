/**
 * A professional's working day for one weekday (spec section 4): the defaults, overridden by the
 * business hours of that weekday, then by the professional's own schedule; breaks are their saved
 * ones, or the default lunch when they never saved a schedule for that day.
 * TODO(lead): replace with lib/scheduling/weekly-schedule.ts when the professionals screen lands.
 */
import type { WorkingDay } from "@/lib/scheduling/availability";
import type { BusinessHoursRow } from "@/lib/scheduling/business-day";
import type { Interval } from "@/lib/time/overlap";
import { toMinutes } from "@/lib/time/overlap";

const M = toMinutes;

function defaults(dow: number): WorkingDay {
  if (dow === 0) return { isWorking: false, start: M("09:00"), end: M("18:00"), breaks: [] };
  if (dow === 6) return { isWorking: false, start: M("09:00"), end: M("13:00"), breaks: [] };
  return { isWorking: true, start: M("09:00"), end: M("18:00"), breaks: [{ start: M("12:00"), end: M("13:00") }] };
}

export function workingDayFor(
  dow: number,
  business: BusinessHoursRow | null,
  own: { isWorking: boolean; startTime: string | null; endTime: string | null } | null,
  ownBreaks: Interval[],
): WorkingDay {
  let day = defaults(dow);
  if (business) {
    day = {
      ...day,
      isWorking: business.isOpen,
      start: business.isOpen && business.openTime ? M(business.openTime) : day.start,
      end: business.isOpen && business.closeTime ? M(business.closeTime) : day.end,
    };
  }
  if (own) {
    day = {
      isWorking: own.isWorking,
      start: own.startTime ? M(own.startTime) : day.start,
      end: own.endTime ? M(own.endTime) : day.end,
      breaks: ownBreaks,
    };
  }
  return day.isWorking ? day : { ...day, breaks: [] };
}
