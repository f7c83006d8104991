import { PhoneCall } from "lucide-react";

/** Which reminders go without 'Preciso cancelar' (noCancelLinkText): on the 'Lembretes' card and in its dialog. */
export function NoCancelLinkNote({ text, testId }: { text: string; testId: string }) {
  return (
    <p className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/5 p-3 text-sm" data-testid={testId}>
      <PhoneCall aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
      <span>{text}</span>
    </p>
  );
}
