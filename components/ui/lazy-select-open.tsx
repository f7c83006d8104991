"use client";

import type { LazySelectProps } from "./lazy-select";
import { OptionsSelect } from "./select";

/** LazySelect once its code is wanted: the Radix select, open the first time. */
export default function LazySelectOpen({ value, onValueChange, options, disabled, ...triggerProps }: LazySelectProps) {
  return <OptionsSelect value={value} onValueChange={onValueChange} disabled={disabled} defaultOpen options={options} triggerProps={triggerProps} />;
}
