/** A list that could not be loaded: says so, with a way to try again (announced as an alert). */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="inline-alert" role="alert">
      <p>We couldn't load {what}. Please try again.</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
