"use client";

import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { cn } from "@/lib/cn";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

type Meta = { className?: string } | undefined;

/*
 * Stacked: below 640 px each row is a card and its cells flow inside it (the columns' meta classes
 * order and size them there), so one markup serves phone and desktop instead of a table plus a
 * hidden list. The explicit roles keep the table's semantics once its display is no longer a table's.
 */
const STACKED = {
  table: "max-sm:block",
  head: "max-sm:sr-only",
  body: "max-sm:grid max-sm:gap-3",
  row: "ui-stacked-row",
  cell: "max-sm:p-0",
};

/** A plain @tanstack/react-table table over the app's table primitives. */
export function DataTable<T>({
  columns,
  data,
  empty,
  label,
  rowId,
  stacked = false,
}: {
  columns: ColumnDef<T, unknown>[];
  data: T[];
  empty: string;
  label: string;
  rowId: (row: T) => string;
  stacked?: boolean;
}) {
  // eslint-disable-next-line react-hooks/incompatible-library -- the table instance is used only during render
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowId });
  const s = stacked ? STACKED : null;
  const role = (r: string) => (s ? r : undefined);
  return (
    <Table aria-label={label} role={role("table")} className={s?.table}>
      <TableHeader className={s?.head} role={role("rowgroup")}>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} role={role("row")}>
            {group.headers.map((header) => (
              <TableHead key={header.id} role={role("columnheader")} className={(header.column.columnDef.meta as Meta)?.className}>
                {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
              </TableHead>
            ))}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody className={s?.body} role={role("rowgroup")}>
        {table.getRowModel().rows.length ? (
          table.getRowModel().rows.map((row) => (
            <TableRow key={row.id} role={role("row")} className={s?.row}>
              {row.getVisibleCells().map((cell) => (
                <TableCell key={cell.id} role={role("cell")} className={cn(s?.cell, (cell.column.columnDef.meta as Meta)?.className)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </TableCell>
              ))}
            </TableRow>
          ))
        ) : (
          <TableRow>
            <TableCell colSpan={columns.length} className="h-20 text-center text-muted-foreground">
              {empty}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
