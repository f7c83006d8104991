"use client";

import { CheckCircle2, LogOut } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { signOutWithToast } from "./sign-out";

/** /auth for a signed-in, registered user: 'Você já está conectado como {email}'. */
export function SignedInPanel({ email }: { email: string }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-5 p-6 pt-6 text-center sm:p-8 sm:pt-8">
        <span className="flex size-12 items-center justify-center rounded-full bg-success/15 text-success">
          <CheckCircle2 aria-hidden className="size-6" />
        </span>
        <p className="text-lg font-medium">
          Você já está conectado como <span className="break-words font-semibold">{email}</span>
        </p>
        <div className="flex w-full flex-col gap-2 sm:flex-row">
          <Button asChild className="sm:flex-1">
            <Link href="/">Ir para o App</Link>
          </Button>
          <Button
            variant="outline"
            className="sm:flex-1"
            disabled={leaving}
            onClick={async () => {
              setLeaving(true);
              await signOutWithToast();
              setLeaving(false);
            }}
          >
            {leaving ? <Spinner /> : <LogOut aria-hidden />}
            Sair
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
