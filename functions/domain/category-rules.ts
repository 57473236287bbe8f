import { categoryFields, UNCATEGORISED_ID } from './categories';
import { extractMerchantName, leadingTypeCode, tradingText } from './merchant-name';
import {
  descriptionTokens,
  type MerchantCategory,
  normaliseDescription,
  phraseMatcher,
  UK_MERCHANTS,
} from './merchants';

/**
 * How a transaction gets its category (spec 2 §3 category fields; the spec does not say how). In order:
 *
 *  1. the family's own category rules, learned when someone changes a row's category (per merchant, like the
 *     flow-type patterns: 0.8 for a single change, 0.9 for a bulk one);
 *  2. a few unmistakable line types that outrank the merchant (a cash withdrawal at a supermarket's cash
 *     machine is cash; a bank's foreign-use fee names the shop it was charged on): 0.9;
 *  3. the merchant dictionary: the UK merchant list of merchants.ts (each brand's category here) and the bill
 *     payees, insurers, councils, gyms, charities... of CATEGORY_PAYEES: 0.9;
 *  4. a payment to a person (a title or initial(s), and a surname): Transfers to People, 0.6, unless the line
 *     says it is rent (RENT, LANDLORD, LETTINGS: a private landlord is paid by name), which is Housing's rent
 *     by the keyword rule (0.7), as the same rent paid to a letting agent is;
 *  5. keyword rules on the words of the description (RESTAURANT, PHARMACY, COUNCIL, PARKING...): 0.7;
 *  6. otherwise uncategorised (the pipeline may then ask the AI where one is configured).
 *
 * The merchant name kept on the row is the dictionary's name when the dictionary knows the merchant, else
 * the cleaned trading name of the description (merchant-name.ts).
 */

export type CategorySource = 'learned' | 'rule' | 'dictionary' | 'keyword' | 'person' | 'ai' | 'none';

export const CATEGORY_CONFIDENCE = {
  rule: 0.9,
  dictionary: 0.9,
  keyword: 0.7,
  person: 0.6,
  /** A single change learned (as flow-type corrections: spec 3 §9). */
  learnedSingle: 0.8,
  learnedBulk: 0.9,
} as const;

/** A category the family chose for a merchant: later rows of the merchant get it. */
export interface CategoryRule {
  /** The merchant key (merchantKey()): upper-case words of the merchant name. */
  merchant_key: string;
  category_id: string;
  confidence: number;
  /** 'single' or 'bulk', the change that taught it. */
  learned_from: 'single' | 'bulk';
  updated_at?: string;
}

export interface CategoryResult {
  category_id: string | null;
  subcategory_id: string | null;
  primary_category: string | null;
  subcategory: string | null;
  merchant_name: string | null;
  category_confidence: number | null;
  source: CategorySource;
}

const DEFAULT_BY_KIND: Record<MerchantCategory, string> = {
  supermarket: 'groceries',
  food: 'eating_out.restaurants',
  utilities: 'bills.energy',
  telecoms: 'bills.phone_broadband',
  streaming: 'entertainment.streaming',
  fuel: 'fuel',
  transport: 'transport.public',
  online_retail: 'shopping.online',
  retail: 'shopping.general',
};

/** The merchants of merchants.ts whose category is not their kind's default. */
const MERCHANT_OVERRIDES: Record<string, string> = {
  Greggs: 'eating_out.cafes',
  'Pret A Manger': 'eating_out.cafes',
  'Costa Coffee': 'eating_out.cafes',
  Starbucks: 'eating_out.cafes',
  'Caffe Nero': 'eating_out.cafes',
  'Krispy Kreme': 'eating_out.cafes',
  'Tim Hortons': 'eating_out.cafes',
  Deliveroo: 'eating_out.takeaway',
  'Just Eat': 'eating_out.takeaway',
  'Uber Eats': 'eating_out.takeaway',
  "Domino's": 'eating_out.takeaway',
  "Papa John's": 'eating_out.takeaway',
  Wetherspoon: 'eating_out.pubs',
  'Thames Water': 'bills.water',
  'Severn Trent': 'bills.water',
  'Anglian Water': 'bills.water',
  'United Utilities': 'bills.water',
  'Yorkshire Water': 'bills.water',
  'Southern Water': 'bills.water',
  'Welsh Water': 'bills.water',
  'Wessex Water': 'bills.water',
  'South West Water': 'bills.water',
  'Northumbrian Water': 'bills.water',
  'Affinity Water': 'bills.water',
  'TV Licence': 'bills.tv_licence',
  'Council Tax': 'bills.council_tax',
  Xbox: 'entertainment.gaming',
  PlayStation: 'entertainment.gaming',
  Nintendo: 'entertainment.gaming',
  Halfords: 'transport.vehicle',
  'Kwik Fit': 'transport.vehicle',
  Uber: 'transport.taxi',
  Bolt: 'transport.taxi',
  'Addison Lee': 'transport.taxi',
  FREENOW: 'transport.taxi',
  Ryanair: 'travel.flights',
  easyJet: 'travel.flights',
  'British Airways': 'travel.flights',
  Jet2: 'travel.flights',
  'Wizz Air': 'travel.flights',
  Eurostar: 'travel',
  RingGo: 'transport.parking',
  PayByPhone: 'transport.parking',
  JustPark: 'transport.parking',
  NCP: 'transport.parking',
  'Dart Charge': 'transport.vehicle',
  Currys: 'shopping.electronics',
  'Apple Store': 'shopping.electronics',
  Next: 'shopping.clothing',
  Zara: 'shopping.clothing',
  'H&M': 'shopping.clothing',
  Primark: 'shopping.clothing',
  'TK Maxx': 'shopping.clothing',
  'Sports Direct': 'shopping.clothing',
  'JD Sports': 'shopping.clothing',
  Matalan: 'shopping.clothing',
  'New Look': 'shopping.clothing',
  'River Island': 'shopping.clothing',
  Uniqlo: 'shopping.clothing',
  Boots: 'health.pharmacy',
  Superdrug: 'personal_care',
  Lush: 'personal_care',
  'Holland & Barrett': 'health.pharmacy',
  Specsavers: 'health.opticians',
  'Vision Express': 'health.opticians',
  'B&Q': 'shopping.home',
  Wickes: 'shopping.home',
  Screwfix: 'shopping.home',
  Toolstation: 'shopping.home',
  Homebase: 'shopping.home',
  IKEA: 'shopping.home',
  Dunelm: 'shopping.home',
  'The Range': 'shopping.home',
  'Pets at Home': 'family.pets',
  'Card Factory': 'gifts.gifts',
};

type Payee = readonly [name: string, categoryId: string, ...patterns: string[]];

/**
 * Bill payees and merchants beyond the matching list (merchants.ts keeps the brands that tell a purchase from
 * a transfer; these matter only for the category). Patterns are whole words as printed on statements.
 */
export const CATEGORY_PAYEES: readonly Payee[] = [
  // Groceries
  ['Marks & Spencer Food', 'groceries', 'M&S FOOD', 'M & S FOOD', 'M&S SIMPLY FOOD'],
  ['Sainsbury\u2019s Local', 'groceries', 'SAINSBURYS LOCAL', 'SAINSBURYS S MKTS'],
  ['Getir', 'groceries', 'GETIR'],
  ['Gousto', 'groceries', 'GOUSTO'],
  ['HelloFresh', 'groceries', 'HELLOFRESH', 'HELLO FRESH'],
  ['Abel & Cole', 'groceries', 'ABEL & COLE', 'ABEL AND COLE'],
  ['Riverford', 'groceries', 'RIVERFORD'],
  ['Milk & More', 'groceries', 'MILK & MORE', 'MILK AND MORE', 'MILKANDMORE'],
  ['Heron Foods', 'groceries', 'HERON FOODS'],
  ['Costcutter', 'groceries', 'COSTCUTTER'],
  ['McColl\u2019s', 'groceries', 'MCCOLLS'],
  ['Morrisons Daily', 'groceries', 'MORRISONS DAILY'],
  ['Sainsbury\u2019s', 'groceries', 'SACAT SAINSBURYS', 'SAINSBURYS SACAT'],
  ['Whole Foods Market', 'groceries', 'WFM'],
  // Eating out
  ['Wagamama', 'eating_out.restaurants', 'WAGAMAMA LTD'],
  ['Côte Brasserie', 'eating_out.restaurants', 'COTE BRASSERIE', 'COTE RESTAURANTS'],
  ['Giraffe', 'eating_out.restaurants', 'GIRAFFE RESTAURANT'],
  ['Dishoom', 'eating_out.restaurants', 'DISHOOM'],
  ['Honest Burgers', 'eating_out.restaurants', 'HONEST BURGERS'],
  ['Byron', 'eating_out.restaurants', 'BYRON BURGER', 'BYRON HAMBURGERS'],
  ['Gourmet Burger Kitchen', 'eating_out.restaurants', 'GBK', 'GOURMET BURGER'],
  ['TGI Fridays', 'eating_out.restaurants', 'TGI FRIDAYS', 'TGI FRIDAY'],
  ['Chiquito', 'eating_out.restaurants', 'CHIQUITO'],
  ['Las Iguanas', 'eating_out.restaurants', 'LAS IGUANAS'],
  ['Miller & Carter', 'eating_out.restaurants', 'MILLER & CARTER', 'MILLER AND CARTER'],
  ['Beefeater', 'eating_out.restaurants', 'BEEFEATER'],
  ['Brewers Fayre', 'eating_out.restaurants', 'BREWERS FAYRE'],
  ['Hungry Horse', 'eating_out.pubs', 'HUNGRY HORSE'],
  ['Greene King', 'eating_out.pubs', 'GREENE KING'],
  ['Stonegate', 'eating_out.pubs', 'STONEGATE PUB', 'SLUG AND LETTUCE', 'SLUG & LETTUCE'],
  ['All Bar One', 'eating_out.pubs', 'ALL BAR ONE'],
  ['BrewDog', 'eating_out.pubs', 'BREWDOG'],
  ['Nicholson\u2019s', 'eating_out.pubs', 'NICHOLSONS'],
  ['Harvester', 'eating_out.restaurants', 'HARVESTER'],
  ['Tortilla', 'eating_out.restaurants', 'TORTILLA'],
  ['Chipotle', 'eating_out.restaurants', 'CHIPOTLE'],
  ['Popeyes', 'eating_out.restaurants', 'POPEYES'],
  ['Wingstop', 'eating_out.restaurants', 'WINGSTOP'],
  ['German Doner Kebab', 'eating_out.takeaway', 'GERMAN DONER'],
  ['Hungry Panda', 'eating_out.takeaway', 'HUNGRYPANDA', 'HUNGRY PANDA'],
  ['Caffè Nero', 'eating_out.cafes', 'NERO'],
  ['Black Sheep Coffee', 'eating_out.cafes', 'BLACK SHEEP COFFEE'],
  ['Joe & The Juice', 'eating_out.cafes', 'JOE & THE JUICE', 'JOE AND THE JUICE'],
  ['Gail\u2019s', 'eating_out.cafes', 'GAILS BAKERY', 'GAILS'],
  ['Patisserie Valerie', 'eating_out.cafes', 'PATISSERIE VALERIE'],
  ['Esquires Coffee', 'eating_out.cafes', 'ESQUIRES'],
  ['Coffee#1', 'eating_out.cafes', 'COFFEE 1', 'COFFEE NUMBER 1'],
  ['Blank Street', 'eating_out.cafes', 'BLANK STREET'],
  ['Paul', 'eating_out.cafes', 'PAUL UK', 'PAUL BAKERY'],
  ['Millie\u2019s Cookies', 'eating_out.cafes', 'MILLIES COOKIES'],
  ['Auntie Anne\u2019s', 'eating_out.cafes', 'AUNTIE ANNES'],
  // Transport
  ['Trainline', 'transport.public', 'THETRAINLINE'],
  ['Southern', 'transport.public', 'SOUTHERN RAIL', 'GOVIA'],
  ['c2c', 'transport.public', 'C2C'],
  ['Chiltern Railways', 'transport.public', 'CHILTERN RAILWAYS', 'CHILTERN RAIL'],
  ['West Midlands Trains', 'transport.public', 'WEST MIDLANDS TRAINS', 'WMT'],
  ['East Midlands Railway', 'transport.public', 'EAST MIDLANDS RAILWAY', 'EMR'],
  ['Transport for Wales', 'transport.public', 'TRANSPORT FOR WALES', 'TFW RAIL'],
  ['Lothian Buses', 'transport.public', 'LOTHIAN BUSES'],
  ['Go-Ahead', 'transport.public', 'GO AHEAD', 'GO NORTH EAST'],
  ['Metrolink', 'transport.public', 'METROLINK', 'TFGM'],
  ['Tyne and Wear Metro', 'transport.public', 'NEXUS', 'TYNE AND WEAR METRO'],
  ['Translink', 'transport.public', 'TRANSLINK'],
  ['Santander Cycles', 'transport.public', 'SANTANDER CYCLES'],
  ['Lime', 'transport.public', 'LIME RIDE', 'LIME SCOOTER', 'LIMEBIKE'],
  ['Veezu', 'transport.taxi', 'VEEZU'],
  ['Gett', 'transport.taxi', 'GETT'],
  ['Ola', 'transport.taxi', 'OLA UK', 'OLA CABS'],
  ['Q-Park', 'transport.parking', 'Q PARK', 'QPARK'],
  ['APCOA', 'transport.parking', 'APCOA'],
  ['Euro Car Parks', 'transport.parking', 'EURO CAR PARKS'],
  ['ParkMobile', 'transport.parking', 'PARKMOBILE'],
  ['MiPermit', 'transport.parking', 'MIPERMIT'],
  ['APH', 'transport.parking', 'APH PARKING'],
  ['DVLA', 'transport.vehicle', 'DVLA', 'DVLA VEHICLE TAX', 'DVLA VEHICLE'],
  ['ULEZ', 'transport.vehicle', 'ULEZ', 'CONGESTION CHARGE', 'TFL ROAD CHARGES'],
  ['National Tyres', 'transport.vehicle', 'NATIONAL TYRES'],
  ['ATS Euromaster', 'transport.vehicle', 'ATS EUROMASTER'],
  ['Formula One Autocentres', 'transport.vehicle', 'FORMULA ONE AUTOCENTRES'],
  ['The AA', 'transport.vehicle', 'AA BREAKDOWN', 'THE AA', 'AUTOMOBILE ASSOCIATION'],
  ['RAC', 'transport.vehicle', 'RAC', 'RAC MOTORING'],
  ['Green Flag', 'transport.vehicle', 'GREEN FLAG'],
  ['Zipcar', 'transport.vehicle', 'ZIPCAR'],
  ['Enterprise Rent-A-Car', 'transport.vehicle', 'ENTERPRISE RENT', 'ENTERPRISE RENT A CAR'],
  ['Pod Point', 'fuel', 'POD POINT', 'PODPOINT'],
  ['Tesla Supercharger', 'fuel', 'TESLA SUPERCHARGER'],
  ['Ionity', 'fuel', 'IONITY'],
  ['Gridserve', 'fuel', 'GRIDSERVE'],
  ['BP Pulse', 'fuel', 'BP PULSE'],
  ['Shell Recharge', 'fuel', 'SHELL RECHARGE'],
  ['Morrisons Petrol', 'fuel', 'MORRISONS PETROL', 'MORRISONS FUEL'],
  ['Sainsbury\u2019s Petrol', 'fuel', 'SAINSBURYS PFS', 'SAINSBURYS FUEL'],
  ['Asda Petrol', 'fuel', 'ASDA PFS', 'ASDA FUEL'],
  ['Tesco Petrol', 'fuel', 'TESCO FUEL'],
  ['Rontec', 'fuel', 'RONTEC'],
  ['Motor Fuel Group', 'fuel', 'MFG', 'MOTOR FUEL GROUP'],
  // Bills & utilities
  ['EDF', 'bills.energy', 'EDF ENERGY CUSTOMERS'],
  ['So Energy', 'bills.energy', 'SO ENERGY'],
  ['Outfox the Market', 'bills.energy', 'OUTFOX THE MARKET', 'OUTFOX'],
  ['Good Energy', 'bills.energy', 'GOOD ENERGY'],
  ['Ecotricity', 'bills.energy', 'ECOTRICITY'],
  ['Octopus Energy', 'bills.energy', 'OCTOPUS'],
  ['Sainsbury\u2019s Energy', 'bills.energy', 'SAINSBURYS ENERGY'],
  ['SSE Airtricity', 'bills.energy', 'SSE AIRTRICITY'],
  ['Calor Gas', 'bills.energy', 'CALOR'],
  ['Bristol Water', 'bills.water', 'BRISTOL WATER'],
  ['Portsmouth Water', 'bills.water', 'PORTSMOUTH WATER'],
  ['South East Water', 'bills.water', 'SOUTH EAST WATER'],
  ['SES Water', 'bills.water', 'SES WATER', 'SUTTON AND EAST SURREY WATER'],
  ['South Staffs Water', 'bills.water', 'SOUTH STAFFS WATER', 'SOUTH STAFFORDSHIRE WATER'],
  ['Cambridge Water', 'bills.water', 'CAMBRIDGE WATER'],
  ['Dŵr Cymru Welsh Water', 'bills.water', 'DWR CYMRU WELSH WATER'],
  ['Scottish Water', 'bills.water', 'SCOTTISH WATER'],
  ['Essex & Suffolk Water', 'bills.water', 'ESSEX & SUFFOLK WATER', 'ESSEX AND SUFFOLK WATER'],
  ['Hafren Dyfrdwy', 'bills.water', 'HAFREN DYFRDWY'],
  ['TV Licensing', 'bills.tv_licence', 'TV LIC', 'TVL'],
  ['Sky', 'bills.phone_broadband', 'SKY DIGITAL', 'SKY UK LIMITED', 'SKY SUBSCRIPTION'],
  ['BT', 'bills.phone_broadband', 'BT'],
  ['Shell Energy Broadband', 'bills.phone_broadband', 'SHELL ENERGY BROADBAND'],
  ['NOW Broadband', 'bills.phone_broadband', 'NOW BROADBAND'],
  ['Zen Internet', 'bills.phone_broadband', 'ZEN INTERNET'],
  ['Vodafone', 'bills.phone_broadband', 'VODAFONE LTD', 'VODAFONE LIMITED'],
  ['EE', 'bills.phone_broadband', 'EE'],
  ['O2', 'bills.phone_broadband', 'O2', 'TELEFONICA UK'],
  ['Three', 'bills.phone_broadband', 'THREE', 'H3G', 'HUTCHISON 3G UK'],
  ['Sky Mobile', 'bills.phone_broadband', 'SKY MOBILE'],
  ['Virgin Mobile', 'bills.phone_broadband', 'VIRGIN MOBILE'],
  ['Lyca Mobile', 'bills.phone_broadband', 'LYCA'],
  ['Aviva', 'bills.insurance', 'AVIVA', 'AVIVA INSURANCE'],
  ['Direct Line', 'bills.insurance', 'DIRECT LINE', 'DIRECT LINE INS', 'UK INSURANCE LTD'],
  ['Admiral', 'bills.insurance', 'ADMIRAL', 'ADMIRAL INSURANCE'],
  ['Churchill', 'bills.insurance', 'CHURCHILL INSURANCE', 'CHURCHILL INS'],
  ['Hastings Direct', 'bills.insurance', 'HASTINGS DIRECT', 'HASTINGS INSURANCE'],
  ['LV=', 'bills.insurance', 'LV', 'LIVERPOOL VICTORIA', 'LV INSURANCE'],
  ['Legal & General', 'bills.insurance', 'LEGAL & GENERAL', 'LEGAL AND GENERAL', 'L&G'],
  ['Royal London', 'bills.insurance', 'ROYAL LONDON'],
  ['Vitality', 'bills.insurance', 'VITALITY', 'VITALITYLIFE', 'VITALITY HEALTH'],
  ['Bupa', 'bills.insurance', 'BUPA', 'BUPA INSURANCE'],
  ['AXA', 'bills.insurance', 'AXA', 'AXA INSURANCE'],
  ['Zurich', 'bills.insurance', 'ZURICH', 'ZURICH ASSURANCE'],
  ['Esure', 'bills.insurance', 'ESURE'],
  ['Sheilas\u2019 Wheels', 'bills.insurance', 'SHEILAS WHEELS'],
  ['More Than', 'bills.insurance', 'MORE THAN', 'MORETHAN', 'MORE TH>N'],
  ['Saga', 'bills.insurance', 'SAGA', 'SAGA SERVICES'],
  ['Petplan', 'bills.insurance', 'PETPLAN'],
  ['Animal Friends', 'bills.insurance', 'ANIMAL FRIENDS'],
  ['Endsleigh', 'bills.insurance', 'ENDSLEIGH'],
  ['Simplyhealth', 'bills.insurance', 'SIMPLYHEALTH', 'SIMPLY HEALTH'],
  ['Hiscox', 'bills.insurance', 'HISCOX'],
  ['Domestic & General', 'bills.insurance', 'DOMESTIC & GENERAL', 'DOMESTIC AND GENERAL', 'D&G'],
  ['HomeServe', 'bills.insurance', 'HOMESERVE'],
  ['By Miles', 'bills.insurance', 'BY MILES', 'BYMILES'],
  ['Tesco Insurance', 'bills.insurance', 'TESCO INSURANCE', 'TESCO BANK INSURANCE'],
  ['Co-op Insurance', 'bills.insurance', 'CO OP INSURANCE', 'COOP INSURANCE', 'CO OPERATIVE INSURANCE'],
  // Housing
  ['OpenRent', 'housing.rent', 'OPENRENT', 'OPEN RENT'],
  ['Foxtons', 'housing.rent', 'FOXTONS'],
  ['Countrywide', 'housing.rent', 'COUNTRYWIDE LETTINGS'],
  ['Grainger', 'housing.rent', 'GRAINGER'],
  ['Clarion Housing', 'housing.rent', 'CLARION HOUSING'],
  ['Peabody', 'housing.rent', 'PEABODY'],
  ['L&Q', 'housing.rent', 'L&Q', 'LONDON & QUADRANT', 'LONDON AND QUADRANT'],
  ['Sanctuary Housing', 'housing.rent', 'SANCTUARY HOUSING'],
  // Shopping
  ['Amazon', 'shopping.online', 'AMZN MKTP', 'AMAZON CO UK', 'AMAZON EU', 'AMZ'],
  ['Temu', 'shopping.online', 'WWW TEMU'],
  ['Wayfair', 'shopping.home', 'WAYFAIR'],
  ['Habitat', 'shopping.home', 'HABITAT'],
  ['Furniture Village', 'shopping.home', 'FURNITURE VILLAGE'],
  ['DFS', 'shopping.home', 'DFS', 'DFS TRADING'],
  ['Oak Furnitureland', 'shopping.home', 'OAK FURNITURELAND'],
  ['ScS', 'shopping.home', 'SCS SOFA', 'SCS'],
  ['Robert Dyas', 'shopping.home', 'ROBERT DYAS'],
  ['Lakeland', 'shopping.home', 'LAKELAND'],
  ['Wilko', 'shopping.home', 'WILKINSON'],
  ['Dunelm', 'shopping.home', 'DUNELM MILL'],
  ['Homesense', 'shopping.home', 'HOMESENSE'],
  ['Bensons for Beds', 'shopping.home', 'BENSONS FOR BEDS', 'BENSONS'],
  ['Dreams', 'shopping.home', 'DREAMS LTD', 'DREAMS BEDS'],
  ['Magnet', 'shopping.home', 'MAGNET KITCHENS'],
  ['Howdens', 'shopping.home', 'HOWDENS', 'HOWDEN JOINERY'],
  ['Topps Tiles', 'shopping.home', 'TOPPS TILES'],
  ['Wickes', 'shopping.home', 'WICKES BUILDING'],
  ['Cotswold Outdoor', 'shopping.clothing', 'COTSWOLD OUTDOOR'],
  ['Marks & Spencer', 'shopping.clothing', 'M&S CLOTHING', 'MARKS & SPENCER CLOTHING'],
  ['Clarks', 'shopping.clothing', 'CLARKS', 'C&J CLARK'],
  ['Schuh', 'shopping.clothing', 'SCHUH'],
  ['Dr. Martens', 'shopping.clothing', 'DR MARTENS', 'DR MARTEN', 'DOCMARTENS'],
  ['Office', 'shopping.clothing', 'OFFICE SHOES', 'OFFICE LONDON'],
  ['FatFace', 'shopping.clothing', 'FAT FACE', 'FATFACE'],
  ['White Stuff', 'shopping.clothing', 'WHITE STUFF'],
  ['Joules', 'shopping.clothing', 'JOULES'],
  ['Seasalt', 'shopping.clothing', 'SEASALT'],
  ['Mango', 'shopping.clothing', 'MANGO UK', 'MANGO'],
  ['Monsoon', 'shopping.clothing', 'MONSOON', 'MONSOON ACCESSORIZE'],
  ['Accessorize', 'shopping.clothing', 'ACCESSORIZE'],
  ['Superdry', 'shopping.clothing', 'SUPERDRY'],
  ['Mountain Warehouse', 'shopping.clothing', 'MOUNTAIN WAREHOUSE'],
  ['Peacocks', 'shopping.clothing', 'PEACOCKS'],
  ['George at Asda', 'shopping.clothing', 'GEORGE AT ASDA', 'GEORGE COM'],
  ['Tu Clothing', 'shopping.clothing', 'TU CLOTHING'],
  ['Foot Locker', 'shopping.clothing', 'FOOT LOCKER', 'FOOTLOCKER'],
  ['Nike', 'shopping.clothing', 'NIKE', 'NIKE UK'],
  ['Adidas', 'shopping.clothing', 'ADIDAS'],
  ['Vinted', 'shopping.clothing', 'VINTED'],
  ['Pretty Little Thing', 'shopping.clothing', 'PRETTYLITTLETHING', 'PRETTY LITTLE THING'],
  ['Boden', 'shopping.clothing', 'BODEN'],
  ['Ernest Jones', 'shopping.clothing', 'ERNEST JONES'],
  ['H Samuel', 'shopping.clothing', 'H SAMUEL'],
  ['Pandora', 'shopping.clothing', 'PANDORA'],
  ['Apple', 'shopping.electronics', 'APPLE STORE', 'APPLE RETAIL'],
  ['Samsung', 'shopping.electronics', 'SAMSUNG', 'SAMSUNG ELECTRONICS'],
  ['Richer Sounds', 'shopping.electronics', 'RICHER SOUNDS'],
  ['Box.co.uk', 'shopping.electronics', 'BOX CO UK', 'BOX LTD'],
  ['Scan Computers', 'shopping.electronics', 'SCAN COMPUTERS'],
  ['CeX', 'shopping.electronics', 'CEX', 'CEX LTD', 'WEBUY'],
  ['Game', 'entertainment.gaming', 'GAME DIGITAL', 'GAME RETAIL', 'GAME STORES'],
  ['Steam', 'entertainment.gaming', 'STEAM', 'STEAMPOWERED', 'STEAM GAMES', 'VALVE'],
  ['Epic Games', 'entertainment.gaming', 'EPIC GAMES'],
  ['Roblox', 'entertainment.gaming', 'ROBLOX'],
  ['EA', 'entertainment.gaming', 'ELECTRONIC ARTS', 'EA GAMES'],
  ['Debenhams', 'shopping.general', 'DEBENHAMS'],
  ['House of Fraser', 'shopping.general', 'HOUSE OF FRASER'],
  ['Fenwick', 'shopping.general', 'FENWICK'],
  ['Liberty', 'shopping.general', 'LIBERTY LONDON'],
  ['Poundstretcher', 'shopping.general', 'POUNDSTRETCHER'],
  ['Savers', 'personal_care', 'SAVERS HEALTH', 'SAVERS'],
  ['The Body Shop', 'personal_care', 'THE BODY SHOP', 'BODY SHOP'],
  ['Space NK', 'personal_care', 'SPACE NK'],
  ['Fragrance Shop', 'personal_care', 'THE FRAGRANCE SHOP', 'FRAGRANCE SHOP'],
  ['Boots Opticians', 'health.opticians', 'BOOTS OPTICIANS'],
  ['Toni & Guy', 'personal_care', 'TONI & GUY', 'TONI AND GUY', 'TONI GUY'],
  ['Rush Hair', 'personal_care', 'RUSH HAIR'],
  ['Headmasters', 'personal_care', 'HEADMASTERS'],
  ['Regis', 'personal_care', 'REGIS SALON'],
  ['Treatwell', 'personal_care', 'TREATWELL'],
  ['Waxology', 'personal_care', 'WAXOLOGY'],
  ['Benefit Cosmetics', 'personal_care', 'BENEFIT COSMETICS'],
  ['Charlotte Tilbury', 'personal_care', 'CHARLOTTE TILBURY'],
  ['Lookfantastic', 'personal_care', 'LOOKFANTASTIC', 'LOOK FANTASTIC'],
  ['Cult Beauty', 'personal_care', 'CULT BEAUTY'],
  ['Feelunique', 'personal_care', 'FEELUNIQUE'],
  // Entertainment & subscriptions
  ['Odeon', 'entertainment.leisure', 'ODEON', 'ODEON CINEMAS'],
  ['Vue', 'entertainment.leisure', 'VUE', 'VUE CINEMAS', 'VUE ENTERTAINMENT'],
  ['Cineworld', 'entertainment.leisure', 'CINEWORLD'],
  ['Everyman', 'entertainment.leisure', 'EVERYMAN CINEMA', 'EVERYMAN MEDIA'],
  ['Picturehouse', 'entertainment.leisure', 'PICTUREHOUSE'],
  ['Showcase', 'entertainment.leisure', 'SHOWCASE CINEMA'],
  ['Ticketmaster', 'entertainment.leisure', 'TICKETMASTER'],
  ['See Tickets', 'entertainment.leisure', 'SEETICKETS', 'SEE TICKETS'],
  ['Eventbrite', 'entertainment.leisure', 'EVENTBRITE'],
  ['Skiddle', 'entertainment.leisure', 'SKIDDLE'],
  ['ATG Tickets', 'entertainment.leisure', 'ATG TICKETS', 'AMBASSADOR THEATRE'],
  ['Merlin', 'entertainment.leisure', 'MERLIN ENTERTAINMENTS', 'ALTON TOWERS', 'THORPE PARK', 'LEGOLAND'],
  ['National Trust', 'entertainment.leisure', 'NATIONAL TRUST'],
  ['English Heritage', 'entertainment.leisure', 'ENGLISH HERITAGE'],
  ['Hollywood Bowl', 'entertainment.leisure', 'HOLLYWOOD BOWL'],
  ['Tenpin', 'entertainment.leisure', 'TENPIN'],
  ['Puttshack', 'entertainment.leisure', 'PUTTSHACK'],
  ['National Lottery', 'entertainment.leisure', 'NATIONAL LOTTERY', 'NATL LOTTERY', 'CAMELOT', 'ALLWYN'],
  ['PureGym', 'entertainment.fitness', 'PUREGYM', 'PURE GYM'],
  ['The Gym Group', 'entertainment.fitness', 'THE GYM GROUP', 'THE GYM LTD', 'GYM GROUP'],
  ['David Lloyd', 'entertainment.fitness', 'DAVID LLOYD', 'DAVID LLOYD LEISURE'],
  ['Nuffield Health', 'entertainment.fitness', 'NUFFIELD HEALTH'],
  ['Anytime Fitness', 'entertainment.fitness', 'ANYTIME FITNESS'],
  ['Virgin Active', 'entertainment.fitness', 'VIRGIN ACTIVE'],
  ['Better', 'entertainment.fitness', 'BETTER LEISURE', 'GLL'],
  ['Everyone Active', 'entertainment.fitness', 'EVERYONE ACTIVE'],
  ['Fitness First', 'entertainment.fitness', 'FITNESS FIRST'],
  ['Bannatyne', 'entertainment.fitness', 'BANNATYNE', 'BANNATYNES'],
  ['Strava', 'entertainment.fitness', 'STRAVA'],
  ['Peloton', 'entertainment.fitness', 'PELOTON'],
  ['Apple', 'entertainment.streaming', 'APPLE COM BILL', 'APPLE SERVICES'],
  ['Google', 'entertainment.streaming', 'GOOGLE', 'GOOGLE PLAY APPS'],
  ['Microsoft', 'entertainment.streaming', 'MICROSOFT', 'MICROSOFT STORE'],
  ['Kindle Unlimited', 'entertainment.streaming', 'KINDLE', 'KINDLE SVCS', 'KINDLE UNLIMITED'],
  ['Patreon', 'entertainment.streaming', 'PATREON'],
  ['Dropbox', 'entertainment.streaming', 'DROPBOX'],
  ['ChatGPT', 'entertainment.streaming', 'OPENAI', 'CHATGPT'],
  ['Adobe', 'entertainment.streaming', 'ADOBE'],
  ['Canva', 'entertainment.streaming', 'CANVA'],
  ['ITVX', 'entertainment.streaming', 'ITVX', 'ITV HUB'],
  ['TNT Sports', 'entertainment.streaming', 'TNT SPORTS', 'BT SPORT'],
  ['Sky Sports', 'entertainment.streaming', 'SKY SPORTS'],
  ['The Times', 'entertainment.streaming', 'TIMES NEWSPAPERS', 'THE TIMES'],
  ['The Guardian', 'entertainment.streaming', 'GUARDIAN NEWS', 'THE GUARDIAN'],
  ['Economist', 'entertainment.streaming', 'THE ECONOMIST', 'ECONOMIST'],
  ['Apple iCloud', 'entertainment.streaming', 'ICLOUD'],
  // Health
  ['Lloyds Pharmacy', 'health.pharmacy', 'LLOYDS PHARMACY', 'LLOYDSPHARMACY'],
  ['Well Pharmacy', 'health.pharmacy', 'WELL PHARMACY'],
  ['Rowlands Pharmacy', 'health.pharmacy', 'ROWLANDS PHARMACY', 'ROWLANDS'],
  ['Day Lewis', 'health.pharmacy', 'DAY LEWIS'],
  ['Superdrug Pharmacy', 'health.pharmacy', 'SUPERDRUG PHARMACY'],
  ['Pharmacy2U', 'health.pharmacy', 'PHARMACY2U', 'PHARMACY 2U'],
  ['Asda Pharmacy', 'health.pharmacy', 'ASDA PHARMACY'],
  ['Optical Express', 'health.opticians', 'OPTICAL EXPRESS'],
  ['Leightons', 'health.opticians', 'LEIGHTONS'],
  ['Scrivens', 'health.opticians', 'SCRIVENS'],
  ['Glasses Direct', 'health.opticians', 'GLASSES DIRECT'],
  ['Mydentist', 'health.dental', 'MYDENTIST', 'MY DENTIST', 'IDH'],
  ['Bupa Dental', 'health.dental', 'BUPA DENTAL'],
  ['Denplan', 'health.dental', 'DENPLAN'],
  ['Portman Dental', 'health.dental', 'PORTMAN DENTAL'],
  ['NHS', 'health.medical', 'NHS', 'NHSBSA', 'NHS PRESCRIPTION', 'NHS BUSINESS SERVICES'],
  ['Spire Healthcare', 'health.medical', 'SPIRE HEALTHCARE'],
  ['Circle Health', 'health.medical', 'CIRCLE HEALTH'],
  ['Babylon', 'health.medical', 'BABYLON HEALTH'],
  ['Push Doctor', 'health.medical', 'PUSH DOCTOR'],
  ['Superdrug Online Doctor', 'health.medical', 'SUPERDRUG ONLINE DOCTOR'],
  // Travel
  ['Premier Inn', 'travel.accommodation', 'PREMIER INN', 'PREMIER INN HOTELS', 'WHITBREAD'],
  ['Travelodge', 'travel.accommodation', 'TRAVELODGE'],
  ['Hilton', 'travel.accommodation', 'HILTON', 'HILTON HOTELS'],
  ['Holiday Inn', 'travel.accommodation', 'HOLIDAY INN', 'IHG'],
  ['Marriott', 'travel.accommodation', 'MARRIOTT'],
  ['Airbnb', 'travel.accommodation', 'AIRBNB'],
  ['Booking.com', 'travel.accommodation', 'BOOKING COM', 'BOOKINGCOM'],
  ['Expedia', 'travel.accommodation', 'EXPEDIA'],
  ['Hotels.com', 'travel.accommodation', 'HOTELS COM'],
  ['Center Parcs', 'travel.accommodation', 'CENTER PARCS'],
  ['Butlin\u2019s', 'travel.accommodation', 'BUTLINS'],
  ['Haven', 'travel.accommodation', 'HAVEN HOLIDAYS', 'HAVEN LEISURE', 'BOURNE LEISURE'],
  ['Hoseasons', 'travel.accommodation', 'HOSEASONS'],
  ['Parkdean Resorts', 'travel.accommodation', 'PARKDEAN'],
  ['TUI', 'travel.accommodation', 'TUI', 'TUI UK'],
  ['Jet2holidays', 'travel.accommodation', 'JET2HOLIDAYS', 'JET2 HOLIDAYS'],
  ['loveholidays', 'travel.accommodation', 'LOVEHOLIDAYS'],
  ['On the Beach', 'travel.accommodation', 'ON THE BEACH'],
  ['Sykes Cottages', 'travel.accommodation', 'SYKES COTTAGES', 'SYKES HOLIDAY'],
  ['Vrbo', 'travel.accommodation', 'VRBO'],
  ['Virgin Atlantic', 'travel.flights', 'VIRGIN ATLANTIC', 'VIRGIN ATL'],
  ['Loganair', 'travel.flights', 'LOGANAIR'],
  ['Aer Lingus', 'travel.flights', 'AER LINGUS'],
  ['KLM', 'travel.flights', 'KLM'],
  ['Lufthansa', 'travel.flights', 'LUFTHANSA'],
  ['Emirates', 'travel.flights', 'EMIRATES'],
  ['Skyscanner', 'travel.flights', 'SKYSCANNER'],
  ['Heathrow Express', 'transport.public', 'HEATHROW EXPRESS'],
  ['Gatwick Express', 'transport.public', 'GATWICK EXPRESS'],
  ['Stansted Express', 'transport.public', 'STANSTED EXPRESS'],
  ['Post Office Travel Money', 'travel', 'POST OFFICE TRAVEL'],
  ['P&O Ferries', 'travel', 'P&O FERRIES', 'P & O FERRIES', 'POFERRIES'],
  ['DFDS', 'travel', 'DFDS'],
  ['Brittany Ferries', 'travel', 'BRITTANY FERRIES'],
  ['Stena Line', 'travel', 'STENA LINE'],
  ['Red Funnel', 'travel', 'RED FUNNEL'],
  ['Wightlink', 'travel', 'WIGHTLINK'],
  ['CalMac', 'travel', 'CALMAC', 'CALEDONIAN MACBRAYNE'],
  ['Eurotunnel', 'travel', 'EUROTUNNEL', 'LE SHUTTLE'],
  // Education
  ['The Open University', 'education', 'OPEN UNIVERSITY', 'THE OPEN UNIVERSITY'],
  ['ParentPay', 'education', 'PARENTPAY', 'PARENT PAY'],
  ['Arbor', 'education', 'ARBOR EDUCATION'],
  ['SchoolMoney', 'education', 'SCHOOLMONEY', 'SCHOOL MONEY'],
  ['Scopay', 'education', 'SCOPAY'],
  ['Duolingo', 'education', 'DUOLINGO'],
  ['Udemy', 'education', 'UDEMY'],
  ['Coursera', 'education', 'COURSERA'],
  ['Kumon', 'education', 'KUMON'],
  ['Explore Learning', 'education', 'EXPLORE LEARNING'],
  ['Atom Learning', 'education', 'ATOM LEARNING'],
  ['Pearson', 'education', 'PEARSON'],
  ['UCAS', 'education', 'UCAS'],
  // Children & pets
  ['Busy Bees', 'family.childcare', 'BUSY BEES', 'BUSY BEES NURSERIES'],
  ['Bright Horizons', 'family.childcare', 'BRIGHT HORIZONS'],
  ['Kids Planet', 'family.childcare', 'KIDS PLANET'],
  ['Childcare Service', 'family.childcare', 'CHILDCARE SERVICE', 'TAX FREE CHILDCARE'],
  ['Jollyes', 'family.pets', 'JOLLYES'],
  ['Vets4Pets', 'family.pets', 'VETS4PETS', 'VETS 4 PETS'],
  ['Medivet', 'family.pets', 'MEDIVET'],
  ['Pets Corner', 'family.pets', 'PETS CORNER'],
  ['Zooplus', 'family.pets', 'ZOOPLUS'],
  ['Tails.com', 'family.pets', 'TAILS COM', 'TAILSCOM'],
  ['Butternut Box', 'family.pets', 'BUTTERNUT BOX'],
  ['Lily\u2019s Kitchen', 'family.pets', 'LILYS KITCHEN'],
  ['Pets at Home Vet Group', 'family.pets', 'VETS FOR PETS'],
  // Gifts & donations
  ['Moonpig', 'gifts.gifts', 'MOONPIG'],
  ['Funky Pigeon', 'gifts.gifts', 'FUNKY PIGEON', 'FUNKYPIGEON'],
  ['Interflora', 'gifts.gifts', 'INTERFLORA'],
  ['Bloom & Wild', 'gifts.gifts', 'BLOOM & WILD', 'BLOOM AND WILD', 'BLOOMANDWILD'],
  ['Serenata Flowers', 'gifts.gifts', 'SERENATA'],
  ['Clintons', 'gifts.gifts', 'CLINTONS', 'CLINTON CARDS'],
  ['Thortful', 'gifts.gifts', 'THORTFUL'],
  ['Prezzybox', 'gifts.gifts', 'PREZZYBOX'],
  ['Red Letter Days', 'gifts.gifts', 'RED LETTER DAYS'],
  ['Virgin Experience Days', 'gifts.gifts', 'VIRGIN EXPERIENCE'],
  ['Oxfam', 'gifts.charity', 'OXFAM'],
  ['British Heart Foundation', 'gifts.charity', 'BRITISH HEART FOUNDATION', 'BHF'],
  ['Cancer Research UK', 'gifts.charity', 'CANCER RESEARCH', 'CANCER RESEARCH UK', 'CRUK'],
  ['Macmillan Cancer Support', 'gifts.charity', 'MACMILLAN', 'MACMILLAN CANCER'],
  ['RSPCA', 'gifts.charity', 'RSPCA'],
  ['NSPCC', 'gifts.charity', 'NSPCC'],
  ['Save the Children', 'gifts.charity', 'SAVE THE CHILDREN'],
  ['British Red Cross', 'gifts.charity', 'BRITISH RED CROSS', 'RED CROSS'],
  ['Barnardo\u2019s', 'gifts.charity', 'BARNARDOS'],
  ['Mind', 'gifts.charity', 'MIND CHARITY', 'MIND THE MENTAL HEALTH'],
  ['Age UK', 'gifts.charity', 'AGE UK'],
  ['Sue Ryder', 'gifts.charity', 'SUE RYDER'],
  ['Marie Curie', 'gifts.charity', 'MARIE CURIE'],
  ['RNLI', 'gifts.charity', 'RNLI'],
  ['The Salvation Army', 'gifts.charity', 'SALVATION ARMY'],
  ['UNICEF UK', 'gifts.charity', 'UNICEF'],
  ['Comic Relief', 'gifts.charity', 'COMIC RELIEF'],
  ['JustGiving', 'gifts.charity', 'JUSTGIVING', 'JUST GIVING'],
  ['GoFundMe', 'gifts.charity', 'GOFUNDME', 'GO FUND ME'],
  ['Dogs Trust', 'gifts.charity', 'DOGS TRUST'],
  ['Battersea', 'gifts.charity', 'BATTERSEA DOGS', 'BATTERSEA'],
  ['Shelter', 'gifts.charity', 'SHELTER'],
  ['WaterAid', 'gifts.charity', 'WATERAID'],
  ['Alzheimer\u2019s Society', 'gifts.charity', 'ALZHEIMERS SOCIETY'],
  ['Guide Dogs', 'gifts.charity', 'GUIDE DOGS'],
  ['WWF', 'gifts.charity', 'WWF', 'WWF UK'],
  ['Children in Need', 'gifts.charity', 'CHILDREN IN NEED'],
  ['St John Ambulance', 'gifts.charity', 'ST JOHN AMBULANCE'],
  ['Air Ambulance', 'gifts.charity', 'AIR AMBULANCE'],
  // Fees & charges
  ['Post Office', 'other', 'POST OFFICE', 'POST OFFICE COUNTERS'],
  ['Royal Mail', 'other', 'ROYAL MAIL'],
  ['HM Passport Office', 'other', 'HM PASSPORT', 'PASSPORT OFFICE'],
  ['HMRC', 'other', 'HMRC', 'HMRC SELF ASSESSMENT'],
];

const merchantEntries = UK_MERCHANTS.flatMap((merchant) =>
  merchant.patterns.map(
    (pattern) =>
      [
        pattern,
        {
          name: merchant.name,
          categoryId: MERCHANT_OVERRIDES[merchant.name] ?? DEFAULT_BY_KIND[merchant.category],
        },
      ] as const,
  ),
);
const payeeEntries = CATEGORY_PAYEES.flatMap(([name, categoryId, ...patterns]) =>
  (patterns.length ? patterns : [name]).map((pattern) => [pattern, { name, categoryId }] as const),
);

/** Banking words after a brand mean its bank (as in merchants.ts): 'TESCO BANK' is no grocery shop. */
const BANKING_WORDS = new Set([
  'BANK',
  'BK',
  'MONEY',
  'FINANCE',
  'SAVINGS',
  'SAVER',
  'ISA',
  'CREDIT',
  'LOAN',
]);

/** The dictionary: the payees first (they are the more specific: 'SKY MOBILE' before 'SKY'), then the list. */
const findInDictionary = phraseMatcher([...payeeEntries, ...merchantEntries], (hit, tokens) => {
  const next = tokens[hit.end];
  return next === undefined || !BANKING_WORDS.has(next);
});

/**
 * Words that follow BP (or another code that is also a merchant's name) on a card line at a filling station
 * and never on a bill payment: the site's brand and services, and road words of its address.
 */
const STATION_WORDS = new Set(
  `CONNECT PULSE EXPRESS FUEL FUELS PETROL DIESEL FORECOURT PFS SERVICE SERVICES STATION STN SSTN SF MOTORWAY
  GARAGE WILD BEAN M&S SHOP ROAD RD LANE LN STREET WAY AVENUE AVE BYPASS JUNCTION ROUNDABOUT`.split(/\s+/),
);

/**
 * The description without the payment-type code it starts with (merchant-name.ts leadingTypeCode): 'BP
 * GRACE KELLY' (HSBC's bill payment to Grace Kelly) → 'GRACE KELLY', 'DD OCADO RETAIL' → 'OCADO RETAIL'. A
 * code is kept when it starts a name the dictionary knows by more than the code ('SO ENERGY', 'BP PULSE',
 * 'BP CONNECT'), and a code that is itself a merchant's name (BP) is kept when a filling station's words or a
 * site number follow it ('BP 01607557', 'BP WOODHOUSE LANE S STN'): a bill payment names a payee, a card
 * line at a station names the site. At most two codes are taken off (')))  VIS ...').
 */
export function withoutTypeCode(description: string): string {
  let text = description;
  for (let i = 0; i < 2; i++) {
    const lead = leadingTypeCode(text);
    if (!lead) return text;
    const codeTokens = descriptionTokens(lead.code).length;
    const tokens = descriptionTokens(text);
    const hit = codeTokens ? findInDictionary(tokens) : null;
    if (hit && hit.start === 0) {
      if (hit.end > codeTokens) return text;
      const after = tokens.slice(hit.end);
      if (/\d/.test(after[0] ?? '') || after.some((t) => STATION_WORDS.has(t))) return text;
    }
    text = lead.rest;
  }
  return text;
}

/** The dictionary merchant of a description ({ name, categoryId }), or null. */
export function dictionaryMerchant(description: string): { name: string; categoryId: string } | null {
  return findInDictionary(descriptionTokens(description))?.value ?? null;
}

/** Lines whose kind outranks the merchant they name. */
const LINE_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:NON STERLING|NON GBP|FOREIGN|OVERSEAS)\b.*\b(?:FEE|CHARGE|COMMISSION)S?\b/, 'fees'],
  [/\b(?:CASH WITHDRAWAL|CASH WDL|CASHPOINT|ATM|NOTEMACHINE|LINK CASH|CASH MACHINE)\b/, 'cash'],
  [/^(?:CASH|CSH)\b(?! BACK)/, 'cash'],
];

/** The words of a line that say it pays rent: a payment to a person with one of them is rent, not a gift. */
const RENT_WORDS = /\b(?:RENT|LANDLORD|LETTINGS?)\b/;

/** Keyword rules on the normalised description, in order (the first that matches wins). */
const KEYWORD_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /\b(?:OVERDRAFT|UNARRANGED|ARRANGED OD|OD FEE|ACCOUNT FEE|MONTHLY FEE|LATE PAYMENT|LATE FEE|RETURNED (?:DD|ITEM)|UNPAID ITEM|INTEREST CHARGED|DEBIT INTEREST|COMMISSION|SERVICE CHARGE)\b/,
    'fees',
  ],
  [/\b(?:MORTGAGE)\b/, 'housing.mortgage'],
  [
    /\b(?:RENT|LETTINGS?|LETTING AGENTS?|ESTATE AGENTS?|HOUSING ASSOCIATION|LANDLORD|HOUSING)\b/,
    'housing.rent',
  ],
  [/\b(?:COUNCIL|BOROUGH|CTAX|C TAX|CITY OF|DISTRICT|COUNTY)\b/, 'bills.council_tax'],
  [/\b(?:WATER)\b/, 'bills.water'],
  [/\b(?:ENERGY|ELECTRIC(?:ITY)?|GAS|POWER|HEATING OIL)\b/, 'bills.energy'],
  [/\b(?:INSURANCE|INSURE|INS|ASSURANCE|ASSURE|UNDERWRITING|PROTECT)\b/, 'bills.insurance'],
  [/\b(?:BROADBAND|FIBRE|TELECOMS?|MOBILE|INTERNET|PHONE)\b/, 'bills.phone_broadband'],
  [/\b(?:PETROL|FUEL|FILLING STATION|SERVICE STATION|FORECOURT|PFS|EV CHARGING)\b/, 'fuel'],
  [/\b(?:PARKING|CAR PARK|CARPARK|PARK AND RIDE)\b/, 'transport.parking'],
  [/\b(?:TAXI|TAXIS|CABS?|PRIVATE HIRE|MINICABS?)\b/, 'transport.taxi'],
  [/\b(?:RAIL|RAILWAY|TRAINS?|BUS|BUSES|COACHES|TRAM|METRO|FERRY|TRAVELCARD|OYSTER)\b/, 'transport.public'],
  [
    /\b(?:GARAGE|MOT|TYRES?|AUTOCENTRE|MOTORS|CAR WASH|VALETING|BODYSHOP|AUTO REPAIRS?)\b/,
    'transport.vehicle',
  ],
  [/\b(?:AIRLINES?|AIRWAYS|AIR|AIRPORT)\b/, 'travel.flights'],
  [
    /\b(?:HOTELS?|HOSTEL|B&B|BED AND BREAKFAST|GUEST HOUSE|HOLIDAYS?|COTTAGES?|RESORTS?|LODGE|CARAVAN)\b/,
    'travel.accommodation',
  ],
  [/\b(?:PHARMACY|CHEMISTS?|DISPENSARY)\b/, 'health.pharmacy'],
  [/\b(?:OPTICIANS?|OPTOMETRISTS?|EYECARE|OPTICAL)\b/, 'health.opticians'],
  [/\b(?:DENTAL|DENTIST|DENTISTS|ORTHODONTICS?)\b/, 'health.dental'],
  [
    /\b(?:SURGERY|CLINIC|MEDICAL|HOSPITAL|PHYSIO|PHYSIOTHERAPY|OSTEOPATH|CHIROPRACT\w*|PODIATRY|HEALTHCARE)\b/,
    'health.medical',
  ],
  [
    /\b(?:HAIR|HAIRDRESSERS?|BARBERS?|BARBERSHOP|SALON|BEAUTY|NAILS?|SPA|COSMETICS|TANNING|WAXING|LASHES|BROWS)\b/,
    'personal_care',
  ],
  [
    /\b(?:GYM|FITNESS|LEISURE CENTRE|SPORTS CENTRE|YOGA|PILATES|SWIMMING|CROSSFIT|CLIMBING)\b/,
    'entertainment.fitness',
  ],
  [
    /\b(?:CINEMAS?|THEATRE|TICKETS?|MUSEUM|ZOO|BOWLING|GOLF|ESCAPE ROOM|CONCERT|ARENA|STADIUM|LOTTERY)\b/,
    'entertainment.leisure',
  ],
  [
    /\b(?:NURSERY|NURSERIES|CHILDCARE|CHILDMINDER|PLAYGROUP|PRE SCHOOL|PRESCHOOL|AFTER SCHOOL CLUB|CRECHE)\b/,
    'family.childcare',
  ],
  [
    /\b(?:SCHOOL|UNIVERSITY|COLLEGE|TUITION|TUTORING|TUTORS?|ACADEMY|COURSE|LEARNING|EDUCATION)\b/,
    'education',
  ],
  [/\b(?:VETS?|VETERINARY|PET|PETS|GROOMING|KENNELS?|CATTERY)\b/, 'family.pets'],
  [/\b(?:CHARITY|CHARITABLE|DONATION|DONATE|HOSPICE|FOUNDATION|APPEAL)\b/, 'gifts.charity'],
  [/\b(?:FLORISTS?|FLOWERS|GIFTS?|CARDS)\b/, 'gifts.gifts'],
  [/\b(?:PUB|INN|ARMS|TAVERN|BREWERY|BREWING|TAPROOM|BAR|WINE BAR|COCKTAIL)\b/, 'eating_out.pubs'],
  [/\b(?:CAFE|CAFFE|COFFEE|ESPRESSO|BAKERY|BAKERS|PATISSERIE|TEA ROOMS?|TEAROOM)\b/, 'eating_out.cafes'],
  [
    /\b(?:TAKEAWAY|TAKE AWAY|KEBAB|CHIPPY|FISH BAR|CHIPPER|FRIED CHICKEN|PIZZERIA|PIZZA)\b/,
    'eating_out.takeaway',
  ],
  [
    /\b(?:RESTAURANT|RESTAURANTS|BISTRO|BRASSERIE|KITCHEN|GRILL|DINER|EATERY|CANTEEN|TRATTORIA|CURRY|TANDOORI|INDIAN|SUSHI|NOODLE|RAMEN|THAI|CHINESE|TAPAS|STEAKHOUSE|BURGERS?|CATERING)\b/,
    'eating_out.restaurants',
  ],
  [
    /\b(?:SUPERMARKETS?|SUPERSTORE|GROCER|GROCERS|GROCERY|GROCERIES|BUTCHERS?|GREENGROCERS?|FISHMONGERS?|FARM SHOP|DELI|CONVENIENCE|MINI MARKET|MINIMARKET|FOOD STORE|FOODS|OFF LICENCE|NEWSAGENTS?)\b/,
    'groceries',
  ],
  [
    /\b(?:FURNITURE|DIY|HARDWARE|BUILDERS MERCHANTS?|TIMBER|PAINT|CARPETS?|FLOORING|BEDS|SOFAS?|KITCHENS|BATHROOMS|GARDEN CENTRE|HOMEWARE)\b/,
    'shopping.home',
  ],
  [
    /\b(?:FASHION|CLOTHING|CLOTHES|BOUTIQUE|SHOES|FOOTWEAR|APPAREL|JEWELLERS?|JEWELLERY|OUTDOOR)\b/,
    'shopping.clothing',
  ],
  [/\b(?:ELECTRONICS|ELECTRICALS|COMPUTERS?|PHONES|GADGETS|TECH)\b/, 'shopping.electronics'],
  [
    /\b(?:SHOP|STORES?|MARKET|RETAIL|BOOKSHOP|BOOKS|TOYS|DEPARTMENT STORE|EMPORIUM|OUTLET)\b/,
    'shopping.general',
  ],
  [/\b(?:SUBSCRIPTION|MEMBERSHIP|STREAMING|PREMIUM)\b/, 'entertainment.streaming'],
];

/** The key a learned rule is stored under: the merchant's words, upper case ('Costa Coffee' → 'COSTA COFFEE'). */
export function merchantKey(merchantName: string): string {
  return normaliseDescription(merchantName);
}

/** The merchant name a row keeps: the dictionary's name, else the cleaned trading name. */
export function merchantNameOf(description: string | null | undefined): string | null {
  const text = withoutTypeCode(tradingText(description));
  return dictionaryMerchant(text)?.name ?? extractMerchantName(text);
}

function result(categoryId: string, merchant: string | null, confidence: number, source: CategorySource) {
  const fields = categoryFields(categoryId);
  if (!fields) return uncategorised(merchant);
  return {
    ...fields,
    merchant_name: merchant,
    category_confidence: confidence,
    source,
  } satisfies CategoryResult;
}

function uncategorised(merchant: string | null): CategoryResult {
  return {
    category_id: null,
    subcategory_id: null,
    primary_category: null,
    subcategory: null,
    merchant_name: merchant,
    category_confidence: null,
    source: 'none',
  };
}

const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'DR', 'MX']);

/**
 * A payee that reads as a person: a title or an initial, then a surname ('J SMITH', 'MRS A PATEL'). Two plain
 * words ('BLUE DOOR') are as often a shop as a person, so they are left to the other sources.
 */
function looksLikeAPerson(merchant: string | null): boolean {
  if (!merchant) return false;
  const words = descriptionTokens(merchant);
  if (words.length < 2 || words.length > 4 || !words.every((w) => /^[A-Z]+$/.test(w))) return false;
  const surname = words.at(-1)!;
  return surname.length >= 2 && (TITLES.has(words[0]!) || words.slice(0, -1).some((w) => w.length === 1));
}

/** The family's rules by merchant key, for categorise(). */
export function categoryRuleIndex(rules: readonly CategoryRule[]): ReadonlyMap<string, CategoryRule> {
  return new Map(rules.map((r) => [r.merchant_key, r]));
}

/**
 * The category of a statement line by the sources above, without the AI. `rules` are the family's learned
 * category rules (categoryRuleIndex). The result carries the row's category fields and merchant name.
 */
export function categorise(
  description: string | null | undefined,
  rules: ReadonlyMap<string, CategoryRule> = new Map(),
): CategoryResult {
  const text = description ?? '';
  // The merchant and the words of the line without a leading payment-type code (BP, DD, SO, VIS ...): the
  // line types below read the whole line (ATM is a cash withdrawal whatever follows).
  const named = withoutTypeCode(tradingText(text));
  const known = dictionaryMerchant(named);
  const merchant = known?.name ?? extractMerchantName(named);
  if (merchant && rules.size) {
    const learned = rules.get(merchantKey(merchant));
    if (learned && learned.category_id !== UNCATEGORISED_ID)
      return result(learned.category_id, merchant, learned.confidence, 'learned');
    if (learned) return { ...uncategorised(merchant), source: 'learned' };
  }
  const n = normaliseDescription(text);
  for (const [pattern, categoryId] of LINE_RULES)
    if (pattern.test(n))
      return result(categoryId, categoryId === 'cash' ? 'Cash' : merchant, CATEGORY_CONFIDENCE.rule, 'rule');
  if (known) return result(known.categoryId, merchant, CATEGORY_CONFIDENCE.dictionary, 'dictionary');
  const words = normaliseDescription(withoutTypeCode(text));
  if (looksLikeAPerson(merchant) && !RENT_WORDS.test(words))
    return result('people', merchant, CATEGORY_CONFIDENCE.person, 'person');
  for (const [pattern, categoryId] of KEYWORD_RULES)
    if (pattern.test(words)) return result(categoryId, merchant, CATEGORY_CONFIDENCE.keyword, 'keyword');
  return uncategorised(merchant);
}
