import type { Variant } from '../../../../functions/domain/ab-testing';

/**
 * The landing page's words (spec 1 §1-2): the tagline and subtitle, and each A/B variant written for UK
 * families. Claims are the spec's: setup under 2 minutes, 1000+ families, 256-bit encryption, SOC 2 and GDPR,
 * a 14-day free trial then Pro at £9.99 a month — and 'free forever, no card needed', which the spec keeps
 * beside the trial and Pro plan as visible copy.
 */
export const TAGLINE = 'See Your Money From All Angles';
export const SUBTITLE = 'Family Financial Intelligence';

export const HEADLINES: Record<Variant<'headline'>, { title: string; lede: string }> = {
  control: {
    title: TAGLINE,
    lede: 'Upload your bank statements and see what really came in and went out, without transfers between your own accounts counted as spending.',
  },
  clarity: {
    title: "Every Account, One Clear Picture of Your Family's Money",
    lede: 'Current accounts, savings, credit cards and ISAs from any UK bank, read from the PDF statements you already get.',
  },
  problem: {
    title: 'Stop Counting Transfers Between Your Own Accounts as Spending',
    lede: 'Moving £500 from your current account to savings is not spending. Most budgeting tools count it twice. We match it.',
  },
  benefit: {
    title: "Know Exactly Where Your Family's Money Goes Each Month",
    lede: 'Real income, real spending and real saving for the whole household, in one place, in pounds and pence.',
  },
};

export const CTAS: Record<Variant<'cta'>, string> = {
  control: 'Get Started Free',
  direct: 'Upload Your First Statement',
  social: 'Join 1000+ UK Families',
  time: 'Set Up in Under 2 Minutes',
};

export const VALUE_PROPS: Record<Variant<'valueProps'>, { title: string; items: string[] }> = {
  control: {
    title: 'What you get',
    items: [
      'Upload PDF statements from any UK bank or building society',
      'Transfers between your own accounts matched automatically',
      'Every transaction classified, learning from your corrections',
      'One view for the whole family, with everyone invited',
    ],
  },
  benefits: {
    title: 'What changes for your family',
    items: [
      'See your true monthly income and spending at a glance',
      'Know what every account is for and how it is doing',
      'Spend minutes, not evenings, on the family finances',
      'Plan together with everyone looking at the same numbers',
    ],
  },
  pain_points: {
    title: 'No more…',
    items: [
      'double-counted transfers inflating what you think you spend',
      'guessing who paid the council tax from which account',
      "'Miscellaneous' swallowing half of the month",
      'month-end spreadsheet sessions at the kitchen table',
    ],
  },
};

export const PROBLEMS = [
  {
    title: 'Double-counted transfers',
    text: 'Paying off the credit card or topping up savings shows up as money out of one account and money in to another. Most apps count both, so your spending looks far bigger than it is.',
  },
  {
    title: 'Lost family context',
    text: "Joint accounts, a partner's current account, the children's savings: banking apps show one account at a time, never the household as a whole.",
  },
  {
    title: 'Category confusion',
    text: "Is 'TFR 04-00-04 12345678' a bill, a transfer or a gift? Without context, transactions end up in the wrong pile and the totals stop meaning anything.",
  },
] as const;

export const STEPS = [
  {
    title: 'Upload your statements',
    text: 'Drop in the PDF statements your bank already sends you. No bank logins, no open banking consent.',
  },
  {
    title: 'We match and classify',
    text: 'Transfers between your own accounts are paired across banks, and every transaction is sorted into income, spending or moving money.',
  },
  {
    title: 'See the real picture',
    text: 'Money in, money out and what you saved, for each account and for the whole family.',
  },
] as const;

export const SECURITY = [
  {
    title: '256-bit encryption',
    text: 'Your statements and data are encrypted with 256-bit encryption in transit and at rest.',
  },
  { title: 'SOC 2', text: 'Our infrastructure runs on SOC 2 audited cloud services.' },
  { title: 'GDPR', text: 'GDPR compliant: your data is yours, never sold, and deleted when you ask.' },
] as const;

export const FAQS = [
  {
    q: 'Do I need to give you my online banking login?',
    a: 'No. You upload the PDF statements your bank already gives you. We never ask for, see or store a banking password.',
  },
  {
    q: 'Which banks do you support?',
    a: 'Statements from the major UK banks, building societies and app banks: Barclays, HSBC, Lloyds, NatWest, Santander, Nationwide, Monzo, Starling and many more.',
  },
  {
    q: 'How much does it cost?',
    a: 'Start with a 14-day free trial, no card needed. After that, Pro is £9.99 a month and you can cancel at any time.',
  },
  {
    q: 'How do you tell a transfer from spending?',
    a: 'We look for the same amount leaving one of your accounts and arriving in another within a few days, then check the descriptions. You can confirm or reject every match.',
  },
  {
    q: 'Can my partner see the same figures?',
    a: 'Yes. Invite family members by e-mail and everyone sees the same accounts and totals.',
  },
  {
    q: 'Can I delete my data?',
    a: 'Yes, at any time. Deleted account data is removed within 30 days, and we answer every data request within 30 days.',
  },
] as const;
