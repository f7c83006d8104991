/**
 * The largest server-action request body (a professional's photo, 2 MB, plus its form). Next
 * enforces it while reading the body, but answers an oversize body with a 500; scripts/serve.ts
 * answers 413 from the declared length before Next reads anything. Pure: next.config.ts and the
 * server both read it.
 */
export const ACTION_BODY_LIMIT_BYTES = 3 * 1024 * 1024;

export type BodyRefusal = { status: 411 | 413; message: string };

/**
 * Why a server action's request is refused before it is read, or null. Browsers always declare the
 * length of an action's body; a chunked one (no length) could only be measured by reading it, which
 * is Next's job, so it is refused as HTTP allows (411).
 */
export function actionBodyRefusal(headers: Record<string, string | string[] | undefined>, limit = ACTION_BODY_LIMIT_BYTES): BodyRefusal | null {
  if (!headers["next-action"]) return null;
  const declared = headers["content-length"];
  if (declared === undefined) {
    return headers["transfer-encoding"] ? { status: 411, message: "Informe o tamanho da requisição." } : null;
  }
  const bytes = Number(declared);
  if (!Number.isFinite(bytes) || bytes < 0) return { status: 411, message: "Informe o tamanho da requisição." };
  return bytes > limit ? { status: 413, message: "O envio é maior que o permitido (3 MB)." } : null;
}
