"use client";

import { Moon, Sun } from "lucide-react";
import { useTheme } from "next-themes";
import { useSyncExternalStore } from "react";
import { Switch } from "@/components/ui/switch";

const subscribe = () => () => {};

/** The light/dark switch of the sign-in screens (stored by next-themes under 'theme'). */
export function ThemeSwitch() {
  const { resolvedTheme, setTheme } = useTheme();
  const mounted = useSyncExternalStore(subscribe, () => true, () => false);
  const dark = mounted && resolvedTheme === "dark";
  return (
    <div className="flex items-center gap-2 text-muted-foreground">
      <Sun aria-hidden className="size-4" />
      <Switch
        aria-label="Tema escuro"
        checked={dark}
        onCheckedChange={(on) => setTheme(on ? "dark" : "light")}
        disabled={!mounted}
      />
      <Moon aria-hidden className="size-4" />
    </div>
  );
}
