"use client";

import { format } from "date-fns";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { DayPicker, getDefaultClassNames, type ChevronProps, type DayPickerProps } from "react-day-picker";
import { ptBR } from "react-day-picker/locale";
import { cn } from "@/lib/cn";

/** Spec section 9's weekday labels (date-fns writes "sab"). */
const WEEKDAYS = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"];

const navButton = cn(
  "inline-flex size-8 items-center justify-center rounded-md border border-input bg-background text-foreground transition-colors",
  "hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
  "disabled:pointer-events-none disabled:opacity-40",
);

function Chevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === "left" ? ChevronLeft : ChevronRight;
  return <Icon aria-hidden className={cn("size-4", className)} />;
}

/**
 * A month calendar (react-day-picker v9) in Brazilian Portuguese, in the app's light and dark
 * tokens. Pass DayPicker's own props (mode, selected, onSelect, disabled …).
 */
export function Calendar({ className, classNames, formatters, showOutsideDays = true, ...props }: DayPickerProps) {
  const d = getDefaultClassNames();
  return (
    <DayPicker
      locale={ptBR}
      showOutsideDays={showOutsideDays}
      className={cn("w-fit p-1", className)}
      formatters={{
        formatWeekdayName: (date) => WEEKDAYS[date.getDay()],
        formatCaption: (month) => format(month, "LLLL 'de' yyyy", { locale: ptBR }),
        ...formatters,
      }}
      classNames={{
        root: cn("w-fit", d.root),
        months: "relative flex flex-col gap-4 sm:flex-row",
        month: "flex w-full flex-col gap-2",
        nav: "absolute inset-x-0 top-0 flex items-center justify-between",
        button_previous: navButton,
        button_next: navButton,
        month_caption: "flex h-8 items-center justify-center px-10",
        caption_label: "text-sm font-medium first-letter:uppercase",
        month_grid: "w-full border-collapse",
        weekdays: "flex",
        weekday: "w-9 text-center text-xs font-normal text-muted-foreground",
        week: "mt-1 flex w-full",
        day: "relative size-9 p-0 text-center text-sm",
        day_button: cn(
          "inline-flex size-9 items-center justify-center rounded-md font-normal transition-colors",
          "hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
          "disabled:pointer-events-none",
        ),
        selected: cn(
          "[&>button]:bg-primary [&>button]:font-semibold [&>button]:text-primary-foreground",
          "[&>button:hover]:bg-primary [&>button:hover]:text-primary-foreground",
        ),
        today: "[&>button]:font-semibold [&>button]:underline [&>button]:decoration-primary [&>button]:decoration-2 [&>button]:underline-offset-4",
        outside: "text-muted-foreground opacity-60",
        disabled: "text-muted-foreground opacity-40",
        hidden: "invisible",
        ...classNames,
      }}
      components={{ Chevron }}
      {...props}
    />
  );
}
