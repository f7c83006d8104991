"use client";

import { Check, Copy } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";

/** A read-only address with 'Copiar' (no clipboard permission: the text is selected for Ctrl+C). */
export function CopyField({ value, label, copiedToast = "Link copiado" }: { value: string; label: string; copiedToast?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      input.current?.select();
      toast({ title: "Não foi possível copiar", description: "Selecione o link e copie com Ctrl+C." });
      return;
    }
    setCopied(true);
    toast({ title: copiedToast, variant: "success" });
  }
  return (
    <div className="flex gap-2">
      <Input ref={input} readOnly aria-label={label} value={value} className="font-mono text-xs md:text-xs" onFocus={(e) => e.currentTarget.select()} />
      <Button type="button" variant="outline" onClick={copy} className="shrink-0">
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
        {copied ? "Copiado" : "Copiar"}
      </Button>
    </div>
  );
}

/** Just the button: copies `value` (the text stays visible next to it). */
export function CopyButton({ value, label = "Copiar", copiedToast = "Copiado" }: { value: string; label?: string; copiedToast?: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      toast({ title: "Não foi possível copiar", description: value });
      return;
    }
    setCopied(true);
    toast({ title: copiedToast, variant: "success" });
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={copy}>
      {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {copied ? "Copiado" : label}
    </Button>
  );
}
