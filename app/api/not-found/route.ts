import { z } from "zod";

const body = z.object({ path: z.string().max(2000) });

/** Server log of unknown paths people reached (sent by the 404 page). */
export async function POST(req: Request) {
  const parsed = body.safeParse(await req.json().catch(() => null));
  if (parsed.success) console.warn(`404: rota inexistente acessada: ${JSON.stringify(parsed.data.path)}`);
  return new Response(null, { status: 204 });
}
