"use client";

import { Check, ChevronsUpDown } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { searchUserOptionsAction } from "@/lib/admin/actions";
import type { UserOption } from "@/lib/admin/queries";
import { MESSAGES } from "@/lib/admin/messages";
import { cn } from "@/lib/cn";

export function userLabel(u: { fullName: string | null; email: string }) {
  return u.fullName ? `${u.fullName} (${u.email})` : u.email;
}

type Props = {
  id: string;
  value: UserOption | null;
  onChange: (user: UserOption) => void;
  invalid?: boolean;
  describedBy?: string;
};

/** A searchable select of users; the search runs on the server (20 matches at most). */
export function OwnerPicker({ id, value, onChange, invalid, describedBy }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [options, setOptions] = useState<UserOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const timer = setTimeout(async () => {
      setLoading(true);
      const result = await searchUserOptionsAction({ q: query }).catch(() => null);
      if (cancelled) return;
      setLoading(false);
      if (result?.ok) {
        setOptions(result.users);
        setError(null);
      } else setError(result?.error ?? MESSAGES.loadUsersError);
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [open, query]);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cn(
            "flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-base md:text-sm",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-[invalid=true]:border-destructive",
            !value && "text-muted-foreground",
          )}
        >
          <span className="truncate">{value ? userLabel(value) : "Selecione um usuário"}</span>
          <ChevronsUpDown aria-hidden className="size-4 shrink-0 opacity-60" />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-(--radix-popover-trigger-width) min-w-72 p-2">
        <Input
          autoFocus
          type="search"
          aria-label="Buscar usuário"
          placeholder="Buscar por nome ou e-mail..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <div id={listId} role="listbox" aria-label="Usuários" className="mt-2 max-h-60 overflow-y-auto">
          {loading && options.length === 0 && (
            <div className="flex justify-center py-4">
              <Spinner className="text-muted-foreground" />
            </div>
          )}
          {error && <p className="px-2 py-3 text-sm text-destructive">{error}</p>}
          {!loading && !error && options.length === 0 && (
            <p className="px-2 py-3 text-sm text-muted-foreground">Nenhum usuário encontrado.</p>
          )}
          {options.map((o) => {
            const selected = value?.id === o.id;
            return (
              <button
                key={o.id}
                type="button"
                role="option"
                aria-selected={selected}
                onClick={() => {
                  onChange(o);
                  setOpen(false);
                }}
                className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:bg-accent focus-visible:outline-none"
              >
                <Check aria-hidden className={cn("size-4 shrink-0", selected ? "opacity-100" : "opacity-0")} />
                <span className="min-w-0">
                  <span className="block truncate font-medium">{o.fullName ?? o.email}</span>
                  {o.fullName && <span className="block truncate text-xs text-muted-foreground">{o.email}</span>}
                </span>
              </button>
            );
          })}
        </div>
      </PopoverContent>
    </Popover>
  );
}
