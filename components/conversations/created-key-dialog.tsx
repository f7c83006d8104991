"use client";

import { Check, Copy, KeyRound } from "lucide-react";
import { useRef, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/toaster";
import { API_KEY_MESSAGES } from "@/lib/conversations/messages";

export type Created = { name: string; key: string };

/** The new key, this once: read-only field, 'Copiar', and the warning that it won't be shown again. */
export function CreatedKeyDialog({ created, onClose }: { created: Created | null; onClose: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  async function copy() {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
    } catch {
      // No clipboard permission: select the text so Ctrl+C works.
      input.current?.select();
      toast({ title: "Não foi possível copiar", description: "Selecione a chave e copie com Ctrl+C." });
      return;
    }
    setCopied(true);
    toast({ title: "Chave copiada", variant: "success" });
  }
  return (
    <Dialog
      open={!!created}
      onOpenChange={(open) => {
        if (open) return;
        setCopied(false);
        onClose();
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{API_KEY_MESSAGES.created}</DialogTitle>
          <DialogDescription>Chave &quot;{created?.name}&quot; para o bot de WhatsApp.</DialogDescription>
        </DialogHeader>
        <Alert>
          <KeyRound aria-hidden />
          <AlertTitle>{API_KEY_MESSAGES.createdDescription}</AlertTitle>
          <AlertDescription>Guarde-a no bot: só um resumo dela fica salvo aqui. Se perdê-la, revogue-a e crie outra.</AlertDescription>
        </Alert>
        <div className="flex gap-2">
          <Input
            ref={input}
            readOnly
            aria-label="Nova chave de API"
            value={created?.key ?? ""}
            className="font-mono text-xs md:text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <Button type="button" variant="outline" onClick={copy}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? "Copiada" : "Copiar"}
          </Button>
        </div>
        <DialogFooter>
          <Button onClick={() => onClose()}>Concluir</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
