"use client";

import { toast } from "@/components/ui/toaster";

/**
 * A failure toast as the spec's catalogue has it: title 'Erro' (destructive), the spec's message as
 * the description, followed by the reason when the server gave one.
 */
export function failToast(error: string, reason?: string) {
  toast({ title: "Erro", description: reason ? `${error}. ${reason}` : error, variant: "destructive" });
}
