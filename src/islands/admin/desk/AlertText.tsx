import type { ReactNode } from "react";

/** A panel's error in words, read out when it appears: a refused call, or a list that did not load. */
export default function AlertText({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="mt-2 text-red-800">
      {children}
    </p>
  );
}
