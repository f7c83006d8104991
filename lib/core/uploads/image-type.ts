/**
 * What a picture really is, from its first bytes (never from its name or the browser's type):
 * the avatar upload accepts JPEG, PNG, WebP and GIF only, at most 2 MB. Pure; the browser uses it
 * to refuse a file at once, the server to decide for good.
 */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

export const AVATAR_MESSAGES = {
  notImage: "A foto deve ser uma imagem JPEG, PNG, WebP ou GIF.",
  tooLarge: "A foto deve ter no máximo 2 MB.",
  empty: "O arquivo da foto está vazio.",
} as const;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type of `bytes` (at least its first 12), or null when it is none of the four. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

/** The image type, or the reason the file can't be an avatar. */
export function checkAvatar(bytes: Uint8Array): { ok: true; type: ImageType } | { ok: false; message: string } {
  if (bytes.length === 0) return { ok: false, message: AVATAR_MESSAGES.empty };
  if (bytes.length > MAX_AVATAR_BYTES) return { ok: false, message: AVATAR_MESSAGES.tooLarge };
  const type = sniffImageType(bytes);
  return type ? { ok: true, type } : { ok: false, message: AVATAR_MESSAGES.notImage };
}
