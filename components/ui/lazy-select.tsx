"use client";

import { ChevronDown } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { cn } from "@/lib/cn";
import { selectTriggerClass } from "./select-trigger-style";

const load = () => import("./lazy-select-open");
const Open = lazy(load);

export type SelectOption = { value: string; label: string };

export type LazySelectProps = {
  /** For the <Label htmlFor>. */
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  disabled?: boolean;
  className?: string;
  /** A form field's error state (FormField's a11y props). */
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/**
 * A select of a few fixed choices whose code (the Radix select, its positioning and focus
 * handling) loads on first use, as LazyMenu does for menus: until then it is a plain button that
 * looks the same and shows the choice; a click, or ↓/↑ from the keyboard, swaps in the real select,
 * open. Pointing at or focusing it starts the download early.
 */
export function LazySelect(props: LazySelectProps) {
  const [wanted, setWanted] = useState(false);
  const plain = (
    <button
      type="button"
      id={props.id}
      // The role, state and dangling list reference the Radix trigger has while closed.
      role="combobox"
      aria-controls={`${props.id}-options`}
      aria-expanded={false}
      aria-autocomplete="none"
      aria-invalid={props["aria-invalid"]}
      aria-describedby={props["aria-describedby"]}
      disabled={props.disabled}
      className={cn(selectTriggerClass, props.className)}
      onClick={() => setWanted(true)}
      onKeyDown={(e) => {
        if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
        e.preventDefault();
        setWanted(true);
      }}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
    >
      <span>{props.options.find((o) => o.value === props.value)?.label}</span>
      <ChevronDown aria-hidden className="size-4 shrink-0 opacity-60" />
    </button>
  );
  if (!wanted) return plain;
  return (
    <Suspense fallback={plain}>
      <Open {...props} />
    </Suspense>
  );
}
