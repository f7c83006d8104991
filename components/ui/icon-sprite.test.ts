import { Mail as MailData, Pencil as PencilData } from "lucide";
import { Mail, Pencil } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { iconSprite } from "./icon-sprite";

const shapes = (svg: string) => svg.match(/<(path|rect|circle|line|polyline|polygon)[^>]*>/g);

describe("iconSprite", () => {
  const { Sprite, Icon } = iconSprite("t", { pencil: PencilData, mail: MailData });
  const sprite = renderToStaticMarkup(createElement(Sprite));

  test("each symbol draws what the lucide-react icon draws, stroked as lucide strokes", () => {
    for (const [name, component] of [["pencil", Pencil], ["mail", Mail]] as const) {
      const symbol = new RegExp(`<symbol id="t-${name}"[^>]*>(.*?)</symbol>`).exec(sprite);
      expect(symbol).not.toBeNull();
      expect(symbol![0]).toContain('viewBox="0 0 24 24"');
      expect(symbol![0]).toContain('stroke="currentColor"');
      expect(symbol![0]).toContain('fill="none"');
      expect(shapes(symbol![1])).toEqual(shapes(renderToStaticMarkup(createElement(component))));
    }
  });

  test("an icon points at its symbol and draws no shape of its own", () => {
    const icon = renderToStaticMarkup(createElement(Icon, { name: "mail", className: "size-4" }));
    expect(icon).toContain('<use href="#t-mail"></use>');
    expect(icon).toContain('class="lucide size-4"');
    expect(icon).toContain('viewBox="0 0 24 24"');
    expect(icon).toContain('aria-hidden="true"');
    expect(shapes(icon)).toBeNull();
  });
});
