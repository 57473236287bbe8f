/**
 * UK merchants (spec 2 §5 Match detection: "a long list of retailers, food chains, utilities and streaming
 * services"; spec 2 §5 rule table: "known retailers, services, restaurants, fuel").
 *
 * Matching works on normalised tokens (upper case, apostrophes dropped, anything else that is not a letter or
 * digit is a space), so "Sainsbury's S/Mkts", "SAINSBURYS" and "sainsbury's" all find Sainsbury's, and a
 * pattern only matches whole words ("BP" never matches inside "BPAY"). Brand names that are also banks or card
 * issuers (Tesco Bank, Sainsbury's Bank, M&S Bank, Virgin Money) are NOT merchants: a match followed by a
 * banking word (BANK, MONEY, FINANCE, SAVINGS, ISA, CREDIT CARD...) is ignored, so "Transfer to Tesco Bank
 * saver" is still a transfer. Names that are also common first names or surnames (Costa, Nero, Zara, Bolt,
 * Morrison, Next, Leon) are only matched in their trading forms ("COSTA COFFEE", "BOLT EU", "WM MORRISON").
 */
export type MerchantCategory =
  | 'supermarket'
  | 'food'
  | 'utilities'
  | 'telecoms'
  | 'streaming'
  | 'fuel'
  | 'transport'
  | 'online_retail'
  | 'retail';

export interface Merchant {
  name: string;
  category: MerchantCategory;
  /** Phrases as they appear on statements; normalised when the index is built. */
  patterns: readonly string[];
}

const m = (name: string, category: MerchantCategory, ...patterns: string[]): Merchant => ({
  name,
  category,
  patterns: patterns.length ? patterns : [name],
});

export const UK_MERCHANTS: readonly Merchant[] = [
  // Supermarkets and convenience
  m('Tesco', 'supermarket', 'TESCO', 'TESCO STORES', 'TESCO EXPRESS', 'TESCO EXTRA'),
  m("Sainsbury's", 'supermarket', 'SAINSBURYS', 'SAINSBURY', 'JS ONLINE GROCERY'),
  m('Asda', 'supermarket', 'ASDA'),
  m('Morrisons', 'supermarket', 'MORRISONS', 'WM MORRISON'),
  m('Aldi', 'supermarket', 'ALDI'),
  m('Lidl', 'supermarket', 'LIDL'),
  m('Waitrose', 'supermarket', 'WAITROSE'),
  m('Co-op', 'supermarket', 'CO-OP', 'COOP', 'CO OPERATIVE', 'COOPERATIVE FOOD'),
  m('Iceland', 'supermarket', 'ICELAND', 'ICELAND FOODS'),
  m(
    'Marks & Spencer',
    'supermarket',
    'M&S',
    'MARKS & SPENCER',
    'MARKS AND SPENCER',
    'MARKS&SPENCER',
    'M&S SIMPLY FOOD',
  ),
  m('Ocado', 'supermarket', 'OCADO'),
  m('Farmfoods', 'supermarket', 'FARMFOODS'),
  m('Spar', 'supermarket', 'SPAR'),
  m('Budgens', 'supermarket', 'BUDGENS'),
  m('Costco', 'supermarket', 'COSTCO'),
  m('Booths', 'supermarket', 'BOOTHS SUPERMARKET'),
  m('Londis', 'supermarket', 'LONDIS'),
  m('Nisa', 'supermarket', 'NISA LOCAL', 'NISA'),
  m('Premier', 'supermarket', 'PREMIER STORES'),
  m('One Stop', 'supermarket', 'ONE STOP STORES'),
  m('Whole Foods Market', 'supermarket', 'WHOLE FOODS'),
  m('Amazon Fresh', 'supermarket', 'AMAZON FRESH'),
  // Food chains, cafes, takeaway and delivery
  m("McDonald's", 'food', 'MCDONALDS', 'MCDONALD'),
  m('KFC', 'food', 'KFC'),
  m('Burger King', 'food', 'BURGER KING'),
  m('Greggs', 'food', 'GREGGS'),
  m('Pret A Manger', 'food', 'PRET A MANGER', 'PRET'),
  m('Costa Coffee', 'food', 'COSTA COFFEE'),
  m('Starbucks', 'food', 'STARBUCKS'),
  m('Caffe Nero', 'food', 'CAFFE NERO', 'CAFFENERO'),
  m('Subway', 'food', 'SUBWAY'),
  m("Nando's", 'food', 'NANDOS'),
  m('Pizza Hut', 'food', 'PIZZA HUT'),
  m("Domino's", 'food', 'DOMINOS', 'DOMINOS PIZZA'),
  m("Papa John's", 'food', 'PAPA JOHNS'),
  m('PizzaExpress', 'food', 'PIZZA EXPRESS', 'PIZZAEXPRESS'),
  m('Wagamama', 'food', 'WAGAMAMA'),
  m('Itsu', 'food', 'ITSU'),
  m('Wasabi', 'food', 'WASABI'),
  m('Five Guys', 'food', 'FIVE GUYS'),
  m('Leon', 'food', 'LEON RESTAURANTS'),
  m('Zizzi', 'food', 'ZIZZI'),
  m('Prezzo', 'food', 'PREZZO'),
  m('Bella Italia', 'food', 'BELLA ITALIA'),
  m("Frankie & Benny's", 'food', 'FRANKIE & BENNYS', 'FRANKIE AND BENNYS'),
  m('Harvester', 'food', 'HARVESTER'),
  m('Toby Carvery', 'food', 'TOBY CARVERY'),
  m('Wetherspoon', 'food', 'WETHERSPOON', 'JD WETHERSPOON'),
  m('Wahaca', 'food', 'WAHACA'),
  m('Franco Manca', 'food', 'FRANCO MANCA'),
  m('Honest Burgers', 'food', 'HONEST BURGERS'),
  m('Dishoom', 'food', 'DISHOOM'),
  m('Tortilla', 'food', 'TORTILLA'),
  m('Chopstix', 'food', 'CHOPSTIX'),
  m('Taco Bell', 'food', 'TACO BELL'),
  m('Krispy Kreme', 'food', 'KRISPY KREME'),
  m('Tim Hortons', 'food', 'TIM HORTONS'),
  m('YO! Sushi', 'food', 'YO SUSHI'),
  m("Gail's Bakery", 'food', 'GAILS BAKERY'),
  m('Deliveroo', 'food', 'DELIVEROO'),
  m('Just Eat', 'food', 'JUST EAT', 'JUSTEAT'),
  m('Uber Eats', 'food', 'UBER EATS', 'UBEREATS'),
  // Utilities and household bills
  m('British Gas', 'utilities', 'BRITISH GAS'),
  m('EDF Energy', 'utilities', 'EDF', 'EDF ENERGY'),
  m('E.ON', 'utilities', 'E.ON', 'EON', 'EON NEXT'),
  m('Octopus Energy', 'utilities', 'OCTOPUS ENERGY', 'OCTOPUSENERGY'),
  m('OVO Energy', 'utilities', 'OVO', 'OVO ENERGY'),
  m('Scottish Power', 'utilities', 'SCOTTISH POWER', 'SCOTTISHPOWER'),
  m('SSE', 'utilities', 'SSE', 'SSE ENERGY'),
  m('Shell Energy', 'utilities', 'SHELL ENERGY'),
  m('Utility Warehouse', 'utilities', 'UTILITY WAREHOUSE'),
  m('Bulb', 'utilities', 'BULB ENERGY'),
  m('Thames Water', 'utilities', 'THAMES WATER'),
  m('Severn Trent', 'utilities', 'SEVERN TRENT'),
  m('Anglian Water', 'utilities', 'ANGLIAN WATER'),
  m('United Utilities', 'utilities', 'UNITED UTILITIES'),
  m('Yorkshire Water', 'utilities', 'YORKSHIRE WATER'),
  m('Southern Water', 'utilities', 'SOUTHERN WATER'),
  m('Welsh Water', 'utilities', 'WELSH WATER', 'DWR CYMRU'),
  m('Wessex Water', 'utilities', 'WESSEX WATER'),
  m('South West Water', 'utilities', 'SOUTH WEST WATER'),
  m('Northumbrian Water', 'utilities', 'NORTHUMBRIAN WATER'),
  m('Affinity Water', 'utilities', 'AFFINITY WATER'),
  m('TV Licence', 'utilities', 'TV LICENCE', 'TV LICENSING', 'TVLICENSING'),
  m('Council Tax', 'utilities', 'COUNCIL TAX'),
  // Telecoms and broadband
  m('BT', 'telecoms', 'BT GROUP', 'BT PLC', 'BT BROADBAND', 'BT MOBILE', 'BTGROUP'),
  m('Sky', 'telecoms', 'SKY', 'SKY DIGITAL', 'SKY UK'),
  m('Virgin Media', 'telecoms', 'VIRGIN MEDIA', 'VIRGIN MOBILE'),
  m('TalkTalk', 'telecoms', 'TALKTALK', 'TALK TALK'),
  m('Plusnet', 'telecoms', 'PLUSNET'),
  m('Vodafone', 'telecoms', 'VODAFONE'),
  m('EE', 'telecoms', 'EE LIMITED', 'EE LTD', 'EE MOBILE'),
  m('O2', 'telecoms', 'O2 UK', 'O2 MOBILE', 'TELEFONICA'),
  m('Three', 'telecoms', 'THREE CO UK', 'THREE MOBILE', 'HUTCHISON 3G'),
  m('giffgaff', 'telecoms', 'GIFFGAFF'),
  m('Tesco Mobile', 'telecoms', 'TESCO MOBILE'),
  m('iD Mobile', 'telecoms', 'ID MOBILE'),
  m('Lebara', 'telecoms', 'LEBARA'),
  m('Lycamobile', 'telecoms', 'LYCAMOBILE', 'LYCA MOBILE'),
  m('Hyperoptic', 'telecoms', 'HYPEROPTIC'),
  m('Community Fibre', 'telecoms', 'COMMUNITY FIBRE'),
  m('Smarty', 'telecoms', 'SMARTY MOBILE'),
  m('VOXI', 'telecoms', 'VOXI'),
  // Streaming, subscriptions and digital services
  m('Netflix', 'streaming', 'NETFLIX'),
  m('Spotify', 'streaming', 'SPOTIFY'),
  m('Disney+', 'streaming', 'DISNEY PLUS', 'DISNEYPLUS', 'DISNEY'),
  m('Amazon Prime', 'streaming', 'AMAZON PRIME', 'PRIME VIDEO', 'AMZN DIGITAL'),
  m('Apple', 'streaming', 'APPLE COM', 'APPLE COM BILL', 'ITUNES', 'APPLE MUSIC'),
  m('YouTube Premium', 'streaming', 'YOUTUBE', 'YOUTUBE PREMIUM'),
  m('Google', 'streaming', 'GOOGLE PLAY', 'GOOGLE STORAGE', 'GOOGLE ONE'),
  m('NOW', 'streaming', 'NOW TV', 'NOWTV'),
  m('BritBox', 'streaming', 'BRITBOX'),
  m('Paramount+', 'streaming', 'PARAMOUNT PLUS', 'PARAMOUNTPLUS'),
  m('DAZN', 'streaming', 'DAZN'),
  m('Audible', 'streaming', 'AUDIBLE'),
  m('Deezer', 'streaming', 'DEEZER'),
  m('TIDAL', 'streaming', 'TIDAL MUSIC'),
  m('Xbox', 'streaming', 'XBOX', 'MICROSOFT XBOX'),
  m('PlayStation', 'streaming', 'PLAYSTATION', 'PLAYSTATION NETWORK', 'PSN'),
  m('Nintendo', 'streaming', 'NINTENDO'),
  m('Crunchyroll', 'streaming', 'CRUNCHYROLL'),
  m('Microsoft 365', 'streaming', 'MICROSOFT 365', 'MSFT'),
  // Fuel and motoring
  m('Shell', 'fuel', 'SHELL'),
  m('BP', 'fuel', 'BP', 'BP CONNECT'),
  m('Esso', 'fuel', 'ESSO'),
  m('Texaco', 'fuel', 'TEXACO'),
  m('Jet', 'fuel', 'JET PETROL', 'JET SERVICE STATION'),
  m('Gulf', 'fuel', 'GULF PETROL', 'GULF SERVICE STATION'),
  m('Murco', 'fuel', 'MURCO'),
  m('Valero', 'fuel', 'VALERO'),
  m('TotalEnergies', 'fuel', 'TOTALENERGIES', 'TOTAL PETROL'),
  m('Applegreen', 'fuel', 'APPLEGREEN'),
  m('Moto', 'fuel', 'MOTO HOSPITALITY', 'MOTO SERVICES'),
  m('Welcome Break', 'fuel', 'WELCOME BREAK'),
  m('Roadchef', 'fuel', 'ROADCHEF'),
  m('Euro Garages', 'fuel', 'EURO GARAGES', 'EG GROUP'),
  m("Sainsbury's Petrol", 'fuel', 'SAINSBURYS PETROL'),
  m('Tesco Petrol', 'fuel', 'TESCO PFS', 'TESCO PETROL'),
  m('Asda Petrol', 'fuel', 'ASDA PETROL'),
  m('Halfords', 'fuel', 'HALFORDS'),
  m('Kwik Fit', 'fuel', 'KWIK FIT', 'KWIKFIT'),
  // Transport and travel
  m('Transport for London', 'transport', 'TFL', 'TFL TRAVEL', 'TRANSPORT FOR LONDON'),
  m('Trainline', 'transport', 'TRAINLINE', 'TRAINLINE COM'),
  m('LNER', 'transport', 'LNER'),
  m('Avanti West Coast', 'transport', 'AVANTI WEST COAST'),
  m('GWR', 'transport', 'GWR', 'GREAT WESTERN RAILWAY'),
  m('Southern Railway', 'transport', 'SOUTHERN RAILWAY'),
  m('Thameslink', 'transport', 'THAMESLINK'),
  m('Southeastern', 'transport', 'SOUTHEASTERN'),
  m('South Western Railway', 'transport', 'SOUTH WESTERN RAILWAY'),
  m('Northern', 'transport', 'NORTHERN RAIL', 'NORTHERN TRAINS'),
  m('CrossCountry', 'transport', 'CROSSCOUNTRY', 'CROSS COUNTRY TRAINS'),
  m('ScotRail', 'transport', 'SCOTRAIL'),
  m('TransPennine Express', 'transport', 'TRANSPENNINE'),
  m('Greater Anglia', 'transport', 'GREATER ANGLIA'),
  m('Merseyrail', 'transport', 'MERSEYRAIL'),
  m('National Express', 'transport', 'NATIONAL EXPRESS'),
  m('Megabus', 'transport', 'MEGABUS'),
  m('Stagecoach', 'transport', 'STAGECOACH'),
  m('Arriva', 'transport', 'ARRIVA'),
  m('First Bus', 'transport', 'FIRST BUS', 'FIRSTBUS'),
  m('Uber', 'transport', 'UBER', 'UBER TRIP'),
  m('Bolt', 'transport', 'BOLT EU', 'BOLT APP'),
  m('Addison Lee', 'transport', 'ADDISON LEE'),
  m('FREENOW', 'transport', 'FREENOW', 'FREE NOW'),
  m('Ryanair', 'transport', 'RYANAIR'),
  m('easyJet', 'transport', 'EASYJET'),
  m('British Airways', 'transport', 'BRITISH AIRWAYS'),
  m('Jet2', 'transport', 'JET2', 'JET2 COM'),
  m('Wizz Air', 'transport', 'WIZZ AIR', 'WIZZAIR'),
  m('Eurostar', 'transport', 'EUROSTAR'),
  m('RingGo', 'transport', 'RINGGO'),
  m('PayByPhone', 'transport', 'PAYBYPHONE'),
  m('JustPark', 'transport', 'JUSTPARK'),
  m('NCP', 'transport', 'NCP', 'NCP PARKING'),
  m('Dart Charge', 'transport', 'DART CHARGE', 'DARTFORD CROSSING'),
  // Online retail
  m('Amazon', 'online_retail', 'AMAZON', 'AMZN', 'AMZNMKTPLACE', 'AMAZON MARKETPLACE', 'AMAZON CO UK'),
  m('eBay', 'online_retail', 'EBAY'),
  m('Etsy', 'online_retail', 'ETSY'),
  m('ASOS', 'online_retail', 'ASOS', 'ASOS COM'),
  m('Boohoo', 'online_retail', 'BOOHOO'),
  m('Very', 'online_retail', 'VERY CO UK', 'VERY CATALOGUE'),
  m('AliExpress', 'online_retail', 'ALIEXPRESS'),
  m('Temu', 'online_retail', 'TEMU'),
  m('Shein', 'online_retail', 'SHEIN'),
  m('Vinted', 'online_retail', 'VINTED'),
  m('Depop', 'online_retail', 'DEPOP'),
  m('Zalando', 'online_retail', 'ZALANDO'),
  m('Gymshark', 'online_retail', 'GYMSHARK'),
  m('AO.com', 'online_retail', 'AO COM', 'AO RETAIL'),
  // High street and home
  m('Argos', 'retail', 'ARGOS'),
  m('Currys', 'retail', 'CURRYS', 'CURRYS PC WORLD'),
  m('John Lewis', 'retail', 'JOHN LEWIS'),
  m('Next', 'retail', 'NEXT RETAIL', 'NEXT DIRECTORY', 'NEXT CO UK'),
  m('Zara', 'retail', 'ZARA UK', 'ZARA COM'),
  m('H&M', 'retail', 'H&M', 'H & M', 'HM HENNES'),
  m('Primark', 'retail', 'PRIMARK'),
  m('Boots', 'retail', 'BOOTS', 'BOOTS THE CHEMIST'),
  m('Superdrug', 'retail', 'SUPERDRUG'),
  m('B&Q', 'retail', 'B&Q', 'B & Q'),
  m('Wickes', 'retail', 'WICKES'),
  m('Screwfix', 'retail', 'SCREWFIX'),
  m('Toolstation', 'retail', 'TOOLSTATION'),
  m('Homebase', 'retail', 'HOMEBASE'),
  m('IKEA', 'retail', 'IKEA'),
  m('Dunelm', 'retail', 'DUNELM'),
  m('The Range', 'retail', 'THE RANGE'),
  m('B&M', 'retail', 'B&M', 'B & M BARGAINS', 'B&M RETAIL'),
  m('Home Bargains', 'retail', 'HOME BARGAINS'),
  m('Poundland', 'retail', 'POUNDLAND'),
  m('TK Maxx', 'retail', 'TK MAXX', 'TKMAXX'),
  m('Sports Direct', 'retail', 'SPORTS DIRECT', 'SPORTSDIRECT'),
  m('JD Sports', 'retail', 'JD SPORTS'),
  m('Decathlon', 'retail', 'DECATHLON'),
  m('Matalan', 'retail', 'MATALAN'),
  m('New Look', 'retail', 'NEW LOOK'),
  m('River Island', 'retail', 'RIVER ISLAND'),
  m('Uniqlo', 'retail', 'UNIQLO'),
  m('Selfridges', 'retail', 'SELFRIDGES'),
  m('Harrods', 'retail', 'HARRODS'),
  m('Waterstones', 'retail', 'WATERSTONES'),
  m('WHSmith', 'retail', 'WHSMITH', 'WH SMITH'),
  m('The Works', 'retail', 'THE WORKS'),
  m('Hobbycraft', 'retail', 'HOBBYCRAFT'),
  m('Pets at Home', 'retail', 'PETS AT HOME'),
  m('Card Factory', 'retail', 'CARD FACTORY'),
  m('Lush', 'retail', 'LUSH'),
  m('Holland & Barrett', 'retail', 'HOLLAND & BARRETT', 'HOLLAND AND BARRETT'),
  m('Specsavers', 'retail', 'SPECSAVERS'),
  m('Vision Express', 'retail', 'VISION EXPRESS'),
  m('Apple Store', 'retail', 'APPLE STORE'),
  m('Wilko', 'retail', 'WILKO'),
  m('Smyths Toys', 'retail', 'SMYTHS'),
  m('The Entertainer', 'retail', 'THE ENTERTAINER'),
];

/** Words that, right after a brand, mean its bank or card business rather than its shop. */
const BANKING_WORDS = new Set([
  'BANK',
  'BK',
  'MONEY',
  'FINANCE',
  'SAVINGS',
  'SAVER',
  'ISA',
  'CREDIT',
  'CLUBCARD',
]);

const APOSTROPHES = /['’`]/g;
const TOKEN = /[A-Z0-9]+|&/g;

/**
 * Tokens of a description for word matching: upper case, apostrophes removed, '&' as its own token, runs of
 * letters and digits as words; everything else separates.
 */
export function descriptionTokens(description: string): string[] {
  return description.toUpperCase().replace(APOSTROPHES, '').match(TOKEN) ?? [];
}

/** The tokens joined by single spaces (e.g. "Sainsbury's S/Mkts" → 'SAINSBURYS S MKTS'). */
export function normaliseDescription(description: string): string {
  return descriptionTokens(description).join(' ');
}

/** A phrase found in a description's tokens: its value and the tokens it covers ([start, end)). */
export interface PhraseHit<T> {
  value: T;
  start: number;
  end: number;
}

/**
 * A whole-word phrase finder over description tokens: `find(tokens)` scans left to right and, at each word,
 * tries the phrases starting with it, longest first; `accept` may refuse a hit (e.g. a brand followed by a
 * banking word), which ends the search at that word. Phrases are normalised like descriptions.
 */
export function phraseMatcher<T>(
  entries: Iterable<readonly [phrase: string, value: T]>,
  accept: (hit: PhraseHit<T>, tokens: readonly string[]) => boolean = () => true,
): (tokens: readonly string[]) => PhraseHit<T> | null {
  const index = new Map<string, Array<{ rest: readonly string[]; value: T }>>();
  for (const [phrase, value] of entries) {
    const [first, ...rest] = descriptionTokens(phrase);
    if (!first) continue;
    const list = index.get(first) ?? [];
    if (!list.some((e) => e.rest.join(' ') === rest.join(' '))) list.push({ rest, value });
    index.set(first, list);
  }
  for (const list of index.values()) list.sort((a, b) => b.rest.length - a.rest.length);
  return (tokens) => {
    for (let i = 0; i < tokens.length; i++) {
      const entries = index.get(tokens[i]!);
      if (!entries) continue;
      for (const e of entries) {
        let ok = i + 1 + e.rest.length <= tokens.length;
        for (let k = 0; ok && k < e.rest.length; k++) ok = tokens[i + 1 + k] === e.rest[k];
        if (!ok) continue;
        const hit = { value: e.value, start: i, end: i + 1 + e.rest.length };
        if (accept(hit, tokens)) return hit;
        break;
      }
    }
    return null;
  };
}

const findMerchantHit = phraseMatcher(
  UK_MERCHANTS.flatMap((merchant) => merchant.patterns.map((p) => [p, merchant] as const)),
  (hit, tokens) => {
    const next = tokens[hit.end];
    return next === undefined || !BANKING_WORDS.has(next);
  },
);

/**
 * The merchant a description names, or null. At each word the longest pattern wins; a brand followed by a
 * banking word is not a merchant (see the module comment).
 */
export function findMerchant(description: string): Merchant | null {
  return findMerchantHit(descriptionTokens(description))?.value ?? null;
}

/** True when the description looks like a merchant (spec 2 §5 Match detection exclusion). */
export function looksLikeMerchant(description: string): boolean {
  return findMerchant(description) !== null;
}
