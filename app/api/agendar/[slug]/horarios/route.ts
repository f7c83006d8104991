import { handleSlotsGet } from "@/lib/online-booking/slots-handler";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The public booking page's free times of one day (lib/online-booking/slots-handler.ts). */
export async function GET(req: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  return handleSlotsGet(req, (await params).slug);
}
