import { Building2, CalendarDays } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { StaticIcon } from "./static-icon";

describe("StaticIcon", () => {
  test("draws the same SVG as the lucide component", () => {
    for (const icon of [Building2, CalendarDays]) {
      const ours = renderToStaticMarkup(createElement(StaticIcon, { icon, className: "size-4" }));
      const theirs = renderToStaticMarkup(createElement(icon, { "aria-hidden": true, className: "size-4" }));
      const shapes = (svg: string) => svg.match(/<(path|rect|circle|line|polyline|polygon)[^>]*>/g);
      expect(shapes(ours)).toEqual(shapes(theirs));
      expect(shapes(ours)!.length).toBeGreaterThan(0);
      expect(ours).toContain('viewBox="0 0 24 24"');
    }
  });
});
