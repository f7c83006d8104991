import { Building2 as Building2Data, CalendarDays as CalendarDaysData } from "lucide";
import { Building2, CalendarDays } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { StaticIcon } from "./static-icon";

describe("StaticIcon", () => {
  test("draws what the lucide-react component draws", () => {
    for (const [data, component] of [[Building2Data, Building2], [CalendarDaysData, CalendarDays]] as const) {
      const ours = renderToStaticMarkup(createElement(StaticIcon, { icon: data, className: "size-4" }));
      const theirs = renderToStaticMarkup(createElement(component, { "aria-hidden": true, className: "size-4" }));
      const shapes = (svg: string) => svg.match(/<(path|rect|circle|line|polyline|polygon)[^>]*>/g);
      expect(shapes(ours)!.length).toBeGreaterThan(0);
      expect(shapes(ours)).toEqual(shapes(theirs));
    }
  });
});
