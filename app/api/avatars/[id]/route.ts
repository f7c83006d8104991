import { authorized, type Authorized } from "@/lib/auth/guards";
import { defineRoute, refuse } from "@/lib/core/http/define-route";
import { avatarBytes, avatarMeta } from "@/lib/professionals/queries";
import { IMAGE_TYPES } from "@/lib/core/uploads/image-type";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The same answer for "no such photo" and "not your business": nothing to learn by guessing ids.
const notFound = () => refuse("not-found", "Foto não encontrada.");

/**
 * A professional's photo (professional_avatars), only for signed-in members of its business. A
 * photo row is never changed (a new photo is a new row and a new URL), so its id is its ETag;
 * the browser keeps it privately for an hour and then asks again (304 when unchanged), so a
 * member who leaves stops seeing it.
 */
export const GET = defineRoute<{ id: string }, Authorized>({
  name: "GET /api/avatars/[id]",
  // Signed in; the photo's business is checked below against the caller's memberships.
  access: authorized("user", { notSignedIn: "Faça login para ver esta foto." }),
  error: "Não foi possível carregar a foto.",
  handler: async ({ req, params: { id }, auth }) => {
    if (!UUID_RE.test(id)) return notFound();
    const meta = await avatarMeta(id);
    if (!meta || !auth.ctx.businesses.some((b) => b.id === meta.businessId)) return notFound();
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
  },
});
