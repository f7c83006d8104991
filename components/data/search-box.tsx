"use client";

import { Search } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { useKeyBurst } from "./key-burst";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";

/** A search field that puts ?q= in the URL (a burst of keys once, back to page 1): the server does the search. */
export function SearchBox({ placeholder, label }: { placeholder: string; label: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const urlQuery = params.get("q") ?? "";
  const [value, setValue] = useState(urlQuery);
  const [pending, startTransition] = useTransition();
  const lastPushed = useRef(urlQuery);
  const burst = useKeyBurst();

  useEffect(() => {
    const next = value.trim();
    if (next === lastPushed.current.trim()) return;
    const timer = setTimeout(() => {
      lastPushed.current = next;
      const search = new URLSearchParams(params.toString());
      if (next) search.set("q", next);
      else search.delete("q");
      search.delete("page");
      const qs = search.toString();
      startTransition(() => router.replace(qs ? `${pathname}?${qs}` : pathname, { scroll: false }));
    }, burst.wait());
    return () => clearTimeout(timer);
  }, [value, params, pathname, router, burst]);

  return (
    <div className="relative w-full max-w-md">
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => {
          burst.key(e.timeStamp);
          setValue(e.target.value);
        }}
        className="pl-9 pr-9"
      />
      {pending && <Spinner className="absolute right-3 top-1/2 -translate-y-1/2 text-muted-foreground" />}
    </div>
  );
}
