import { jsonError } from "@/lib/core/http/responses";
import { LIVE_READS } from "@/lib/live-reads";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The screens' reads (lib/live-reads.ts, derived from each feature's reads.ts): GET /api/live/{name}?businessId=…&{params}. */
export async function GET(req: Request, { params }: { params: Promise<{ resource: string }> }): Promise<Response> {
  const { resource } = await params;
  const read = Object.hasOwn(LIVE_READS, resource) ? LIVE_READS[resource as keyof typeof LIVE_READS] : null;
  if (!read) return jsonError(404, "Não encontrado");
  return read.answer(new URL(req.url).searchParams);
}
