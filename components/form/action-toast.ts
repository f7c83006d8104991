"use client";

import { toast, type ToastAction } from "@/components/ui/toaster";
import type { ActionFailure } from "@/lib/core/actions/result";

/** The success toast (variant "success" unless the spec shows a plain one). */
export type SuccessToast = { title: string; description?: string; variant?: "default" | "success"; action?: ToastAction };

/** Failure titles the spec shows as a plain notice, not as an error ('Atenção' when no business is selected). */
const NOTICE_TITLES = new Set(["Atenção"]);

/** The failure toast of every action result: the spec's title, destructive, the reason below it. */
export function failureToast(failure: Pick<ActionFailure, "error" | "description">) {
  toast({ title: failure.error, description: failure.description, variant: NOTICE_TITLES.has(failure.error) ? "default" : "destructive" });
}

/** One toast for an action result: the failure as the server said it, or the given success text. */
export function resultToast(result: { ok: true } | ActionFailure, success?: SuccessToast) {
  if (!result.ok) failureToast(result);
  else if (success) toast({ variant: "success", ...success });
}

/** When the request itself failed (network, server down): the action's title with a generic reason. */
export function networkFailureToast(error: string) {
  failureToast({ error, description: "Não foi possível falar com o servidor. Verifique sua conexão e tente novamente." });
}

/**
 * An optimistic change sent to the server: the screen already shows it (`undo` takes it back).
 * A refusal or a failed request undoes it and says why (`onRefusal` may take a refusal over and
 * return true, e.g. to ask for an override instead); success shows `success`. True when saved.
 */
export async function sendOptimistic(
  undo: () => void,
  send: () => Promise<{ ok: true } | ActionFailure>,
  success: string,
  networkError: string,
  onRefusal?: (failure: ActionFailure) => boolean,
): Promise<boolean> {
  try {
    const r = await send();
    if (!r.ok) {
      undo();
      if (onRefusal?.(r) !== true) failureToast(r);
      return false;
    }
    toast({ title: success, variant: "success" });
    return true;
  } catch {
    undo();
    networkFailureToast(networkError);
    return false;
  }
}
