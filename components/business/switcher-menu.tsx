"use client";

import { Check, Plus } from "lucide-react";
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { MenuTrigger } from "@/components/ui/lazy-menu";
import { cn } from "@/lib/cn";
import type { SwitcherBusiness } from "./business-switcher";

export type SwitcherMenuProps = {
  businesses: SwitcherBusiness[];
  currentId: string | null;
  canCreate: boolean;
  onSelect: (business: SwitcherBusiness) => void;
  onCreate: () => void;
};

/** 'Meus Negócios': the user's businesses and, for owners, 'Criar Novo Negócio'. Loaded on first open. */
export default function SwitcherMenu({ businesses, currentId, canCreate, onSelect, onCreate, trigger }: SwitcherMenuProps & { trigger: MenuTrigger }) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger {...trigger} />
      <DropdownMenuContent align="start" className="w-72">
        <DropdownMenuLabel>Meus Negócios</DropdownMenuLabel>
        {businesses.map((b) => (
          <DropdownMenuItem key={b.id} onSelect={() => onSelect(b)} className="items-start">
            <Check aria-hidden className={cn("mt-0.5", b.id === currentId ? "opacity-100" : "opacity-0")} />
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium">{b.name}</span>
              {b.description && <span className="line-clamp-2 text-xs text-muted-foreground">{b.description}</span>}
            </span>
          </DropdownMenuItem>
        ))}
        {canCreate && (
          <>
            {businesses.length > 0 && <DropdownMenuSeparator />}
            <DropdownMenuItem onSelect={onCreate}>
              <Plus aria-hidden />
              {businesses.length ? "Criar Novo Negócio" : "Criar Negócio"}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
