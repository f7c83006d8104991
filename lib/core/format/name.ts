/** "Maria" of "  Maria da Silva ": what a reminder greets and a calendar feed shows (no surname). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/u)[0] ?? "";
}
