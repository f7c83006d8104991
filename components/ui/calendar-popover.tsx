"use client";

import { cloneElement, lazy, Suspense } from "react";
import type { DayPickerProps } from "react-day-picker";
import { parseDateOnly } from "@/lib/core/time/business-date";
import { useOpenedOnce } from "./use-opened-once";

const load = () => import("./calendar-popover-open");
const Open = lazy(load);

export type CalendarPopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (a <Button>): the same before and after the calendar's code loads. */
  trigger: React.ReactElement<React.ComponentProps<"button">>;
  /** react-day-picker's props (mode, selected, onSelect, disabled …); the day gets the focus. */
  calendar: DayPickerProps;
  /** Under the month grid (e.g. the period's buttons). */
  footer?: React.ReactNode;
};

/**
 * A button that opens a month calendar in a popover. The calendar and the popover (react-day-picker,
 * the Radix popover with its positioning and focus handling: ~30 KB compressed) load on first use,
 * as LazyMenu does for menus: until then the trigger is the same button, plain, and pointing at or
 * focusing it starts the download. Most views of the pages that have one never open it.
 */
export function CalendarPopover(props: CalendarPopoverProps) {
  const opened = useOpenedOnce(props.open);
  const plain = cloneElement(props.trigger, {
    "aria-haspopup": "dialog",
    "aria-expanded": false,
    onClick: () => props.onOpenChange(true),
    onPointerEnter: () => void load(),
    onFocus: () => void load(),
  });
  if (!opened) return plain;
  return (
    <Suspense fallback={plain}>
      <Open {...props} />
    </Suspense>
  );
}

/** A YYYY-MM-DD wall-clock date as the browser's local midnight (what the calendar works in). */
export function toLocalDate(ymd: string): Date {
  const { year, month, day } = parseDateOnly(ymd);
  return new Date(year, month - 1, day);
}

/** The calendar's local-midnight day back as YYYY-MM-DD. */
export function fromLocalDate(d: Date): string {
  return `${String(d.getFullYear()).padStart(4, "0")}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}
