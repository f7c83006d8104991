import type { LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { CardGrid } from "./card-grid";
import { EmptyState } from "./empty-state";

type Notice = { icon: LucideIcon; title: string; description?: string };

/**
 * A catalog list: its cards in the grid, or one card that says why there are none — the load
 * failed (`failed`) or nothing matched (`empty`).
 */
export function CardList<T>({
  label,
  items,
  keyOf,
  children,
  empty,
  failed,
}: {
  label: string;
  items: T[];
  keyOf: (item: T) => string;
  children: (item: T) => React.ReactNode;
  empty: Notice;
  failed?: Notice | false;
}) {
  const notice = failed || (items.length === 0 ? empty : null);
  if (notice) {
    return (
      <Card>
        <EmptyState icon={notice.icon} title={notice.title} description={notice.description} />
      </Card>
    );
  }
  return (
    <CardGrid aria-label={label}>
      {items.map((item) => (
        <li key={keyOf(item)}>{children(item)}</li>
      ))}
    </CardGrid>
  );
}
