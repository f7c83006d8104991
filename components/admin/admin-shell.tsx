"use client";

import { Dialog as DialogPrimitive } from "radix-ui";
import { LogOut, Menu, X } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { signOutWithToast } from "@/components/auth/sign-out";
import { adminNav } from "@/components/shell/nav";

const ADMIN_NAV = adminNav();


function Brand() {
  return (
    <div className="flex h-14 items-center gap-2 border-b px-4">
      {/* eslint-disable-next-line @next/next/no-img-element -- tiny static logo, light and dark variants */}
      <img src="/logo.svg" alt="" width={28} height={28} className="size-7 dark:hidden" />
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src="/logo-dark.svg" alt="" width={28} height={28} className="hidden size-7 dark:block" />
      <span className="text-base font-semibold">Agenda</span>
    </div>
  );
}

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <nav aria-label="Administração" className="flex flex-1 flex-col gap-1 p-3">
      {ADMIN_NAV.map(({ href, title: label, icon: Icon }) => {
        const active = pathname === href;
        return (
          <Link
            key={href}
            href={href}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors",
              "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
              active ? "bg-sidebar-accent text-foreground" : "text-sidebar-foreground/80 hover:bg-sidebar-accent hover:text-foreground",
            )}
          >
            <Icon aria-hidden className="size-4 shrink-0" />
            {label}
          </Link>
        );
      })}
      <div className="mt-auto border-t pt-3">
        <button
          type="button"
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOutWithToast();
          }}
          className={cn(
            "flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/80 transition-colors",
            "hover:bg-sidebar-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50",
          )}
        >
          <LogOut aria-hidden className="size-4 shrink-0" />
          Sair
        </button>
      </div>
    </nav>
  );
}

/** The admin area's frame: sidebar (drawer below 768 px) and a header with the 'Admin SaaS' badge and the e-mail. */
export function AdminShell({ email, children }: { email: string; children: React.ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className="flex min-h-dvh bg-background">
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col border-r bg-sidebar text-sidebar-foreground md:flex">
        <Brand />
        <NavLinks />
      </aside>

      <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50 md:hidden" />
          <DialogPrimitive.Content
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r bg-sidebar text-sidebar-foreground shadow-lg focus:outline-none md:hidden"
          >
            <DialogPrimitive.Title className="sr-only">Menu do Admin</DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">Navegação da área administrativa</DialogPrimitive.Description>
            <Brand />
            <DialogPrimitive.Close
              aria-label="Fechar menu"
              className="absolute right-3 top-3 inline-flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-sidebar-accent"
            >
              <X aria-hidden className="size-4" />
            </DialogPrimitive.Close>
            <NavLinks onNavigate={() => setDrawerOpen(false)} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b bg-background/95 px-4 backdrop-blur md:px-6">
          <button
            type="button"
            aria-label="Abrir menu"
            onClick={() => setDrawerOpen(true)}
            className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:hidden"
          >
            <Menu aria-hidden className="size-5" />
          </button>
          <Badge>Admin SaaS</Badge>
          <span className="ml-auto min-w-0 truncate text-sm text-muted-foreground" data-testid="admin-email">
            {email}
          </span>
        </header>
        <main className="mx-auto w-full max-w-6xl flex-1 p-4 md:p-6">{children}</main>
      </div>
    </div>
  );
}
