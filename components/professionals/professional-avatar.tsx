import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { cn } from "@/lib/cn";
import { initials } from "@/lib/core/format/phone";

/** The professional's photo, or their initials while it loads or when there is none. */
export function ProfessionalAvatar({ name, src, className }: { name: string; src: string | null; className?: string }) {
  return (
    <Avatar className={cn("size-14", className)}>
      {src && <AvatarImage src={src} alt={`Foto de ${name}`} />}
      <AvatarFallback className="bg-primary/10 text-base font-semibold text-primary" aria-label={src ? undefined : `Iniciais de ${name}`}>
        {initials(name) || "?"}
      </AvatarFallback>
    </Avatar>
  );
}
