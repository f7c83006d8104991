/**
 * Timing one interaction inside the page, from the person's input to the frame that shows its
 * result: `arm` listens for the input (the pointerdown of a click, or each keydown of typing: the
 * last one counts) and checks the conditions at every animation frame; the first frame at which
 * they all hold paints the result, and a message posted from it is handled once the main thread has
 * painted it. The time then, minus the input event's time (both on the page's clock), is input to
 * next paint with that result, as Interaction to Next Paint counts it, without the driver's round trips.
 */
import type { Page } from "@playwright/test";

export type Condition =
  /** An element matching `selector` is rendered (checkVisibility), containing `text` when given. */
  | { visible: string; text?: string }
  /** No element matches `selector`. */
  | { absent: string }
  /** At least `atLeast` elements match `selector`. */
  | { count: string; atLeast: number }
  /** The address's path, and `q` when given. */
  | { path: string; q?: string };

export type Start = "pointerdown" | "keydown";

type ProbeWindow = Window & { __interaction?: Promise<{ ms: number } | { error: string }> };

/** Starts listening for the input and watching for the result; call before performing the input. */
export async function arm(page: Page, start: Start, conditions: Condition[], timeoutMs = 20_000): Promise<void> {
  // tsx compiles this file keeping function names (esbuild's keepNames), which calls a helper the
  // page does not have; a string is sent as it is.
  await page.evaluate("globalThis.__name ??= (fn) => fn");
  await page.evaluate(
    ({ start, conditions, timeoutMs }) => {
      const holds = (c: Condition): boolean => {
        if ("visible" in c) {
          return [...document.querySelectorAll(c.visible)].some((el) => el.checkVisibility() && (!c.text || (el.textContent ?? "").includes(c.text)));
        }
        if ("absent" in c) return !document.querySelector(c.absent);
        if ("count" in c) return document.querySelectorAll(c.count).length >= c.atLeast;
        return location.pathname === c.path && (c.q === undefined || new URLSearchParams(location.search).get("q") === c.q);
      };
      let inputAt: number | null = null;
      const onInput = (e: Event) => {
        // A click is timed from its pointerdown; typing from its last key.
        if (e.isTrusted && (start === "keydown" || inputAt === null)) inputAt = e.timeStamp;
      };
      addEventListener(start, onInput, true);
      const w = window as ProbeWindow;
      w.__interaction = new Promise((resolve) => {
        const deadline = performance.now() + timeoutMs;
        const frame = (t: number) => {
          if (inputAt !== null && conditions.every(holds)) {
            removeEventListener(start, onInput, true);
            // This frame paints the result; a message posted now is handled once it has.
            const painted = new MessageChannel();
            const at = inputAt;
            painted.port1.onmessage = () => resolve({ ms: performance.now() - at });
            painted.port2.postMessage(null);
          } else if (t > deadline) {
            removeEventListener(start, onInput, true);
            resolve({ error: `sem resultado em ${timeoutMs} ms: ${JSON.stringify(conditions)}` });
          } else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
    },
    { start, conditions, timeoutMs },
  );
}

/** Waits for the armed interaction's result: milliseconds from the input to the frame that shows it. */
export async function result(page: Page): Promise<number> {
  const r = await page.evaluate(() => (window as ProbeWindow).__interaction!);
  if ("error" in r) throw new Error(r.error);
  return Math.round(r.ms * 10) / 10;
}
