import "server-only";
import QRCode from "qrcode";

/**
 * The last codes made, by address: drawing one takes about 25 ms of CPU, and 'Meus Dados' shows the
 * same business's code on every visit. A code depends on its address alone, so a kept one is never
 * stale; a bounded map (oldest out first) keeps memory flat across many businesses.
 */
const made = new Map<string, Promise<string>>();
const KEPT = 200;

/**
 * The QR code of the public page, made on the server (no network): a PNG data URL to show and to
 * download for printing (a counter sign, a card). Error correction M survives a worn print.
 */
export function qrCodePng(url: string): Promise<string> {
  const kept = made.get(url);
  if (kept) return kept;
  const png = QRCode.toDataURL(url, { errorCorrectionLevel: "M", margin: 2, width: 512, color: { dark: "#000000", light: "#ffffff" } });
  made.set(url, png);
  png.catch(() => made.delete(url));
  if (made.size > KEPT) made.delete(made.keys().next().value!);
  return png;
}
