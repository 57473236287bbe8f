import { LegalPage } from './LegalPage';

/** /privacy-policy (spec 1 §1-2): what we keep, for how long, and the family's rights. */
export function PrivacyPolicy() {
  return (
    <LegalPage title="Privacy Policy" updated="22 November 2026">
      <h2>What we collect</h2>
      <p>
        Your e-mail address (to sign you in), the profile details you give us (name, phone, address, date of
        birth, preferences), the names of your family's accounts, and the bank statements you upload together
        with the transactions we read from them.
      </p>
      <h2>How we use it</h2>
      <p>
        Only to show your family its finances: to read your statements, classify transactions, recognise
        transfers between your own accounts and produce your overview. We do not sell your data or use it for
        advertising.
      </p>
      <h2>Where it is kept</h2>
      <p>
        In Amazon Web Services data centres, encrypted at rest and in transit. Uploaded PDF files are deleted
        within 30 days of upload; the transactions read from them stay with your account.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Your account data is kept until you delete your account, and then for 30 days before it is erased.
      </p>
      <h2>Your rights</h2>
      <p>
        You may ask for a copy of your data, its correction or its deletion, and you may object to how we use
        it. We answer every request within 30 days. Write to privacy@familyfinance.example.
      </p>
    </LegalPage>
  );
}
