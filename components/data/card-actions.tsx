import { Pencil, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";

/** A catalog card's 'Editar' and, when allowed, 'Excluir' buttons, named after the card for screen readers. */
export function CardActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete?: () => void }) {
  return (
    <div className="mt-auto flex gap-2 pt-2">
      <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Editar ${name}`}>
        <Pencil aria-hidden /> Editar
      </Button>
      {onDelete && (
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Excluir ${name}`} className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden /> Excluir
        </Button>
      )}
    </div>
  );
}
