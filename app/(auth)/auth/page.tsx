import { LoginForm } from "@/components/auth/login-form";

export default function AuthPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center p-4">
      <LoginForm />
    </main>
  );
}
