import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AB_TEST_NAMES } from '../../../../functions/domain/ab-testing';
import { sendPublicFeedback } from '../feedback/api';
import { FeedbackWidget } from '../feedback/FeedbackWidget';
import { PendingInvitationNotice } from '../members/PendingInvitationNotice';
import { assignVariants } from './ab';
import { track, trackCta, trackLandingPage } from './analytics';
import { CTAS, HEADLINES, PROBLEMS, SECURITY, STEPS, SUBTITLE, VALUE_PROPS } from './copy';
import { Faq } from './Faq';
import './landing.css';

/**
 * The landing page (spec 1 §1-2; spec 3 §9): hero, three problems, the solution, the value propositions,
 * security, pricing, FAQ, a bottom call to action and the footer, with the floating feedback widget. Every
 * call to action goes to /login. The headline, the call to action's words and the value propositions are
 * A/B tested (one variant per test per browser); views, clicks, scroll depth and time on page are measured
 * first-party. No sign-in, chart or Amplify code is loaded here.
 */
export function Landing() {
  const [variants] = useState(assignVariants);
  const headline = HEADLINES[variants.headline];
  const cta = CTAS[variants.cta];
  const values = VALUE_PROPS[variants.valueProps];

  useEffect(() => {
    const stop = trackLandingPage('/');
    for (const test of AB_TEST_NAMES) track({ type: 'ab_view', test, variant: variants[test] });
    return stop;
  }, [variants]);

  const callToAction = (where: string, className = 'button primary') => (
    <Link className={className} to="/login" onClick={() => trackCta(where)} data-cta={where}>
      {cta}
    </Link>
  );

  return (
    <div className="landing-page">
      <header className="landing-top">
        <Link to="/" className="landing-brand">
          Family Finance
        </Link>
        <nav aria-label="Landing">
          <a href="#how-it-works">How it works</a>
          <a href="#pricing">Pricing</a>
          <a href="#faq">FAQ</a>
          <Link to="/login" className="button" onClick={() => trackCta('header')}>
            Sign in
          </Link>
        </nav>
      </header>
      <main id="main-content">
        <PendingInvitationNotice />
        <section className="landing-hero" aria-labelledby="hero-title" data-variant={variants.headline}>
          <p className="eyebrow">{SUBTITLE}</p>
          <h1 id="hero-title">{headline.title}</h1>
          <p className="lede">{headline.lede}</p>
          <div className="cta-row">
            {callToAction('hero')}
            <a className="button" href="#how-it-works">
              See how it works
            </a>
          </div>
          <p className="landing-proof">Set up in under 2 minutes · Trusted by 1000+ UK families</p>
        </section>

        <section className="landing-section" aria-labelledby="problems-title">
          <h2 id="problems-title">Why family finances never add up</h2>
          <ul className="landing-cards">
            {PROBLEMS.map((p) => (
              <li key={p.title} className="landing-card">
                <h3>{p.title}</h3>
                <p>{p.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="how-it-works" className="landing-section landing-alt" aria-labelledby="solution-title">
          <h2 id="solution-title">One honest picture, in three steps</h2>
          <ol className="landing-steps">
            {STEPS.map((s) => (
              <li key={s.title}>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section
          className="landing-section"
          aria-labelledby="values-title"
          data-variant={variants.valueProps}
        >
          <h2 id="values-title">{values.title}</h2>
          <ul className="landing-values">
            {values.items.map((item) => (
              <li key={item}>
                <span aria-hidden="true">✓</span> {item}
              </li>
            ))}
          </ul>
        </section>

        <section className="landing-section landing-alt" aria-labelledby="security-title">
          <h2 id="security-title">Your data, kept safe</h2>
          <ul className="landing-cards">
            {SECURITY.map((s) => (
              <li key={s.title} className="landing-card">
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section id="pricing" className="landing-section" aria-labelledby="pricing-title">
          <h2 id="pricing-title">Simple pricing</h2>
          <ul className="landing-cards landing-pricing">
            <li className="landing-card">
              <h3>Free</h3>
              <p className="landing-price">£0</p>
              <p>Free forever, no card needed.</p>
              <p>Start with a 14-day free trial of everything.</p>
            </li>
            <li className="landing-card landing-card-featured">
              <h3>Pro</h3>
              <p className="landing-price">
                £9.99<span>/month</span>
              </p>
              <p>After your 14-day free trial. Every account, every family member, cancel any time.</p>
              {callToAction('pricing')}
            </li>
          </ul>
        </section>

        <section id="faq" className="landing-section landing-alt" aria-labelledby="faq-title">
          <h2 id="faq-title">Frequently asked questions</h2>
          <Faq />
        </section>

        <section className="landing-section landing-bottom" aria-labelledby="bottom-title">
          <h2 id="bottom-title">See your family's money from all angles</h2>
          <p>Upload a statement today and see where your money really goes.</p>
          {callToAction('bottom')}
        </section>
      </main>
      <footer className="landing-footer">
        <p>© {new Date().getFullYear()} Family Finance</p>
        <nav aria-label="Footer">
          <Link to="/privacy-policy">Privacy Policy</Link>
          <Link to="/terms-of-service">Terms of Service</Link>
          <a href="mailto:hello@familyfinance.example">Contact</a>
        </nav>
      </footer>
      <FeedbackWidget send={sendPublicFeedback} />
    </div>
  );
}
