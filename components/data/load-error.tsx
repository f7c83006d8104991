"use client";

import { AlertCircle } from "lucide-react";
import { useEffect } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { toast } from "@/components/ui/toaster";

/** A list that could not be loaded: the spec's toast once, and the same text in place of the list. */
export function LoadError({ title, description }: { title: string; description?: string }) {
  useEffect(() => {
    toast({ title, description, variant: "destructive" });
  }, [title, description]);
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{description ?? "Recarregue a página para tentar de novo."}</AlertDescription>
    </Alert>
  );
}
