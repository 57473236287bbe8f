import {
  AB_TEST_NAMES,
  AB_TESTS,
  type AbTest,
  type Assignment,
  isVariant,
  pickVariant,
} from '../../../../functions/domain/ab-testing';

/**
 * The landing page's A/B tests (spec 1 §3, §9; spec 3 §9): each test's variant is chosen at random once per
 * browser and kept in localStorage under its own key, so a visitor sees the same page on every visit.
 */
export const abStorageKey = (test: AbTest) => `abTest_${test}`;

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function assignVariants(random: () => number = Math.random): Assignment {
  const s = store();
  const out: Partial<Record<AbTest, string>> = {};
  for (const test of AB_TEST_NAMES) {
    const kept = s?.getItem(abStorageKey(test));
    if (isVariant(test, kept)) {
      out[test] = kept;
      continue;
    }
    const chosen = pickVariant(test, random());
    try {
      s?.setItem(abStorageKey(test), chosen);
    } catch {
      // storage full or disabled: the visitor still sees a variant, chosen again next time
    }
    out[test] = chosen;
  }
  return out as Assignment;
}

export { AB_TESTS };
