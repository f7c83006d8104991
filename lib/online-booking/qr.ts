import "server-only";
import QRCode from "qrcode";

/**
 * The QR code of the public page, made on the server (no network): a PNG data URL to show and to
 * download for printing (a counter sign, a card). Error correction M survives a worn print.
 */
export async function qrCodePng(url: string): Promise<string> {
  return QRCode.toDataURL(url, { errorCorrectionLevel: "M", margin: 2, width: 512, color: { dark: "#000000", light: "#ffffff" } });
}
