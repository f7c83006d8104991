import { redirect } from "next/navigation";
import { guardPage } from "@/lib/auth/guards";

/** Home: admins go to /admin, members to the agenda, strangers to /auth (spec section 2). */
export default async function Home() {
  const ctx = await guardPage("/");
  if (!ctx) redirect("/auth");
  if (!ctx.user.registered && ctx.businesses.length === 0) redirect("/auth");
  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-2xl font-semibold">Você ainda não faz parte de nenhum negócio</h1>
      <p className="text-muted-foreground">Peça um convite ao proprietário do salão ou cadastre o seu negócio.</p>
    </main>
  );
}
