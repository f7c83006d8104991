/** What a dialog and an alert dialog share, so the two look alike and change together. */
export const DIALOG_OVERLAY = "fixed inset-0 z-50 bg-black/50 backdrop-blur-[1px]";
/** The panel, without its placement and height (each kind sets those). */
export const DIALOG_PANEL = "grid grid-cols-1 gap-4 overflow-y-auto rounded-xl border bg-card p-6 text-card-foreground shadow-lg focus:outline-none";
export const DIALOG_TITLE = "text-lg font-semibold leading-tight tracking-tight";
export const DIALOG_DESCRIPTION = "text-sm text-muted-foreground";
/** Buttons stack full width on mobile (the primary on top) and align right from md up. */
export const DIALOG_BUTTONS = "flex flex-col-reverse gap-2 md:flex-row md:justify-end [&>*]:w-full md:[&>*]:w-auto";
