/** Class lists shared by the admin screens' controls (every target at least 44px high). */
export const buttonPrimary =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-accent-600 px-5 py-2.5 font-semibold text-white transition-colors hover:bg-accent-700 disabled:cursor-not-allowed disabled:opacity-70";
export const buttonSecondary =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white transition-colors hover:bg-brand-900";
export const buttonOutline =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border-2 border-brand-800 bg-white px-4 py-2 font-semibold text-brand-800 transition-colors hover:bg-brand-50";
