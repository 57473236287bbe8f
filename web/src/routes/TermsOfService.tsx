import { LegalPage } from './LegalPage';

/** /terms-of-service (spec 1 §1-2): eligibility, the service, plans and liability. */
export function TermsOfService() {
  return (
    <LegalPage title="Terms of Service" updated="22 November 2026">
      <h2>Who may use the service</h2>
      <p>You must be 16 or older to create an account or join a family.</p>
      <h2>The service</h2>
      <p>
        Family Finance reads the bank statements you upload and shows your family's income, spending and
        transfers. It is an information tool, not financial advice; check important figures against your bank.
      </p>
      <h2>Plans</h2>
      <p>
        New families start with a free trial (14 days). The Pro plan costs £9.99 per month and can be
        cancelled at any time.
      </p>
      <h2>Your content</h2>
      <p>
        Statements and data you upload remain yours. You give us permission to process them only to provide
        the service to your family.
      </p>
      <h2>Liability</h2>
      <p>
        Our total liability to you for any claim is limited to £100. Nothing in these terms limits liability
        that cannot be limited by law.
      </p>
    </LegalPage>
  );
}
