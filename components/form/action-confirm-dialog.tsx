"use client";

import { useState } from "react";
import type { ConfirmDialogProps } from "@/components/ui/alert-dialog";
import { preloadable } from "@/components/ui/preloadable";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import type { ActionFailure, ActionResult } from "@/lib/core/actions/result";
import { networkFailureToast, resultToast, type SuccessToast } from "./action-toast";

// The Radix alert dialog loads when a confirmation is first asked for; most page views ask none.
const ConfirmDialog = preloadable(() => import("@/components/ui/alert-dialog").then((m) => m.ConfirmDialog));

type Props<R extends object> = Omit<ConfirmDialogProps, "onConfirm" | "pending"> & {
  /** The server action to run on confirm. */
  run: () => Promise<ActionResult<R>>;
  /** The toast of a success; a function of the answer when it says what was done (e.g. how many). */
  success?: SuccessToast | ((result: { ok: true } & R) => SuccessToast);
  /** The title when the request itself fails. */
  error: string;
  onDone?: (result: { ok: true } & R) => void;
  /** Close on a refusal too (one the user can't change by confirming again, e.g. 'único proprietário'). */
  closeOnRefusal?: boolean;
  /**
   * Sees a refusal first; true when it answered it itself (e.g. the dialog turns into another offer):
   * then there is no toast and the dialog stays open.
   */
  onRefusal?: (failure: ActionFailure) => boolean;
};

/** A confirmation that runs one action: pending while it runs, one result toast, closes on success (or `closeOnRefusal`). */
export function ActionConfirmDialog<R extends object>({ run, success, error, onDone, closeOnRefusal, onRefusal, ...dialog }: Props<R>) {
  const [pending, setPending] = useState(false);
  const opened = useOpenedOnce(dialog.open);
  async function confirm(): Promise<boolean> {
    setPending(true);
    try {
      const result = await run();
      if (!result.ok && onRefusal?.(result)) return false;
      resultToast(result, result.ok && typeof success === "function" ? success(result) : (success as SuccessToast | undefined));
      if (result.ok) onDone?.(result);
      return result.ok || !!closeOnRefusal;
    } catch (e) {
      console.error(e);
      networkFailureToast(error);
      return false;
    } finally {
      setPending(false);
    }
  }
  if (!opened) return null;
  return <ConfirmDialog {...dialog} pending={pending} onConfirm={confirm} />;
}
