/** Step 3 (spec 1 §2): 'You're all set!' and Go to Dashboard. */
export function CompleteStep({ onFinish }: { onFinish(): void }) {
  return (
    <section className="complete" aria-labelledby="complete-title">
      <h2 id="complete-title">You're all set!</h2>
      <p>
        Your family and accounts are ready. Upload a statement from the dashboard to see your money from all
        angles.
      </p>
      <div className="actions">
        <button type="button" className="button primary" onClick={onFinish}>
          Go to Dashboard
        </button>
      </div>
    </section>
  );
}
