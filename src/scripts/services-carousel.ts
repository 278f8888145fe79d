/**
 * Behaviour of the services carousel (src/components/sections/ServicesCarousel.astro): Embla with
 * loop and centred slides; autoplay every `data-interval` ms that pauses while the pointer or focus
 * is inside, or after Pause, and never starts under prefers-reduced-motion; dots jump to a slide;
 * arrow keys move. The centred slide gets `data-active="true"` and the others' links leave the tab order.
 */
import EmblaCarousel from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";

export function setUpCarousel(root: HTMLElement) {
  const viewport = root.querySelector<HTMLElement>("[data-carousel-viewport]");
  if (!viewport) return;
  const motionAllowed = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const plugins = motionAllowed
    ? [
        Autoplay({
          delay: Number(root.dataset.interval),
          stopOnInteraction: false,
          stopOnFocusIn: false,
          stopOnMouseEnter: false,
        }),
      ]
    : [];
  const embla = EmblaCarousel(viewport, { loop: true, align: "center" }, plugins);
  const dots = [...root.querySelectorAll<HTMLButtonElement>("[data-carousel-dot]")];
  const pause = root.querySelector<HTMLButtonElement>("[data-carousel-pause]");
  let paused = false;
  let hovered = false;
  let focused = false;

  const sync = () => {
    const autoplay = embla.plugins().autoplay;
    // A moving carousel must not announce every slide; a still one announces the slide the visitor chose.
    embla.containerNode().setAttribute("aria-live", autoplay && !paused ? "off" : "polite");
    if (!autoplay) return;
    if (paused || hovered || focused) autoplay.stop();
    else if (!autoplay.isPlaying()) autoplay.play();
  };

  const onSelect = () => {
    const selected = embla.selectedScrollSnap();
    embla.slideNodes().forEach((slide, index) => {
      const active = index === selected;
      slide.dataset.active = String(active);
      for (const link of slide.querySelectorAll("a")) {
        if (active) link.removeAttribute("tabindex");
        else link.tabIndex = -1;
      }
    });
    dots.forEach((dot, index) => {
      if (index === selected) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
  };
  embla.on("select", onSelect).on("reInit", onSelect);
  onSelect();

  dots.forEach((dot, index) =>
    dot.addEventListener("click", () => {
      embla.scrollTo(index);
      embla.plugins().autoplay?.reset();
    }),
  );
  root.querySelector("[data-carousel-prev]")?.addEventListener("click", () => embla.scrollPrev());
  root.querySelector("[data-carousel-next]")?.addEventListener("click", () => embla.scrollNext());
  root.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    if (event.key === "ArrowLeft") embla.scrollPrev();
    else embla.scrollNext();
  });
  root.addEventListener("mouseenter", () => {
    hovered = true;
    sync();
  });
  root.addEventListener("mouseleave", () => {
    hovered = false;
    sync();
  });
  root.addEventListener("focusin", () => {
    focused = true;
    sync();
  });
  root.addEventListener("focusout", (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    sync();
  });

  if (pause && motionAllowed) {
    pause.hidden = false;
    pause.addEventListener("click", () => {
      paused = !paused;
      pause.textContent = paused ? "Play carousel" : "Pause carousel";
      sync();
    });
  }
  sync();
  root.dataset.ready = "true";
}
