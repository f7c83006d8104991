import { MailWarning } from "lucide";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { cn } from "@/lib/cn";
import { ResendConfirmationButton } from "./resend-confirmation-button";
import { StaticIcon } from "@/components/ui/static-icon";

/**
 * 'Confirme seu e-mail' for an account whose address is not proven yet (/auth signed-in panel and
 * the top of the app shell): what waits for the confirmation and a 'Reenviar e-mail' button.
 */
export function ConfirmEmailNotice({ email, className }: { email: string; className?: string }) {
  return (
    <Alert className={cn("border-warning/50 bg-warning/5", className)} aria-labelledby="confirm-email-title">
      <StaticIcon icon={MailWarning} />
      <AlertTitle id="confirm-email-title">Confirme seu e-mail</AlertTitle>
      <AlertDescription className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>
          Enviamos um link de confirmação para <strong className="break-all">{email}</strong>. Até confirmar, você usa apenas o seu
          próprio negócio: convites e acesso de administrador dependem do e-mail confirmado.
        </p>
        <ResendConfirmationButton />
      </AlertDescription>
    </Alert>
  );
}
