"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { signOutWithToast } from "@/components/auth/sign-out";
import { MobileDrawer } from "@/components/shell/mobile-drawer";
import type { NavLink } from "@/components/shell/nav";
import { cn } from "@/lib/cn";

const itemClass = "flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** The admin area's links (the current one marked) and 'Sair'. */
export function AdminNav({ links, signOutIcon, onNavigate }: { links: NavLink[]; signOutIcon: React.ReactNode; onNavigate?: () => void }) {
  const pathname = usePathname();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <nav aria-label="Administração" className="flex flex-1 flex-col gap-1 p-3">
      {links.map(({ href, title, icon }) => {
        const active = pathname === href;
        return (
          <Link
            key={href}
            href={href}
            onClick={onNavigate}
            aria-current={active ? "page" : undefined}
            className={cn(itemClass, active ? "bg-sidebar-accent text-foreground" : "text-sidebar-foreground/80 hover:bg-sidebar-accent hover:text-foreground")}
          >
            {icon}
            {title}
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
          className={cn(itemClass, "w-full text-sidebar-foreground/80 hover:bg-sidebar-accent hover:text-foreground disabled:opacity-50")}
        >
          {signOutIcon}
          Sair
        </button>
      </div>
    </nav>
  );
}

/** 'Abrir menu' below 768 px: the same links in a drawer. */
type MenuButtonProps = { links: NavLink[]; brand: React.ReactNode; menuIcon: React.ReactNode; signOutIcon: React.ReactNode };

export function AdminMenuButton({ links, brand, menuIcon, signOutIcon }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Abrir menu"
        onClick={() => setOpen(true)}
        className="inline-flex size-9 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:hidden"
      >
        {menuIcon}
      </button>
      <MobileDrawer open={open} onOpenChange={setOpen} title="Menu do Admin" description="Navegação da área administrativa" closeLabel="Fechar menu">
        {brand}
        <AdminNav links={links} signOutIcon={signOutIcon} onNavigate={() => setOpen(false)} />
      </MobileDrawer>
    </>
  );
}
