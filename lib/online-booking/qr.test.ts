import QRCode from "qrcode";
import { describe, expect, test, vi } from "vitest";
import { qrCodePng } from "./qr";

describe("the public page's QR code", () => {
  test("is a PNG of the address, drawn once per address and kept", async () => {
    const draw = vi.spyOn(QRCode, "toDataURL");
    const first = await qrCodePng("https://agenda.example/agendar/salao-a");
    expect(first).toMatch(/^data:image\/png;base64,/);
    expect(await qrCodePng("https://agenda.example/agendar/salao-a")).toBe(first);
    expect(draw).toHaveBeenCalledTimes(1);
    const other = await qrCodePng("https://agenda.example/agendar/salao-b");
    expect(other).not.toBe(first);
    expect(draw).toHaveBeenCalledTimes(2);
  });

  test("keeps at most 200 codes: the oldest is drawn again when asked for after 200 others", async () => {
    const draw = vi.spyOn(QRCode, "toDataURL");
    draw.mockClear();
    await qrCodePng("https://agenda.example/agendar/primeiro");
    for (let i = 0; i < 200; i++) await qrCodePng(`https://agenda.example/agendar/n${i}`);
    draw.mockClear();
    await qrCodePng("https://agenda.example/agendar/n199");
    expect(draw).not.toHaveBeenCalled();
    await qrCodePng("https://agenda.example/agendar/primeiro");
    expect(draw).toHaveBeenCalledTimes(1);
    // 202 real drawings, about 25 ms each on an idle core: vitest's 5 s default failed under CI's load.
  }, 60_000);
});
