import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import { iconPath } from "../../lib/icon-paths";

export interface CarouselCard {
  title: string;
  description: string;
  icon: string;
  items: { label: string; href?: string }[];
}

interface Props {
  cards: CarouselCard[];
  intervalMs: number;
}

/**
 * The services page's category carousel (SPEC.md §2, Services): advances every `intervalMs`,
 * the centred card is enlarged, dots jump to a card. Autoplay pauses while the pointer or focus
 * is inside the region or the visitor pressed Pause, and never starts under prefers-reduced-motion.
 */
export default function ServicesCarousel({ cards, intervalMs }: Props) {
  const [plugins] = useState(() =>
    typeof window !== "undefined" && !window.matchMedia("(prefers-reduced-motion: reduce)").matches
      ? [Autoplay({ delay: intervalMs, stopOnInteraction: false, stopOnFocusIn: false, stopOnMouseEnter: false })]
      : [],
  );
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: "center" }, plugins);
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const hovered = useRef(false);
  const focused = useRef(false);
  const autoplayAvailable = plugins.length > 0;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  const syncAutoplay = useCallback(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    if (paused || hovered.current || focused.current) autoplay.stop();
    else if (!autoplay.isPlaying()) autoplay.play();
  }, [embla, paused]);

  useEffect(syncAutoplay, [syncAutoplay]);

  const goTo = (index: number) => {
    embla?.scrollTo(index);
    embla?.plugins().autoplay?.reset();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      embla?.scrollPrev();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      embla?.scrollNext();
    }
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Service categories"
      className="relative"
      onKeyDownCapture={onKeyDown}
      onMouseEnter={() => {
        hovered.current = true;
        syncAutoplay();
      }}
      onMouseLeave={() => {
        hovered.current = false;
        syncAutoplay();
      }}
      onFocus={() => {
        focused.current = true;
        syncAutoplay();
      }}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        focused.current = false;
        syncAutoplay();
      }}
    >
      <div ref={viewportRef} className="overflow-hidden py-6">
        <div className="flex touch-pan-y" aria-live={autoplayAvailable && !paused ? "off" : "polite"}>
          {cards.map((card, index) => {
            const active = index === selected;
            return (
              <div
                key={card.title}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${cards.length}: ${card.title}`}
                data-active={active}
                className="min-w-0 shrink-0 grow-0 basis-[82%] px-2 sm:basis-[60%] lg:basis-[40%]"
              >
                <article
                  className={`h-full rounded-2xl border bg-white p-6 shadow-sm motion-safe:transition-all motion-safe:duration-500 sm:p-8 ${
                    active
                      ? "scale-100 border-accent-600 opacity-100 shadow-xl"
                      : "scale-[0.88] border-slate-200 opacity-70"
                  }`}
                >
                  <span className="inline-flex size-14 items-center justify-center rounded-xl bg-accent-50 text-accent-700">
                    <svg
                      width={30}
                      height={30}
                      viewBox="0 0 24 24"
                      aria-hidden="true"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth={1.8}
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    >
                      <path d={iconPath(card.icon)} />
                    </svg>
                  </span>
                  <h3 className="mt-4 text-2xl font-bold text-brand-800">{card.title}</h3>
                  <p className="mt-2 leading-relaxed text-slate-600">{card.description}</p>
                  <ul className="mt-4 space-y-1">
                    {card.items.map((item) => (
                      <li key={item.label} className="flex items-center gap-2">
                        <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-accent-600" />
                        {item.href ? (
                          <a
                            href={item.href}
                            tabIndex={active ? undefined : -1}
                            className="inline-block py-1 font-medium text-brand-700 hover:underline"
                          >
                            {item.label}
                          </a>
                        ) : (
                          <span className="inline-block py-1 text-slate-700">{item.label}</span>
                        )}
                      </li>
                    ))}
                  </ul>
                </article>
              </div>
            );
          })}
        </div>
      </div>

      <div className="mt-2 flex flex-wrap items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => embla?.scrollPrev()}
          className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-brand-800 hover:bg-brand-50"
          aria-label="Previous category"
        >
          <Chevron direction="left" />
        </button>
        <div className="flex items-center">
          {cards.map((card, index) => (
            <button
              key={card.title}
              type="button"
              onClick={() => goTo(index)}
              aria-label={`Show ${card.title}`}
              aria-current={index === selected ? "true" : undefined}
              className="group inline-flex size-8 items-center justify-center"
            >
              <span
                aria-hidden="true"
                className={`block h-3 rounded-full motion-safe:transition-all ${
                  index === selected ? "w-8 bg-accent-600" : "w-3 bg-slate-400 group-hover:bg-slate-500"
                }`}
              />
            </button>
          ))}
        </div>
        <button
          type="button"
          onClick={() => embla?.scrollNext()}
          className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-brand-800 hover:bg-brand-50"
          aria-label="Next category"
        >
          <Chevron direction="right" />
        </button>
        {autoplayAvailable && (
          <button
            type="button"
            onClick={() => setPaused((value) => !value)}
            className="inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
          >
            {paused ? "Play carousel" : "Pause carousel"}
          </button>
        )}
      </div>
    </section>
  );
}

function Chevron({ direction }: { direction: "left" | "right" }) {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" aria-hidden="true">
      <path
        d={direction === "left" ? "m15 5-7 7 7 7" : "m9 5 7 7-7 7"}
        fill="none"
        stroke="currentColor"
        strokeWidth={2.2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
