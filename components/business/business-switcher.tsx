"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState, useTransition } from "react";
import { networkFailureToast, resultToast } from "@/components/form/action-toast";
import { LazyMenu } from "@/components/ui/lazy-menu";
import { preloadable } from "@/components/ui/preloadable";
import { Spinner } from "@/components/ui/spinner";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { switchBusinessAction } from "@/lib/businesses/actions";
import { cn } from "@/lib/cn";
import { rememberBusiness } from "./remember";

// The form (react-hook-form, zod, the dialog) loads when an owner first asks for it, not with every page.
const CreateBusinessDialog = preloadable(() => import("./create-business-dialog").then((m) => m.CreateBusinessDialog));

const switcherMenu = preloadable(() => import("./switcher-menu").then((m) => m.default));
const loadMenu = switcherMenu.preload;
const SwitcherMenu = switcherMenu.Suspending;

export type SwitcherBusiness = { id: string; name: string; description: string | null };

/** The header's business switcher ('Meus Negócios'), with 'Criar Novo Negócio' for owners. */
export function BusinessSwitcher({
  businesses,
  currentId,
  canCreate,
  icon,
  indicator,
}: {
  businesses: SwitcherBusiness[];
  currentId: string | null;
  canCreate: boolean;
  /** The business icon and the up-down indicator, rendered by the server shell. */
  icon: React.ReactNode;
  indicator: React.ReactNode;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [creating, setCreating] = useState(false);
  const createLoaded = useOpenedOnce(creating);
  const current = businesses.find((b) => b.id === currentId) ?? null;

  // The server already dropped a remembered business the user left; keep cookie and storage in step.
  useEffect(() => {
    rememberBusiness(current?.id ?? businesses[0]?.id ?? null);
  }, [current?.id, businesses]);

  function select(business: SwitcherBusiness) {
    if (business.id === current?.id) return;
    startTransition(async () => {
      const result = await switchBusinessAction({ businessId: business.id }).catch(() => null);
      if (!result) return networkFailureToast("Erro");
      resultToast(result, result.ok ? { title: "Negócio alterado", description: `Agora você está gerenciando: ${result.name}`, variant: "default" } : undefined);
      if (!result.ok) return;
      rememberBusiness(result.id);
      router.refresh();
    });
  }

  const label = pending
    ? "Carregando..."
    : current
      ? current.name
      : businesses.length
        ? "Selecionando negócio..."
        : "Nenhum negócio";

  return (
    <>
      <LazyMenu
        menu={SwitcherMenu}
        preload={loadMenu}
        trigger={{
          "aria-label": "Trocar de negócio",
          "data-testid": "business-switcher",
          className: cn(
            "flex h-10 min-w-0 max-w-[16rem] items-center gap-2 rounded-md border bg-card px-3 text-left text-sm shadow-xs max-md:h-11",
            "hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:max-w-xs",
          ),
          children: (
            <>
              {pending ? <Spinner className="shrink-0" /> : icon}
              <span className="truncate font-medium">{label}</span>
              {indicator}
            </>
          ),
        }}
        props={{
          businesses,
          currentId: current?.id ?? null,
          canCreate,
          onSelect: select,
          onCreate: () => setCreating(true),
        }}
      />
      {createLoaded && <CreateBusinessDialog open={creating} onOpenChange={setCreating} />}
    </>
  );
}
