/**
 * The spending categories (spec 3 §3 categories: id, name, parent_id, display_order, color, icon; a hierarchy
 * of parents and children). The hierarchy is the product's own, for UK households; it is seeded into the table
 * like the institution catalogue and served by GET /api/categories, ordered by display_order. Ids are stable
 * (they are stored on transactions and in learned category rules): rename freely, never re-use an id.
 *
 * Colours are the parents' (children are shown in their parent's colour); a category without a usable colour
 * takes the fallback palette of 7 (spec 3 §9) by its position. Icons are names of the web app's icon set.
 */
export interface Category {
  id: string;
  name: string;
  parent_id: string | null;
  display_order: number;
  color: string;
  icon: string;
}

/** Spend by category's fallback palette (spec 3 §9: 7 colours). */
export const FALLBACK_PALETTE = [
  '#2563eb',
  '#16a34a',
  '#f59e0b',
  '#dc2626',
  '#7c3aed',
  '#0891b2',
  '#db2777',
] as const;

export const UNCATEGORISED_ID = 'uncategorised';
export const UNCATEGORISED_NAME = 'Uncategorized';
export const UNCATEGORISED_COLOR = '#9ca3af';

type Child = readonly [id: string, name: string, icon: string];
type Parent = readonly [id: string, name: string, color: string, icon: string, children: readonly Child[]];

const TREE: readonly Parent[] = [
  ['groceries', 'Groceries', '#16a34a', 'shopping-basket', []],
  [
    'eating_out',
    'Eating Out',
    '#f97316',
    'utensils',
    [
      ['eating_out.restaurants', 'Restaurants', 'utensils'],
      ['eating_out.cafes', 'Cafés & coffee', 'coffee'],
      ['eating_out.takeaway', 'Takeaway & delivery', 'bike'],
      ['eating_out.pubs', 'Pubs & bars', 'beer'],
    ],
  ],
  [
    'transport',
    'Transport',
    '#0891b2',
    'bus',
    [
      ['transport.public', 'Public transport', 'train'],
      ['transport.taxi', 'Taxi', 'car-taxi-front'],
      ['transport.parking', 'Parking', 'square-parking'],
      ['transport.vehicle', 'Vehicle & maintenance', 'wrench'],
    ],
  ],
  ['fuel', 'Fuel', '#ca8a04', 'fuel', []],
  [
    'bills',
    'Bills & Utilities',
    '#2563eb',
    'receipt',
    [
      ['bills.energy', 'Energy', 'zap'],
      ['bills.water', 'Water', 'droplet'],
      ['bills.council_tax', 'Council tax', 'landmark'],
      ['bills.phone_broadband', 'Phone & broadband', 'wifi'],
      ['bills.insurance', 'Insurance', 'shield'],
      ['bills.tv_licence', 'TV licence', 'tv'],
    ],
  ],
  [
    'housing',
    'Housing',
    '#7c3aed',
    'house',
    [
      ['housing.rent', 'Rent', 'key'],
      ['housing.mortgage', 'Mortgage', 'house'],
    ],
  ],
  [
    'shopping',
    'Shopping',
    '#db2777',
    'shopping-bag',
    [
      ['shopping.online', 'Online shopping', 'package'],
      ['shopping.clothing', 'Clothing & shoes', 'shirt'],
      ['shopping.home', 'Home & DIY', 'hammer'],
      ['shopping.electronics', 'Electronics', 'laptop'],
      ['shopping.general', 'General & department stores', 'store'],
    ],
  ],
  [
    'entertainment',
    'Entertainment & Subscriptions',
    '#9333ea',
    'clapperboard',
    [
      ['entertainment.streaming', 'Streaming & subscriptions', 'tv'],
      ['entertainment.gaming', 'Gaming', 'gamepad'],
      ['entertainment.leisure', 'Cinema, events & leisure', 'ticket'],
      ['entertainment.fitness', 'Gyms & fitness', 'dumbbell'],
    ],
  ],
  [
    'health',
    'Health',
    '#dc2626',
    'heart-pulse',
    [
      ['health.pharmacy', 'Pharmacy', 'pill'],
      ['health.opticians', 'Opticians', 'glasses'],
      ['health.dental', 'Dental', 'smile'],
      ['health.medical', 'Medical & prescriptions', 'stethoscope'],
    ],
  ],
  ['personal_care', 'Personal Care', '#e11d48', 'sparkles', []],
  [
    'travel',
    'Travel',
    '#0d9488',
    'plane',
    [
      ['travel.flights', 'Flights', 'plane'],
      ['travel.accommodation', 'Hotels & holidays', 'bed'],
    ],
  ],
  ['education', 'Education', '#4f46e5', 'graduation-cap', []],
  [
    'family',
    'Children & Pets',
    '#65a30d',
    'baby',
    [
      ['family.childcare', 'Childcare & school', 'school'],
      ['family.pets', 'Pets', 'paw-print'],
    ],
  ],
  ['cash', 'Cash', '#57534e', 'banknote', []],
  ['fees', 'Fees & Charges', '#b91c1c', 'badge-pound-sterling', []],
  [
    'gifts',
    'Gifts & Donations',
    '#c026d3',
    'gift',
    [
      ['gifts.charity', 'Charity', 'hand-heart'],
      ['gifts.gifts', 'Gifts', 'gift'],
    ],
  ],
  ['people', 'Transfers to People', '#475569', 'users', []],
  ['other', 'Other', '#6b7280', 'circle-help', []],
];

/** The seeded hierarchy: parents ordered 10, 20, ...; a parent's children 1, 2, ... after it. */
export const CATEGORIES: readonly Category[] = TREE.flatMap(([id, name, color, icon, children], p) => [
  { id, name, parent_id: null, display_order: (p + 1) * 100, color, icon },
  ...children.map(([childId, childName, childIcon], c) => ({
    id: childId,
    name: childName,
    parent_id: id,
    display_order: (p + 1) * 100 + c + 1,
    color,
    icon: childIcon,
  })),
]);

const BY_ID = new Map(CATEGORIES.map((c) => [c.id, c]));

export function categoryById(id: string | null | undefined, list: readonly Category[] = CATEGORIES) {
  if (!id) return undefined;
  return list === CATEGORIES ? BY_ID.get(id) : list.find((c) => c.id === id);
}

/**
 * The fields a transaction stores for a category id (spec 2 §3): the parent as category_id/primary_category
 * and the child, when the id is one, as subcategory_id/subcategory. Null for an unknown id.
 */
export function categoryFields(
  id: string,
  list: readonly Category[] = CATEGORIES,
): {
  category_id: string;
  primary_category: string;
  subcategory_id: string | null;
  subcategory: string | null;
} | null {
  const category = categoryById(id, list);
  if (!category) return null;
  const parent = category.parent_id ? categoryById(category.parent_id, list) : undefined;
  if (category.parent_id && !parent) return null;
  return parent
    ? {
        category_id: parent.id,
        primary_category: parent.name,
        subcategory_id: category.id,
        subcategory: category.name,
      }
    : { category_id: category.id, primary_category: category.name, subcategory_id: null, subcategory: null };
}

/** The parent id of a category id (itself for a parent). */
export function parentCategoryId(id: string): string {
  return BY_ID.get(id)?.parent_id ?? id;
}

/** The chart colour of a category: its own when it is a colour, else the fallback palette by position. */
export function categoryColor(color: string | null | undefined, position: number): string {
  if (color && /^#[0-9a-f]{6}$/i.test(color)) return color;
  return FALLBACK_PALETTE[
    ((position % FALLBACK_PALETTE.length) + FALLBACK_PALETTE.length) % FALLBACK_PALETTE.length
  ]!;
}
