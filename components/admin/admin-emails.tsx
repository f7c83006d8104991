"use client";

import { Mail, Plus, X } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/data/empty-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { failToast } from "./notify";
import { addAdminEmailAction, removeAdminEmailAction } from "@/lib/admin/actions";

/** The 'Emails de Admin' tab: who becomes saas_admin when they sign in. */
export function AdminEmails({ emails, loadError }: { emails: string[]; loadError: boolean }) {
  const [value, setValue] = useState("");
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  async function add(e: React.FormEvent) {
    e.preventDefault();
    const email = value.trim().toLowerCase();
    if (!email) return; // the spec: an empty e-mail is ignored
    if (emails.includes(email)) {
      failToast("Este email já está na lista de admins");
      return;
    }
    setAdding(true);
    try {
      const result = await addAdminEmailAction(email);
      if (!result.ok) {
        failToast(result.error, result.description);
        return;
      }
      setValue("");
      toast({ title: "Email de admin adicionado", description: result.email, variant: "success" });
    } catch {
      failToast("Erro ao adicionar email de admin");
    } finally {
      setAdding(false);
    }
  }

  async function remove(email: string) {
    setRemoving(email);
    try {
      const result = await removeAdminEmailAction(email);
      if (result.ok) toast({ title: "Email de admin removido", description: email, variant: "success" });
      else failToast(result.error, result.description);
    } catch {
      failToast("Erro ao remover email de admin");
    } finally {
      setRemoving(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Emails de Admin</CardTitle>
        <CardDescription>Quem entrar com um destes emails recebe o acesso de Admin SaaS.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={add} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-2">
            <Label htmlFor="admin-email">Novo email de admin</Label>
            <Input
              id="admin-email"
              type="email"
              autoComplete="off"
              placeholder="admin@exemplo.com.br"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={adding}>
            {adding ? <Spinner /> : <Plus aria-hidden />}
            Adicionar
          </Button>
        </form>
        {loadError ? (
          <EmptyState icon={Mail} title="Erro ao carregar emails de admin" />
        ) : emails.length === 0 ? (
          <EmptyState icon={Mail} title="Nenhum email de admin cadastrado." />
        ) : (
          <ul aria-label="Emails de admin" className="divide-y rounded-md border">
            {emails.map((email) => (
              <li key={email} className="flex items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0 truncate">{email}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remover ${email}`}
                  disabled={removing === email}
                  onClick={() => void remove(email)}
                  className="text-destructive hover:text-destructive"
                >
                  {removing === email ? <Spinner /> : <X aria-hidden />}
                  <span className="sr-only sm:not-sr-only">Remover</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
