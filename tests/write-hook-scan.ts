/**
 * The source check behind "every business write goes through the write hook"
 * (components/live/use-write.ts): in a component's source, each name imported from an actions
 * module that is a business's write may appear only as `useWrite(name…` (or in a `typeof`).
 */

/** The source without its comments (a comment may name an action). */
export function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

export type ActionImport = { module: string; imported: string; local: string };

/** The names `source` imports from actions modules (`…/actions`), and the modules it imports whole (which the check refuses). */
export function actionImports(source: string): { named: ActionImport[]; whole: string[] } {
  const named: ActionImport[] = [];
  const whole: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']*\/actions)["']/g)) {
    if (m[1]) continue;
    const [, , clause, module] = m;
    const braces = /\{([^}]*)\}/.exec(clause);
    if (clause.replace(/\{[^}]*\}/, "").replace(/,/g, "").trim()) whole.push(module);
    for (const part of braces?.[1].split(",") ?? []) {
      const spec = part.trim();
      if (!spec || spec.startsWith("type ")) continue;
      const [imported, local = imported] = spec.split(/\s+as\s+/).map((s) => s.trim());
      named.push({ module, imported, local });
    }
  }
  return { named, whole };
}

/** The uses of `local` in `source` (comments and import lines aside) that are not `useWrite(local` nor `typeof local`: each as its line. */
export function usesOutsideHook(source: string, local: string): string[] {
  const code = withoutComments(source).replace(/^\s*import\s[^;]*;/gm, "");
  const out: string[] = [];
  for (const m of code.matchAll(new RegExp(`(?<![\\w$.])${local.replace(/\$/g, "\\$")}(?![\\w$])`, "g"))) {
    const before = code.slice(0, m.index);
    if (/useWrite\(\s*$/.test(before) || /typeof\s+$/.test(before)) continue;
    out.push(code.slice(before.lastIndexOf("\n") + 1, code.indexOf("\n", m.index)).trim());
  }
  return out;
}
