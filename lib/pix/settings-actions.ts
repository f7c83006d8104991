"use server";

import { defineAction } from "@/lib/pipeline";
import { removePixPsp, renewPixWebhookSecret, savePixSettings } from "./settings";
import { PIX_SETTINGS_MESSAGES as MSG } from "./settings-messages";
import { pixPspSchema, pixSettingsSchema } from "./settings-schemas";

/** The owner's 'Pix' card on Meus Dados: the key, the name and city of the BR Code and, optionally, the PSP. */
export const savePixSettingsAction = defineAction({
  name: "pix.settings.save",
  level: "owner",
  schema: pixSettingsSchema,
  error: MSG.saveError,
  revalidate: ["/business-profile"],
  run: ({ input, ...w }) => savePixSettings(w, input),
});

/** 'Remover PSP': the charges go back to the static QR code. */
export const removePixPspAction = defineAction({
  name: "pix.settings.removePsp",
  level: "owner",
  schema: pixPspSchema,
  error: MSG.removeError,
  revalidate: ["/business-profile"],
  run: (w) => removePixPsp(w),
});

/** 'Gerar novo segredo': a new shared secret for the PSP's webhook. */
export const renewPixWebhookSecretAction = defineAction({
  name: "pix.settings.renewWebhookSecret",
  level: "owner",
  schema: pixPspSchema,
  error: MSG.renewError,
  revalidate: ["/business-profile"],
  run: (w) => renewPixWebhookSecret(w),
});
