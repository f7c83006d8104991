/**
 * The "what changed" part of an audit description, in Portuguese: `duração: 30min → 45min;
 * descrição: vazio → "Com lavagem"`. Pure; the old and new values themselves go to the row's
 * old_values / new_values.
 */
export type FieldLabels<T> = {
  [K in keyof T]?: {
    label: string;
    show?: (value: T[K]) => string;
    /** The whole "campo: …" text, when "antes → depois" says it badly (a photo replaced by another). */
    change?: (before: T[K], after: T[K]) => string;
  };
};

function plain(value: unknown): string {
  if (value === null || value === undefined || value === "") return "vazio";
  if (typeof value === "boolean") return value ? "sim" : "não";
  if (typeof value === "string") return `"${value}"`;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** "campo: antes → depois" for each labelled field that differs, in the order of `labels`. */
export function changeList<T extends Record<string, unknown>>(labels: FieldLabels<T>, before: T, after: T): string[] {
  const out: string[] = [];
  for (const key of Object.keys(labels) as (keyof T)[]) {
    const field = labels[key]!;
    if (same(before[key], after[key])) continue;
    if (field.change) {
      out.push(`${field.label}: ${field.change(before[key] as never, after[key] as never)}`);
      continue;
    }
    const show = (v: T[keyof T]) => (v === null || v === undefined || v === "" ? "vazio" : field.show ? field.show(v as never) : plain(v));
    out.push(`${field.label}: ${show(before[key])} → ${show(after[key])}`);
  }
  return out;
}

/** `base (a; b)`, or `base (sem alterações)` when nothing changed. */
export function withChanges(base: string, changes: readonly string[]): string {
  return `${base} (${changes.length ? changes.join("; ") : "sem alterações"})`;
}
