"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data/data-table";
import { ActionConfirmDialog } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { ActionResult } from "@/lib/core/actions/result";

/** How a row leaves the team screen: its button, the confirmation, the action and its toast. */
export type Removal<T> = {
  /** Rows without the button (the owner, oneself). */
  allowed?: (row: T) => boolean;
  buttonLabel: (row: T) => string;
  title: string;
  description: (row: T) => string;
  confirmLabel: string;
  run: (row: T) => Promise<ActionResult>;
  success: (row: T) => { title: string; description: string };
};

/** A titled table of the team screen (members, pending invitations) whose rows can be removed after a confirmation. */
export function TeamTable<T>({
  title,
  columns,
  data,
  rowId,
  empty,
  removal,
}: {
  title: string;
  columns: ColumnDef<T, unknown>[];
  data: T[];
  rowId: (row: T) => string;
  empty: string;
  removal: Removal<T>;
}) {
  const router = useRouter();
  const [target, setTarget] = useState<T | null>(null);
  const withRemove = useMemo<ColumnDef<T, unknown>[]>(
    () => [
      ...columns,
      {
        id: "actions",
        header: () => <span className="sr-only">Ações</span>,
        meta: { className: "w-12 text-right" },
        cell: ({ row }) =>
          removal.allowed && !removal.allowed(row.original) ? null : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={removal.buttonLabel(row.original)}
              onClick={() => setTarget(row.original)}
              className="text-destructive hover:text-destructive"
            >
              <Trash2 aria-hidden />
            </Button>
          ),
      },
    ],
    [columns, removal],
  );

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-2 sm:px-6">
        <DataTable label={title} columns={withRemove} data={data} rowId={rowId} empty={empty} />
      </CardContent>
      <ActionConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={removal.title}
        description={target ? removal.description(target) : undefined}
        confirmLabel={removal.confirmLabel}
        destructive
        closeOnRefusal
        run={() => removal.run(target!)}
        success={target ? removal.success(target) : undefined}
        error="Erro"
        onDone={() => router.refresh()}
      />
    </Card>
  );
}
