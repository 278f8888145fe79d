import { DESK_MAIN_ID } from "./desk-sections";

interface Props {
  /** The desk's sections to link to (none for the crew's desk). */
  sections: readonly { id: string; label: string }[];
  onSection: (id: string) => void;
  onSignOut: () => void;
}

const control =
  "inline-flex min-h-11 items-center justify-center rounded-lg px-3 font-semibold whitespace-nowrap text-brand-800";

/**
 * The signed-in desk's own header, in place of the website's (docs/lead-desk.md, "The desk
 * header"): a skip link, the desk's sections, Logout and Back to Website. Compact: two rows on a
 * phone (the two buttons, the sections under them; the name from sm), where it scrolls away with
 * the page so that nothing stands over a lead's controls; one row from md, sticky there, as tall as
 * `--desk-header` in global.css.
 */
export default function DeskBar({ sections, onSection, onSignOut }: Props) {
  return (
    <header className="z-30 -mx-4 border-b border-slate-200 bg-white px-4 sm:-mx-6 sm:px-6 md:sticky md:top-0 lg:-mx-8 lg:px-8">
      <a
        href={`#${DESK_MAIN_ID}`}
        className="sr-only rounded-md bg-brand-800 px-4 py-3 font-semibold text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to main content
      </a>
      <div className="flex flex-wrap items-center gap-x-2 py-1 md:h-(--desk-header) md:flex-nowrap md:py-0">
        <p className="hidden font-bold text-brand-800 sm:block md:mr-2">Lead desk</p>
        {sections.length > 0 && (
          <nav aria-label="Desk sections" className="order-last -ml-3 w-full md:order-none md:ml-0 md:w-auto">
            <ul className="flex gap-1 overflow-x-auto">
              {sections.map(({ id, label }) => (
                <li key={id}>
                  <a
                    href={`#${id}`}
                    onClick={(event) => {
                      event.preventDefault();
                      onSection(id);
                    }}
                    className={`${control} underline-offset-4 hover:bg-brand-50 hover:underline`}
                  >
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="ml-auto flex gap-2">
          <button
            type="button"
            onClick={onSignOut}
            className={`${control} border-2 border-brand-800 hover:bg-brand-50`}
          >
            Logout
          </button>
          <a href="/" className={`${control} border-2 border-brand-800 hover:bg-brand-50`}>
            Back to Website
          </a>
        </div>
      </div>
    </header>
  );
}
