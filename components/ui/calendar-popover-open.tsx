"use client";

import { Calendar } from "./calendar";
import type { CalendarPopoverProps } from "./calendar-popover";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

/** CalendarPopover once its code is wanted: the Radix popover around the month calendar. */
export default function CalendarPopoverOpen({ open, onOpenChange, trigger, calendar, footer }: CalendarPopoverProps) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent className="w-auto p-2" align="start" aria-label="Calendário" onOpenAutoFocus={focusCalendarDay}>
        <Calendar autoFocus {...calendar} />
        {footer}
      </PopoverContent>
    </Popover>
  );
}

/**
 * The keyboard starts on the day (react-day-picker's focus target: the selected day, else today)
 * instead of the month buttons, so the arrows move through the days at once.
 */
function focusCalendarDay(event: Event) {
  const day = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]');
  if (!day) return;
  event.preventDefault();
  day.focus();
}
