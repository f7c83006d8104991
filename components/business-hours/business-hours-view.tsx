"use client";

import { failureToast } from "@/components/form";
import { useLive } from "@/components/live/use-live";
import { PageHeader } from "@/components/ui/page-header";
import { HOURS_MESSAGES } from "@/lib/business-hours/messages";
import type { BusinessHoursData } from "@/lib/business-hours/queries";
import { liveKey } from "@/lib/core/live/keys";
import { setLive } from "@/lib/core/live/store";
import { BookingWindowCard } from "./booking-window-card";
import { HolidaysCard } from "./holidays-card";
import { NationalHolidaysCard } from "./national-holidays-card";
import { WeeklyHoursForm } from "./weekly-hours-form";
import type { Cursor } from "@/lib/core/realtime/cursor";

/** `cursor`: the page's render cursor (AuthContext.cursor), where its live updates start. */
type Props = { businessId: string; initial: BusinessHoursData; cursor: Cursor };

/**
 * Horários de Funcionamento: the booking window, the holiday rule, the business's holidays, the
 * national holidays ahead and the weekly hours. On a wide screen the week fills the left column.
 * Live through the one read path: another user's change (or this user's, in another card) is read
 * again; what the user is editing stays theirs (the weekly form decides what to do with fresh hours).
 */
/** The screen's icons, rendered by the page on the server: no icon code in the screen's JavaScript. */
export type HoursIcons = { info: React.ReactNode; refresh: React.ReactNode; add: React.ReactNode; remove: React.ReactNode; empty: React.ReactElement };

export function BusinessHoursView({ businessId, initial, cursor, icons }: Props & { icons: HoursIcons }) {
  const key = liveKey(businessId, "business-hours");
  const { data = initial, revalidate: refresh } = useLive(key, initial, cursor, (e) =>
    failureToast({ error: e.body.error, description: e.status ? e.body.description : HOURS_MESSAGES.refreshError }),
  );
  const setData = (patch: (d: BusinessHoursData) => BusinessHoursData) => setLive<BusinessHoursData>(key, (d) => patch(d ?? data));
  return (
    <>
      <PageHeader title="Horários de Funcionamento" description="Quando o negócio atende: a agenda segue estes horários e feriados." />
      {/* Phones read the spec's order (window, week, holidays); wide screens put the week on the left. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="order-2 lg:order-none">
          <WeeklyHoursForm businessId={businessId} hours={data.hours} icons={icons} />
        </div>
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <div className="order-1">
            <BookingWindowCard businessId={businessId} days={data.bookingWindowDays} onSaved={(days) => setData((d) => ({ ...d, bookingWindowDays: days }))} />
          </div>
          <div className="order-3">
            <HolidaysCard
              businessId={businessId}
              today={data.today}
              worksOnHolidays={data.worksOnHolidays}
              holidays={data.holidays}
              icons={icons}
              onChanged={() => void refresh()}
              // The national holidays' verdicts follow the rule: the write hook reads them again.
              onSettingSaved={(works) => setData((d) => ({ ...d, worksOnHolidays: works }))}
            />
          </div>
          <div className="order-4">
            <NationalHolidaysCard items={data.national} />
          </div>
        </div>
      </div>
    </>
  );
}
