"use client";

import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

export function LoginForm() {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setPending(true);
    const res = await signIn("credentials", { email: data.get("email"), password: data.get("password"), redirect: false });
    setPending(false);
    if (res?.error) setError(res.error);
    else window.location.assign("/");
  }
  return (
    <form onSubmit={onSubmit} className="flex w-full max-w-sm flex-col gap-3">
      <h1 className="text-2xl font-semibold">Entrar</h1>
      <Label htmlFor="email">Email</Label>
      <Input id="email" name="email" type="email" autoComplete="email" />
      <Label htmlFor="password">Senha</Label>
      <Input id="password" name="password" type="password" autoComplete="current-password" />
      {error && <p role="alert" className="text-sm text-destructive">{error}</p>}
      <Button type="submit" disabled={pending}>Entrar</Button>
    </form>
  );
}
