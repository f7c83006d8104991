/**
 * Brings a day's section to the top of the screen and keeps it there while the page settles.
 *
 * The days are drawn lazily (`content-visibility:auto`, a 12rem guess each, day-section.tsx), and
 * the later days join the list after the first draw; a busy day is three or four times the guess.
 * One scroll, made before the real heights are known, left the asked day 2,500 px below the top
 * once the days the scroll passed (or the days joining above) took their heights. So the scroll is
 * made again whenever the page's height changes, until the person takes over (a wheel, a touch, a
 * key, a press) or the page has been still for a while.
 */
const SETTLED_MS = 1500;
const GIVE_UP_MS = 8000;
const TAKE_OVER = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

let current: (() => void) | null = null;

export function scrollToDay(date: string) {
  current?.();
  const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  let settle: ReturnType<typeof setTimeout> | undefined;
  const place = (behavior: ScrollBehavior) => {
    document.getElementById(`dia-${date}`)?.scrollIntoView({ behavior, block: "start" });
    clearTimeout(settle);
    settle = setTimeout(stop, SETTLED_MS);
  };
  // Later corrections jump: a smooth one restarted on every change would never arrive.
  let height = document.body.scrollHeight;
  const observer = new ResizeObserver(() => {
    // Its first call comes on observe(), with nothing changed.
    if (document.body.scrollHeight === height) return;
    height = document.body.scrollHeight;
    place("auto");
  });
  const giveUp = setTimeout(stop, GIVE_UP_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(settle);
    clearTimeout(giveUp);
    for (const type of TAKE_OVER) window.removeEventListener(type, stop, true);
    if (current === stop) current = null;
  }
  current = stop;
  for (const type of TAKE_OVER) window.addEventListener(type, stop, { capture: true, passive: true });
  requestAnimationFrame(() => {
    if (current !== stop) return;
    place(smooth ? "smooth" : "auto");
    observer.observe(document.body);
  });
}
