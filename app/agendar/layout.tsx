import { CalendarCheck } from "lucide-react";

/**
 * The public booking pages (/agendar/{slug}, /agendar/reserva/{token}): no sign-in, no app shell,
 * a narrow column made for a phone first.
 */
export default function PublicBookingLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <div className="mx-auto w-full max-w-xl flex-1 px-4 pb-10 pt-5 sm:pt-10">{children}</div>
      <footer className="flex items-center justify-center gap-1.5 pb-6 text-xs text-muted-foreground">
        <CalendarCheck aria-hidden className="size-3.5" />
        Agendamento online pela Agenda
      </footer>
    </div>
  );
}
