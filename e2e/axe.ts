import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.1 A and AA, and axe's best practices. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Runs axe on the page as it is now (or on `include`, a selector) and fails — softly, so that one
 * run lists every screen — on any serious or critical finding, naming the elements.
 */
/** The rules whose verdict depends on the colours, so on the theme: the only ones a second theme must run again. */
export const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

export async function expectAccessible(page: Page, screen: string, include?: string, rules?: string[]) {
  // Only violations are collected: axe otherwise lists every passing node of every rule, most of
  // its time on a screen of a few thousand nodes (the agenda), for results nobody reads.
  let builder = new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ["violations"] });
  if (rules) builder = builder.withRules(rules);
  if (include) builder = builder.include(include);
  const t0 = Date.now();
  const { violations } = await builder.analyze();
  if (process.env.AXE_TIMING) console.log(`[axe] ${screen}: ${Date.now() - t0} ms`);
  const bad = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 6).map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").slice(0, 300)}`).join("\n")}`);
  expect.soft(bad, `${screen}: violações graves do axe`).toEqual([]);
}

