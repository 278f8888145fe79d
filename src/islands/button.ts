/**
 * The islands' button looks (shadcn's `buttonVariants` idea): one class list per variant, every
 * target at least 44px high. Separate exports so an island's bundle carries only the variants it
 * uses (the /contact page's JavaScript budget is tight).
 */
const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70";

/** The page's main action (accent). */
export const buttonPrimary = `${base} bg-accent-600 text-white hover:bg-accent-700`;
/** A solid action in the brand colour. */
export const buttonSecondary = `${base} bg-brand-800 text-white hover:bg-brand-900`;
/** A bordered brand-coloured action. */
export const buttonOutline = `${base} border-2 border-brand-800 bg-white text-brand-800 hover:bg-brand-50`;
/** A quiet action: Cancel, Reload. */
export const buttonNeutral = `${base} border-2 border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
/** Confirms a deletion. */
export const buttonDanger = `${base} bg-red-700 text-white hover:bg-red-800`;
/** Opens a deletion. */
export const buttonDangerOutline = `${base} border-2 border-red-700 bg-white text-red-800 hover:bg-red-50`;
