"use client";

import { PageHeader } from "@/components/ui/page-header";
import type { BusinessHoursData } from "@/lib/business-hours/queries";
import { BookingWindowCard } from "./booking-window-card";
import { HolidaysCard } from "./holidays-card";
import { NationalHolidaysCard } from "./national-holidays-card";
import { useBusinessHours } from "./use-business-hours";
import { WeeklyHoursForm } from "./weekly-hours-form";
import type { Cursor } from "@/lib/realtime/cursor";

/** `cursor`: the page's render cursor (AuthContext.cursor), where its live updates start. */
type Props = { businessId: string; initial: BusinessHoursData; cursor: Cursor };

/**
 * Horários de Funcionamento: the booking window, the holiday rule, the business's holidays, the
 * national holidays ahead and the weekly hours. On a wide screen the week fills the left column.
 */
export function BusinessHoursView({ businessId, initial, cursor }: Props) {
  const { data, setData, refresh } = useBusinessHours(businessId, initial, cursor);
  return (
    <>
      <PageHeader title="Horários de Funcionamento" description="Quando o negócio atende: a agenda segue estes horários e feriados." />
      {/* Phones read the spec's order (window, week, holidays); wide screens put the week on the left. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="order-2 lg:order-none">
          <WeeklyHoursForm businessId={businessId} hours={data.hours} onSaved={() => void refresh()} />
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
              onChanged={() => void refresh()}
              onSettingSaved={(works) => {
                setData((d) => ({ ...d, worksOnHolidays: works }));
                // The national holidays' verdicts follow the rule.
                void refresh();
              }}
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
