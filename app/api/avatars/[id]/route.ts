import { getAuthContext } from "@/lib/auth/context";
import { answering, jsonError } from "@/lib/core/http/responses";
import { avatarBytes, avatarMeta } from "@/lib/professionals/queries";
import { IMAGE_TYPES } from "@/lib/core/uploads/image-type";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The same answer for "no such photo" and "not your business": nothing to learn by guessing ids.
const notFound = () => jsonError(404, "Foto não encontrada.");

/**
 * A professional's photo (professional_avatars), only for signed-in members of its business. A
 * photo row is never changed (a new photo is a new row and a new URL), so its id is its ETag;
 * the browser keeps it privately for an hour and then asks again (304 when unchanged), so a
 * member who leaves stops seeing it.
 */
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return answering("foto de profissional", "Não foi possível carregar a foto.", async () => {
    const auth = await getAuthContext();
    if (!auth) return jsonError(401, "Faça login para ver esta foto.");
    if (!UUID_RE.test(id)) return notFound();
    const meta = await avatarMeta(id);
    if (!meta || !auth.businesses.some((b) => b.id === meta.businessId)) return notFound();
    // Only ever served as one of the image types it was checked to be when uploaded.
    if (!(IMAGE_TYPES as readonly string[]).includes(meta.contentType)) return notFound();

    const etag = `"${id}"`;
    const headers = {
      "Content-Type": meta.contentType,
      "X-Content-Type-Options": "nosniff",
      "Content-Disposition": "inline",
      "Cache-Control": "private, max-age=3600",
      ETag: etag,
      Vary: "Cookie",
    };
    const match = req.headers.get("if-none-match");
    if (match && match.split(",").some((t) => t.trim().replace(/^W\//, "") === etag || t.trim() === "*")) {
      return new Response(null, { status: 304, headers });
    }
    const bytes = await avatarBytes(id);
    if (!bytes) return notFound();
    return new Response(new Uint8Array(bytes), { status: 200, headers: { ...headers, "Content-Length": String(bytes.length) } });
  });
}
