/**
 * WCAG 2 contrast of the colours our tokens are written in (oklch, as in app/globals.css), so a
 * unit test can hold a token to 4.5:1 without a browser. Colours outside sRGB are clipped, as a
 * screen would show them.
 */
export type Oklch = { l: number; c: number; h: number };

/** `oklch(L C H)` with L as a number or a percentage; null for anything else. */
export function parseOklch(text: string): Oklch | null {
  const m = text.trim().match(/^oklch\(\s*([\d.]+)(%?)\s+([\d.]+)\s+([\d.]+)(?:deg)?\s*(?:\/\s*[\d.%]+\s*)?\)$/i);
  if (!m) return null;
  return { l: Number(m[1]) / (m[2] ? 100 : 1), c: Number(m[3]), h: Number(m[4]) };
}

/** OKLab of an oklch colour. */
export function oklab({ l, c, h }: Oklch): [number, number, number] {
  const rad = (h * Math.PI) / 180;
  return [l, c * Math.cos(rad), c * Math.sin(rad)];
}

/** Linear-light sRGB channels (0–1, clipped) of an oklch colour (Björn Ottosson's matrices). */
export function linearRgb(color: Oklch): [number, number, number] {
  const [L, a, b] = oklab(color);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  return [
    clip(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    clip(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    clip(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

/** WCAG relative luminance. */
export function luminance(color: Oklch): number {
  const [r, g, b] = linearRgb(color);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio (1–21) of two colours. */
export function contrast(a: Oklch, b: Oklch): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Euclidean distance in OKLab: about 0.02 is a just-noticeable difference. */
export function difference(a: Oklch, b: Oklch): number {
  const [x, y] = [oklab(a), oklab(b)];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}
