import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { preloadable } from "./preloadable";

function Greeting({ name }: { name: string }) {
  return createElement("p", null, `Olá, ${name}`);
}

describe("preloadable", () => {
  it("loads the code once, however often it is asked for", async () => {
    const load = vi.fn(async () => Greeting);
    const Lazy = preloadable(load);
    expect(load).not.toHaveBeenCalled();
    const [a, b] = await Promise.all([Lazy.preload(), Lazy.preload()]);
    await Lazy.preload();
    expect(a).toBe(Greeting);
    expect(b).toBe(Greeting);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed load (a background load that failed costs the click nothing)", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("rede")).mockResolvedValue(Greeting);
    const Lazy = preloadable(load);
    await expect(Lazy.preload()).rejects.toThrow("rede");
    await expect(Lazy.preload()).resolves.toBe(Greeting);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("renders nothing while its code loads, and at once, without suspending, once it is there", async () => {
    const Lazy = preloadable(async () => Greeting);
    // renderToString does not wait for a suspended boundary: it writes its fallback (here nothing).
    expect(renderToString(createElement(Lazy, { name: "Ana" }))).not.toContain("Olá");
    await Lazy.preload();
    expect(renderToString(createElement(Lazy, { name: "Ana" }))).toContain("Olá, Ana");
    expect(renderToString(createElement(Lazy.Suspending, { name: "Bia" }))).toContain("Olá, Bia");
  });

  it("loads nothing by itself outside a browser, even when asked to load once idle", () => {
    const load = vi.fn(async () => Greeting);
    preloadable(load, { whenIdle: true });
    expect(load).not.toHaveBeenCalled();
  });
});
