import { Link } from 'react-router';
import { PendingInvitationNotice } from '../features/members/PendingInvitationNotice';

/** The landing hero (spec 1 §1-2): tagline, subtitle and calls to action to /login. */
export function Landing() {
  return (
    <main className="landing">
      <PendingInvitationNotice />
      <section className="hero" aria-labelledby="hero-title">
        <p className="eyebrow">Family Financial Intelligence</p>
        <h1 id="hero-title">See Your Money From All Angles</h1>
        <p className="lede">
          Upload your bank statements and see what really came in and went out — without transfers between
          your own accounts counted as spending.
        </p>
        <div className="cta-row">
          <Link className="button primary" to="/login">
            Get started free
          </Link>
          <Link className="button" to="/login">
            Sign in
          </Link>
        </div>
      </section>
    </main>
  );
}
