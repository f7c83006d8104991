import Link from "next/link";
import { LogNotFound } from "@/components/log-not-found";

export default function NotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <LogNotFound />
      <h1 className="text-6xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Link href="/" className="text-primary underline underline-offset-4 hover:text-primary/80">
        Voltar para o início
      </Link>
    </main>
  );
}
