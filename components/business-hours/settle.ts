"use client";

import { fail, type ActionResult } from "@/lib/core/actions/result";
import { HOURS_MESSAGES } from "@/lib/business-hours/messages";

/**
 * Runs a server action of this screen; when the request itself fails (network, server down) the
 * answer is the spec's own failure ('Erro' with e.g. 'Não foi possível salvar os horários.'),
 * handled like any refusal: one toast, and what the user typed stays.
 */
export async function settle<R extends object>(run: () => Promise<ActionResult<R>>, fallback: string): Promise<ActionResult<R>> {
  try {
    return await run();
  } catch (e) {
    console.error(e);
    return fail(HOURS_MESSAGES.error, fallback);
  }
}
