export function Onboarding() {
  return (
    <main aria-busy="true">
      <p>Loading onboarding…</p>
    </main>
  );
}
