/**
 * Every appointment status has a colour of its own, in both themes, that reads on the card at
 * 4.5:1 or better: the tokens of app/globals.css, the classes lib/appointments/status.ts gives
 * out, and the two kept apart (a shared colour, as 'Concluído' once had pendente's yellow, fails).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contrast, difference, parseOklch, type Oklch } from "@/lib/color/contrast";
import { STATUS_TONES, STATUSES } from "./status";

const css = fs.readFileSync(path.resolve(__dirname, "../../app/globals.css"), "utf8");

/** The custom properties of the first rule with this selector. */
function block(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`);
  const body = css.slice(css.indexOf("{", start) + 1, css.indexOf("}", start));
  return Object.fromEntries([...body.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2].trim()]));
}

const light = block(":root");
const THEMES = { claro: light, escuro: { ...light, ...block(".dark") } };

/** A token's colour in a theme, following var() references. */
function colour(vars: Record<string, string>, name: string): Oklch {
  let value = vars[name];
  for (let i = 0; value?.startsWith("var("); i++) value = vars[value.slice(4, -1).trim()];
  const parsed = value && parseOklch(value);
  if (!parsed) throw new Error(`${name}: sem cor oklch (${vars[name]})`);
  return parsed;
}

describe("status colours", () => {
  it("one token per status, used by its classes and mapped for Tailwind", () => {
    const keys = STATUSES.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const s of STATUSES) {
      expect(s.bar).toBe(`bg-status-${s.key}`);
      expect(s.border).toBe(`border-status-${s.key}`);
      expect(s.text).toBe(`text-status-${s.key}`);
      expect(s.tint).toMatch(new RegExp(`^bg-status-${s.key}/\\d+$`));
      expect(STATUS_TONES[s.key].bar).toBe(s.bar);
      expect(css).toContain(`--color-status-${s.key}: var(--status-${s.key});`);
    }
  });

  for (const [theme, vars] of Object.entries(THEMES)) {
    it(`tema ${theme}: each status reads on the card at 4.5:1 or better`, () => {
      const card = colour(vars, "--card");
      for (const s of STATUSES) {
        expect(contrast(colour(vars, `--status-${s.key}`), card), `${s.label} no tema ${theme}`).toBeGreaterThanOrEqual(4.5);
      }
    });

    it(`tema ${theme}: no two statuses share a colour (or come close)`, () => {
      for (const a of STATUSES) {
        for (const b of STATUSES) {
          if (a.id >= b.id) continue;
          expect(difference(colour(vars, `--status-${a.key}`), colour(vars, `--status-${b.key}`)), `${a.label} e ${b.label} no tema ${theme}`).toBeGreaterThan(0.1);
        }
      }
    });
  }
});
