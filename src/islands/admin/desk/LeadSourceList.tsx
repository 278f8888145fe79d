import type { LeadSource } from "../../../lib/lead-model";

/** Where the visitor came from: the landing page, the referring site and the campaign's utm tags. */
export default function LeadSourceList({ source }: { source: LeadSource | null | undefined }) {
  return (
    <>
      <h3 className="mt-8 text-lg font-bold text-brand-800">Source</h3>
      {source ? (
        <dl className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          {(
            [
              ["Landing page", source.landingPage],
              ["Referring site", source.referrer],
              ["utm_source", source.utmSource],
              ["utm_medium", source.utmMedium],
              ["utm_campaign", source.utmCampaign],
            ] as const
          )
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-sm font-semibold text-slate-700">{label}</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
        </dl>
      ) : (
        <p className="mt-2 text-slate-700">Not recorded</p>
      )}
    </>
  );
}
