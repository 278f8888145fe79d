import type { QuotaRefusal } from "../../lib/quote/quota-messages";

interface Props {
  phone?: string;
  phoneHref?: string;
  whatsappHref?: string;
  refusal: Exclude<QuotaRefusal, null>;
}

/** After a limit refused a send (too many quotes, or files): call or WhatsApp instead of retrying. */
export default function QuotaRefusedNotice({ phone, phoneHref, whatsappHref, refusal }: Props) {
  return (
    <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-950">
      {refusal === "quotes"
        ? "We can't take more quote requests from your connection today."
        : "We can't take more files from you right now."}{" "}
      Please call us on{" "}
      <a href={phoneHref} className="font-semibold underline">
        {phone}
      </a>{" "}
      or{" "}
      <a href={whatsappHref} target="_blank" rel="noopener" className="font-semibold underline">
        message us on WhatsApp
      </a>{" "}
      instead: we can take your details and photos there.
    </p>
  );
}
