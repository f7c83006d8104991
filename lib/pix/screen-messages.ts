import type { PixChargeStatus } from "@/db/schema";
import { PIX_MESSAGES as M } from "./messages";

/**
 * The comanda's Pix (components/comandas/comanda-pix.tsx, pix-dialog.tsx): its buttons and dialogs.
 * The refusals and the states' names are the charges' own (messages.ts).
 */
export const PIX_SCREEN = {
  title: "Pix",
  charge: "Cobrar com Pix",
  chargeDescription: "O cliente lê o QR code no app do banco, ou cola o código Pix copia e cola.",
  amount: "Valor (R$)",
  generate: "Gerar QR code",
  generating: "Gerando...",
  copyPaste: "Pix copia e cola",
  copied: "Código Pix copiado",
  waitingQr: "Gerando o QR code...",
  qrAlt: (amount: string) => `QR code do Pix de ${amount}`,
  validUntil: (when: string) => `Válido até ${when}.`,
  staticHint: "Quando o cliente pagar, confira na conta que o valor entrou e confirme o recebimento.",
  pspHint: "O pagamento se confirma sozinho quando o banco avisa.",
  confirm: "Confirmar recebimento",
  confirmDescription: "Confirme que o valor entrou na conta antes.",
  confirmed: "Recebimento confirmado",
  check: "Verificar pagamento",
  checkedPaid: "Pagamento recebido",
  checkedWaiting: "Pagamento ainda não recebido",
  cancel: "Cancelar cobrança",
  cancelDescription: "O QR code desta cobrança deixa de valer na comanda. Se o cliente já pagou, confirme o recebimento em vez de cancelar.",
  cancelled: "Cobrança cancelada",
  keep: "Voltar",
  show: "Ver QR code",
  list: "Cobranças Pix",
  received: "Pix recebido",
  confirmedBy: (who: string) => `Recebimento confirmado por ${who}.`,
  paidAt: (when: string) => `Pago em ${when}.`,
  setUp: "Para cobrar com Pix, cadastre a chave Pix em Meus Dados.",
  setUpLink: "Configurar Pix",
  back: "Voltar à comanda",
} as const;

/** A charge's state as the screen says it. */
export const PIX_STATUS: Record<PixChargeStatus, { label: string; variant: "warning" | "success" | "outline" | "destructive-outline" }> = {
  active: { label: M.statusActive, variant: "warning" },
  paid: { label: M.statusPaid, variant: "success" },
  expired: { label: M.statusExpired, variant: "outline" },
  cancelled: { label: M.statusCancelled, variant: "outline" },
  refunded: { label: M.statusRefunded, variant: "destructive-outline" },
};
