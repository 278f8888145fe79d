import { buttonOutline } from "../../button";

interface Props {
  /** What the panel could not load, as it reads after "Could not load": "the money". */
  what: string;
  error: string;
  onRetry: () => void;
}

/** A desk panel's alert when its list could not be read, with the server's words and Try Again. */
export default function LoadFailed({ what, error, onRetry }: Props) {
  return (
    <div role="alert" className="mt-2 text-red-800">
      <p>
        Could not load {what}: {error}
      </p>
      <button type="button" onClick={onRetry} className={`${buttonOutline} mt-2`}>
        Try Again
      </button>
    </div>
  );
}
