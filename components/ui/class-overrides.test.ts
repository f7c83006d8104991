/**
 * A className given to one of our ui components must win over the component's own classes.
 * `cn()` only joins them (no tailwind-merge: its ~8 KB would put routes over their JavaScript
 * budget), and with two classes that set the same CSS property the one later in Tailwind's
 * stylesheet wins, whatever their order in the attribute: `size-8` on a `size="icon"` button
 * (`h-10 w-10`) or `text-base` on a CardTitle (`text-lg`) did nothing. This test finds every
 * such override in the app's source with Tailwind's own ordering and properties, so the fix is a
 * variant or prop of the component (or no override), never a class that silently loses.
 */
import fs from "node:fs";
import path from "node:path";
import { __unstable__loadDesignSystem } from "@tailwindcss/node";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import ts from "typescript";
import { beforeAll, describe, expect, test } from "vitest";
import { sourceFiles } from "@/tests/source-files";

const ROOT = path.resolve(__dirname, "../..");
type DesignSystem = Awaited<ReturnType<typeof __unstable__loadDesignSystem>>;
let design: DesignSystem;

beforeAll(async () => {
  const css = fs.readFileSync(path.join(ROOT, "app/globals.css"), "utf8");
  design = await __unstable__loadDesignSystem(css, { base: path.join(ROOT, "app") });
});

type Usage = { file: string; line: number; tag: string; module: string; props: Record<string, string>; className: string };

/** Each JSX element of a components/ui export with a literal className, with its literal props. */
function usages(): Usage[] {
  const found: Usage[] = [];
  for (const file of ["app", "components"].flatMap((d) => sourceFiles(path.join(ROOT, d), (f) => f.endsWith(".tsx")))) {
    const text = fs.readFileSync(file, "utf8");
    if (!text.includes("@/components/ui/")) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const imported = new Map<string, string>();
    for (const s of source.statements) {
      if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
      const from = s.moduleSpecifier.text;
      const named = s.importClause?.namedBindings;
      if (!from.startsWith("@/components/ui/") || !named || !ts.isNamedImports(named)) continue;
      for (const n of named.elements) imported.set(n.name.text, from);
    }
    const visit = (node: ts.Node) => {
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        const tag = node.tagName.getText(source);
        const from = imported.get(tag);
        if (from) {
          const props: Record<string, string> = {};
          let className: string | null = null;
          for (const a of node.attributes.properties) {
            if (!ts.isJsxAttribute(a) || !a.initializer) continue;
            const value = ts.isStringLiteral(a.initializer)
              ? a.initializer.text
              : ts.isJsxExpression(a.initializer) && a.initializer.expression && ts.isStringLiteral(a.initializer.expression)
                ? a.initializer.expression.text
                : null;
            if (value === null) continue;
            const name = a.name.getText(source);
            if (name === "className") className = value;
            else if (name === "size" || name === "variant") props[name] = value;
          }
          if (className) {
            const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
            found.push({ file: path.relative(ROOT, file), line, tag, module: from, props, className });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

/** The component's own classes for these props: what it renders with no className. */
async function ownClasses(u: Usage): Promise<string[] | null> {
  const mod = (await import(u.module.replace("@/", `${ROOT}/`))) as Record<string, ComponentType<Record<string, string>>>;
  try {
    const html = renderToStaticMarkup(createElement(mod[u.tag], u.props));
    return html.match(/class="([^"]*)"/)?.[1].split(/\s+/).filter(Boolean) ?? [];
  } catch {
    return null; // needs a context (a Radix part): its classes are checked where it renders alone
  }
}

const variantOf = (c: string) => {
  const parsed = design.parseCandidate(c);
  return parsed.length ? parsed[0].variants.map((v) => design.printVariant(v)).join(":") : null;
};
// Shorthands as the longhands they set, so `p-6` and `pt-0` contest the top padding.
const LONGHANDS: Record<string, string[]> = {
  padding: ["padding-top", "padding-right", "padding-bottom", "padding-left"],
  "padding-inline": ["padding-right", "padding-left"],
  "padding-block": ["padding-top", "padding-bottom"],
  margin: ["margin-top", "margin-right", "margin-bottom", "margin-left"],
  "margin-inline": ["margin-right", "margin-left"],
  "margin-block": ["margin-top", "margin-bottom"],
  inset: ["top", "right", "bottom", "left"],
  gap: ["row-gap", "column-gap"],
  "border-radius": ["border-top-left-radius", "border-top-right-radius", "border-bottom-right-radius", "border-bottom-left-radius"],
  overflow: ["overflow-x", "overflow-y"],
};

/**
 * The CSS declarations a class makes (Tailwind's own output, its `@property` registrations aside),
 * longhand property → value. A font size's line height is left out: Tailwind writes it as
 * `var(--tw-leading, …)` so that a `leading-*` class wins over it whatever the order.
 */
function declarationsOf(c: string): Map<string, string> {
  const css = (design.candidatesToCss([c])[0] ?? "").replace(/@property[^{]*\{[^}]*\}/g, "");
  const found = new Map<string, string>();
  for (const [, property, value] of css.matchAll(/^\s*(--[\w-]+|[a-z][a-z-]*)\s*:\s*([^;]*);/gm)) {
    for (const p of LONGHANDS[property] ?? [property]) found.set(p, value.trim());
  }
  if (found.has("font-size")) found.delete("line-height");
  return found;
}

/** The given classes that a class of the component's own beats: same property, another value, later in the stylesheet. */
function losers(own: string[], given: string[]): string[] {
  const order = new Map(design.getClassOrder([...own, ...given]));
  const later = (a: string, b: string) => (order.get(a) ?? -1n) > (order.get(b) ?? -1n);
  const out: string[] = [];
  for (const g of given) {
    const gv = variantOf(g);
    if (gv === null || order.get(g) === null) continue;
    const gd = declarationsOf(g);
    for (const o of own) {
      const ov = variantOf(o);
      // An own class under a variant beats an unconditional given one while its condition holds.
      if (ov === null || (ov !== gv && gv !== "")) continue;
      const od = declarationsOf(o);
      const contested = [...od].filter(([p, v]) => gd.has(p) && gd.get(p) !== v).map(([p]) => p);
      if (!contested.length || !later(o, g)) continue;
      // …unless another given class sets that property too, under the own class's variant, and wins.
      const answered = (p: string) => given.some((h) => h !== g && variantOf(h) === ov && declarationsOf(h).has(p) && later(h, o));
      if (contested.every(answered)) continue;
      out.push(`${g} (loses to ${o})`);
    }
  }
  return out;
}

describe("classes given to the ui components", () => {
  test("the rule sees a losing override and lets a winning one pass", () => {
    expect(losers(["h-10", "w-10"], ["size-8"])).toEqual(["size-8 (loses to h-10)", "size-8 (loses to w-10)"]);
    expect(losers(["text-lg"], ["text-base"])).toEqual(["text-base (loses to text-lg)"]);
    expect(losers(["p-6", "pt-0"], ["p-6"])).toEqual(["p-6 (loses to pt-0)"]);
    expect(losers(["text-base", "md:text-sm"], ["text-xs"])).toEqual(["text-xs (loses to md:text-sm)"]);
    expect(losers(["p-6", "pt-0"], ["px-3", "pt-6"])).toEqual([]);
    expect(losers(["p-6", "pt-0"], ["p-6", "pt-6"])).toEqual([]);
    expect(losers(["h-10", "w-10"], ["h-12", "w-full"])).toEqual([]);
    expect(losers(["text-sm"], ["text-primary", "md:text-base"])).toEqual([]);
    expect(losers(["hover:text-accent-foreground"], ["text-destructive"])).toEqual(["text-destructive (loses to hover:text-accent-foreground)"]);
    expect(losers(["hover:text-accent-foreground"], ["text-destructive", "hover:text-destructive"])).toEqual([]);
    expect(losers(["leading-none", "font-medium"], ["text-xs"])).toEqual([]);
    expect(losers(["read-only:bg-muted"], ["bg-muted"])).toEqual([]);
    expect(losers(["shadow-sm"], ["shadow-lg"])).toEqual(["shadow-lg (loses to shadow-sm)"]);
    expect(losers(["font-semibold", "focus-visible:ring-2"], ["font-normal", "tabular-nums"])).toEqual(["font-normal (loses to font-semibold)"]);
  });

  test("every className given to a components/ui export in the app wins over the component's own classes", async () => {
    const all = usages();
    expect(all.length).toBeGreaterThan(100);
    const problems: string[] = [];
    let checked = 0;
    for (const u of all) {
      const own = await ownClasses(u);
      if (!own) continue;
      checked += 1;
      for (const l of losers(own, u.className.split(/\s+/).filter(Boolean))) problems.push(`${u.file}:${u.line} <${u.tag}> ${l}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems).toEqual([]);
    // It parses every .tsx of the app with the TypeScript compiler: 1–2 s alone, over 5 s (the
    // default) beside the integration tests on CI's two cores.
  }, 60_000);
});
