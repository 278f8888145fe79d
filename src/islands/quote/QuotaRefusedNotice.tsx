interface Props {
  phone?: string;
  phoneHref?: string;
  whatsappHref?: string;
}

/** After the attachment quota refused a send (429, 503): call or WhatsApp instead of retrying. */
export default function QuotaRefusedNotice({ phone, phoneHref, whatsappHref }: Props) {
  return (
    <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-950">
      We can&apos;t take more files from you right now. Please call us on{" "}
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
