import { describe, expect, it } from "vitest";
import { AVATAR_MESSAGES, checkAvatar, MAX_AVATAR_BYTES, sniffImageType } from "./image-type";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffImageType", () => {
  it.each([
    ["JPEG (JFIF)", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF"), "image/jpeg"],
    ["JPEG (Exif)", bytes([0xff, 0xd8, 0xff, 0xe1]), "image/jpeg"],
    ["PNG", bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "IHDR"), "image/png"],
    ["GIF87a", bytes("GIF87a", [1, 0]), "image/gif"],
    ["GIF89a", bytes("GIF89a", [1, 0]), "image/gif"],
    ["WebP", bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 "), "image/webp"],
  ])("%s", (_, b, type) => expect(sniffImageType(b)).toBe(type));

  it.each([
    ["empty", bytes()],
    ["text named .png", bytes("hello, world")],
    ["SVG (scripts inside an image)", bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ["HTML", bytes("<!doctype html><script>")],
    ["PDF", bytes("%PDF-1.7")],
    ["RIFF that is WAVE", bytes("RIFF", [0, 0, 0, 0], "WAVEfmt ")],
    ["truncated PNG signature", bytes([0x89], "PNG", [0x0d, 0x0a])],
    ["truncated JPEG", bytes([0xff, 0xd8])],
    ["GIF90a", bytes("GIF90a")],
    ["BMP", bytes("BM", [0, 0, 0, 0])],
  ])("%s → null", (_, b) => expect(sniffImageType(b)).toBeNull());
});

describe("checkAvatar", () => {
  const png = bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]);
  it("accepts an image up to exactly 2 MB", () => {
    const big = new Uint8Array(MAX_AVATAR_BYTES);
    big.set(png);
    expect(checkAvatar(big)).toEqual({ ok: true, type: "image/png" });
  });
  it("refuses one byte more", () => {
    const big = new Uint8Array(MAX_AVATAR_BYTES + 1);
    big.set(png);
    expect(checkAvatar(big)).toEqual({ ok: false, message: AVATAR_MESSAGES.tooLarge });
  });
  it("refuses empty files and non-images", () => {
    expect(checkAvatar(bytes())).toEqual({ ok: false, message: AVATAR_MESSAGES.empty });
    expect(checkAvatar(bytes("<svg/>"))).toEqual({ ok: false, message: AVATAR_MESSAGES.notImage });
  });
});
