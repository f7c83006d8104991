import { clientAddressFrom } from "@/lib/core/net/client-address";
import { handleNotFoundReport } from "@/lib/not-found/report";

/** Server log of unknown paths people reached (sent by the 404 page); bounded, rate-limited. */
export async function POST(req: Request) {
  return handleNotFoundReport(req, clientAddressFrom(req.headers));
}
