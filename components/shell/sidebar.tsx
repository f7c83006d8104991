"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { signOutWithToast } from "@/components/auth/sign-out";
import { cn } from "@/lib/cn";
import { MobileDrawer } from "./mobile-drawer";
import type { NavGroup } from "./nav";
import { SIDEBAR_COOKIE_MAX_AGE, SIDEBAR_COOKIE_NAME } from "./sidebar-cookie";
import { usePrefetchOnIntent } from "./use-prefetch-on-intent";

export function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

const MOBILE_QUERY = "(max-width: 767px)";

type SidebarState = {
  /** Desktop: pinned open (16rem) or collapsed (3rem, expands on hover). */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Mobile (below 768 px): the off-canvas drawer. */
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  toggle: () => void;
};

const SidebarContext = createContext<SidebarState | null>(null);

export function useSidebar(): SidebarState {
  const ctx = useContext(SidebarContext);
  if (!ctx) throw new Error("useSidebar must be used inside SidebarProvider");
  return ctx;
}

/** Holds the open state; the server passes the cookie's value so the first paint is already right. */
export function SidebarProvider({ defaultOpen, children }: { defaultOpen: boolean; children: React.ReactNode }) {
  const [open, setOpenState] = useState(defaultOpen);
  const [openMobile, setOpenMobile] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    document.cookie = `${SIDEBAR_COOKIE_NAME}=${next}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
  }, []);

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) setOpenMobile((o) => !o);
    else setOpen(!open);
  }, [open, setOpen]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() === "b" && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [toggle]);

  const value = useMemo(() => ({ open, setOpen, openMobile, setOpenMobile, toggle }), [open, setOpen, openMobile, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

/** The header's menu button (mobile only). */
export function SidebarTrigger({ className, children }: { className?: string; children: React.ReactNode }) {
  const { toggle } = useSidebar();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label="Abrir menu"
      className={cn(
        "inline-flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground max-md:size-11",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        className,
      )}
    >
      {children}
    </button>
  );
}

function BrandLink({ brand }: { brand: React.ReactNode }) {
  return (
    <Link href="/appointments" className="flex h-14 shrink-0 items-center gap-2 px-2.5 outline-none focus-visible:ring-2 focus-visible:ring-ring">
      {brand}
    </Link>
  );
}

type NavProps = { groups: NavGroup[]; signOutIcon: React.ReactNode; expanded: boolean; onNavigate?: () => void };

function NavContent({ groups, signOutIcon, expanded, onNavigate }: NavProps) {
  const pathname = usePathname();
  const prefetchOnIntent = usePrefetchOnIntent();
  const itemClass = (active: boolean) =>
    cn(
      "flex h-9 w-full items-center gap-3 rounded-md px-2 text-sm outline-none transition-colors",
      "hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring",
      active ? "bg-sidebar-accent font-medium text-primary" : "text-sidebar-foreground",
    );
  const label = cn("truncate transition-opacity", !expanded && "opacity-0");
  return (
    <nav aria-label="Menu principal" className="flex flex-1 flex-col gap-4 overflow-y-auto overflow-x-hidden px-1.5 py-2">
      {groups.map((group) => (
        <div key={group.label} role="group" aria-label={group.label} className="flex flex-col gap-0.5">
          <div className="relative flex h-7 items-center px-2">
            <span className={cn("truncate text-xs font-medium uppercase tracking-wide text-muted-foreground", label)}>
              {group.label}
            </span>
            {!expanded && <span aria-hidden className="absolute inset-x-2 top-1/2 h-px bg-border" />}
          </div>
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => {
              const active = isActive(pathname, item.href);
              return (
                <li key={item.href}>
                  <Link
                    href={item.href}
                    // The page on screen is not fetched again for a pointer resting on its own link.
                    {...(active ? {} : prefetchOnIntent(item.href))}
                    onClick={onNavigate}
                    aria-current={active ? "page" : undefined}
                    title={expanded ? undefined : item.title}
                    className={itemClass(active)}
                  >
                    {item.icon}
                    <span className={label}>{item.title}</span>
                  </Link>
                </li>
              );
            })}
            {group.signOut && (
              <li>
                <button type="button" onClick={() => void signOutWithToast()} title={expanded ? undefined : "Sair"} className={itemClass(false)}>
                  {signOutIcon}
                  <span className={label}>Sair</span>
                </button>
              </li>
            )}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/**
 * Desktop: a 3rem rail that expands to 16rem while hovered (over the content) or stays 16rem when
 * pinned open. Mobile: an 18rem off-canvas drawer.
 */
export function AppSidebar({ groups, brand, signOutIcon }: { groups: NavGroup[]; brand: React.ReactNode; signOutIcon: React.ReactNode }) {
  const { open, openMobile, setOpenMobile } = useSidebar();
  const [hover, setHover] = useState(false);
  const expanded = open || hover;
  return (
    <>
      <div
        aria-hidden
        data-state={open ? "expanded" : "collapsed"}
        className="hidden shrink-0 transition-[width] duration-200 md:block md:w-12 md:data-[state=expanded]:w-64"
      />
      <aside
        data-sidebar="sidebar"
        data-state={open ? "expanded" : "collapsed"}
        data-expanded={expanded}
        aria-label="Barra lateral"
        onMouseEnter={() => setHover(true)}
        onMouseLeave={() => setHover(false)}
        onFocus={() => setHover(true)}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHover(false);
        }}
        className={cn(
          "group fixed inset-y-0 left-0 z-30 hidden flex-col overflow-hidden border-r bg-sidebar text-sidebar-foreground transition-[width] duration-200 md:flex",
          expanded ? "w-64" : "w-12",
          hover && !open && "shadow-xl",
        )}
      >
        <BrandLink brand={brand} />
        <NavContent groups={groups} signOutIcon={signOutIcon} expanded={expanded} />
      </aside>
      <MobileDrawer open={openMobile} onOpenChange={setOpenMobile} title="Menu">
        <BrandLink brand={brand} />
        <NavContent groups={groups} signOutIcon={signOutIcon} expanded onNavigate={() => setOpenMobile(false)} />
      </MobileDrawer>
    </>
  );
}
