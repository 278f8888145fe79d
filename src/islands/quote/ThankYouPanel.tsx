import { useEffect, useRef } from "react";
import { buttonSecondary } from "../button";

interface Props {
  /** The quote's reference from the server's answer ("" when it gave none). */
  reference: string;
  onSendAnother: () => void;
}

/**
 * What replaces the quote form once it is sent; its heading takes the focus. Loaded with the
 * form's behaviour (./load-later.ts), so the shared button looks cost /contact nothing up front.
 */
export default function ThankYouPanel({ reference, onSendAnother }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="mt-6 rounded-xl border border-green-200 bg-green-50 p-8 text-center">
      <svg className="mx-auto size-12 text-green-700" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="2" />
        <path d="M7 12.5l3 3 7-7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <h3 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-green-900 outline-none">
        Thank You!
      </h3>
      <p className="mt-2 text-slate-700">
        Your quote request has been sent. We&apos;ll get back to you within 24 hours with your free quote.
      </p>
      {reference && (
        <p className="mt-4 text-slate-700">
          Your reference:{" "}
          <strong className="font-mono text-lg tracking-wider text-slate-900">{reference}</strong>
          <br />
          Please quote it if you call us.
        </p>
      )}
      <button type="button" onClick={onSendAnother} className={`${buttonSecondary} mt-6`}>
        Send Another Request
      </button>
    </div>
  );
}
