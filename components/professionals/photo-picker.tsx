"use client";

import { ImagePlus, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/label";
import { checkAvatar, IMAGE_TYPES, MAX_AVATAR_BYTES, AVATAR_MESSAGES } from "@/lib/core/uploads/image-type";
import { ProfessionalAvatar } from "./professional-avatar";

type Props = {
  name: string;
  /** The saved photo's URL (null: none). */
  current: string | null;
  removed: boolean;
  disabled?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
};

/**
 * The avatar picker: preview, 'Escolher foto', 'Remover foto'. A file that is not a JPEG, PNG,
 * WebP or GIF (by its bytes) or is over 2 MB is refused here at once; the server checks again.
 */
export function PhotoPicker({ name, current, removed, disabled, onPick, onRemove }: Props) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // The picked file's preview URL lives until another is picked, the photo is removed or the dialog closes.
  const shownUrl = useRef<string | null>(null);
  const showPreview = (url: string | null) => {
    if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
    shownUrl.current = url;
    setPreview(url);
  };
  useEffect(() => () => {
    if (shownUrl.current) URL.revokeObjectURL(shownUrl.current);
  }, []);

  async function picked(f: File | undefined) {
    if (input.current) input.current.value = "";
    if (!f) return;
    setError(null);
    if (f.size > MAX_AVATAR_BYTES) return setError(AVATAR_MESSAGES.tooLarge);
    const check = checkAvatar(new Uint8Array(await f.slice(0, 16).arrayBuffer()));
    if (!check.ok) return setError(check.message === AVATAR_MESSAGES.empty ? check.message : AVATAR_MESSAGES.notImage);
    showPreview(URL.createObjectURL(f));
    onPick(f);
  }

  const shown = preview ?? (removed ? null : current);
  return (
    <div className="flex items-center gap-4">
      <ProfessionalAvatar name={name || "?"} src={shown} className="size-16" />
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={disabled} onClick={() => input.current?.click()}>
            <ImagePlus aria-hidden />
            {shown ? "Trocar foto" : "Escolher foto"}
          </Button>
          {shown && (
            <Button variant="ghost" size="sm" disabled={disabled} onClick={() => {
                setError(null);
                showPreview(null);
                onRemove();
              }}>
              <X aria-hidden />
              Remover foto
            </Button>
          )}
        </div>
        <input
          id={inputId}
          ref={input}
          type="file"
          accept={IMAGE_TYPES.join(",")}
          className="sr-only"
          tabIndex={-1}
          aria-label="Foto do profissional"
          onChange={(e) => void picked(e.target.files?.[0])}
        />
        {error ? <FieldError>{error}</FieldError> : <p className="text-xs text-muted-foreground">JPEG, PNG, WebP ou GIF, até 2 MB.</p>}
      </div>
    </div>
  );
}
