"use client";

import { Building2, LogOut, MonitorSmartphone, Moon } from "lucide-react";
import Link from "next/link";
import { useTheme } from "next-themes";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import {
  DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { displayName, initials } from "@/lib/format/phone";
import { signOutEverywhere, signOutWithToast } from "@/components/auth/sign-out";

export type ShellUser = { email: string; fullName: string | null; avatarUrl: string | null };

/** Avatar menu: name and e-mail, Meus Dados, Tema Escuro, Sair de todos os dispositivos, Sair. */
export function UserMenu({ user }: { user: ShellUser }) {
  const { resolvedTheme, setTheme } = useTheme();
  const name = displayName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Menu do usuário"
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
      >
        <Avatar className="size-9">
          {user.avatarUrl && <AvatarImage src={user.avatarUrl} alt="" />}
          <AvatarFallback className="bg-primary/10 text-primary">{initials(name) || "?"}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-64">
        <DropdownMenuLabel className="flex flex-col gap-0.5 font-normal">
          <span className="truncate text-sm font-medium text-foreground">{name}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
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
