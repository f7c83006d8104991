"use client";

import { useState } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { ForgotPasswordForm } from "./forgot-password-form";
import { LoginForm } from "./login-form";
import { SignUpForm } from "./signup-form";

type Mode = "login" | "signup" | "forgot";

/** /auth for a visitor: login, 'Criar conta' and 'Esqueci a senha'. */
export function AuthScreen({ callbackUrl, googleEnabled }: { callbackUrl: string | null; googleEnabled: boolean }) {
  const [mode, setMode] = useState<Mode>("login");
  const [email, setEmail] = useState("");

  return (
    <Card>
      <CardContent className="p-6 pt-6 sm:p-8 sm:pt-8">
        {mode === "login" && (
          <LoginForm
            key={email}
            initialEmail={email}
            callbackUrl={callbackUrl}
            googleEnabled={googleEnabled}
            onForgot={(e) => {
              setEmail(e);
              setMode("forgot");
            }}
            onSignUp={() => setMode("signup")}
          />
        )}
        {mode === "signup" && (
          <SignUpForm
            onBack={() => setMode("login")}
            onDone={(e) => {
              setEmail(e);
              setMode("login");
            }}
          />
        )}
        {mode === "forgot" && <ForgotPasswordForm initialEmail={email} onBack={() => setMode("login")} />}
      </CardContent>
    </Card>
  );
}
