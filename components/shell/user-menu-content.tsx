"use client";

import { Building2, LogOut, MonitorSmartphone, Moon } from "lucide-react";
import Link from "next/link";
import { useTheme } from "next-themes";
import { signOutEverywhere, signOutWithToast } from "@/components/auth/sign-out";
import {
  DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { MenuTrigger } from "@/components/ui/lazy-menu";

// The header's live bell shares this lazy chunk (and its one loader), so no page's first load
// carries its code: components/shell/user-menu.tsx's HeaderBell.
export { NotificationBell } from "@/components/notifications/bell";

/** The avatar menu's items: name and e-mail, Meus Dados, Tema Escuro, Sair de todos os dispositivos, Sair. */
export default function UserMenuContent({ name, email, trigger }: { name: string; email: string; trigger: MenuTrigger }) {
  const { resolvedTheme, setTheme } = useTheme();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger {...trigger} />
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate text-sm font-medium text-foreground">{name}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/business-profile">
            <Building2 aria-hidden />
            Meus Dados
          </Link>
        </DropdownMenuItem>
        <DropdownMenuCheckboxItem
          checked={resolvedTheme === "dark"}
          onCheckedChange={(dark) => setTheme(dark ? "dark" : "light")}
          onSelect={(e) => e.preventDefault()}
        >
          <Moon aria-hidden />
          Tema Escuro
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOutEverywhere()}>
          <MonitorSmartphone aria-hidden />
          Sair de todos os dispositivos
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" onSelect={() => void signOutWithToast()}>
          <LogOut aria-hidden />
          Sair
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
