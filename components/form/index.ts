export { Form } from "./form";
export { FieldShell, FormField, TextField } from "./form-field";
export { SubmitButton } from "./submit-button";
export { useActionForm, type ActionForm } from "./use-action-form";
export { failureToast, networkFailureToast, resultToast, type SuccessToast } from "./action-toast";
export { useHydrated } from "./use-hydrated";
export { ActionConfirmDialog } from "./action-confirm-dialog";
