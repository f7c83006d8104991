import { Badge } from "@/components/ui/badge";
import type { ComandaStatus } from "@/db/schema";
import { COMANDA_MESSAGES as M } from "@/lib/comandas/messages";

const LOOK: Record<ComandaStatus, { label: string; variant: "outline" | "success" | "destructive-outline" }> = {
  open: { label: M.statusOpen, variant: "outline" },
  closed: { label: M.statusClosed, variant: "success" },
  reversed: { label: M.statusReversed, variant: "destructive-outline" },
};

/** 'Aberta', 'Paga' or 'Estornada'. */
export function ComandaStatusBadge({ status }: { status: ComandaStatus }) {
  const { label, variant } = LOOK[status];
  return <Badge variant={variant}>{label}</Badge>;
}
