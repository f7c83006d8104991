"use client";

import { TextField } from "@/components/form";

/** Description, phone, e-mail and address of a business: the create-business dialog's and the admin's. */
export function BusinessDetailsFields({ idPrefix, descriptionRows = 3 }: { idPrefix: string; descriptionRows?: number }) {
  return (
    <>
      <TextField name="description" id={`${idPrefix}-description`} label="Descrição" multiline rows={descriptionRows} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="phone" id={`${idPrefix}-phone`} label="Telefone" type="tel" placeholder="(11) 99999-9999" />
        <TextField name="email" id={`${idPrefix}-email`} label="E-mail" type="email" />
      </div>
      <TextField name="address" id={`${idPrefix}-address`} label="Endereço" />
    </>
  );
}
