/**
 * The fixed material of the demo data (`npm run seed`): name lists, the quiz bank, gift box
 * configs, stores, notification and complaint texts. Which of these a row gets is decided in SQL
 * by a hash of (seed, row number) (hash.ts); the texts never change with the seed, which is what
 * lets the seed recognise its own quiz questions, configs and notifications on a later run
 * (demo.ts).
 */

/** The demo users' e-mail domain (`.example` is reserved for examples, RFC 2606): no real inbox. */
export const demoEmailDomain = 'demo.strideadmin.example';

/** Every demo gift card's serial number starts with this (compared whatever the case). */
export const demoSerialPrefix = 'DEMO-';

// Letters and spaces only (the name rule of docs/behaviour.md §5); Swedish letters are folded for e-mails.
// prettier-ignore
export const femaleFirstNames = [
  'Alice', 'Maja', 'Elsa', 'Astrid', 'Wilma', 'Freja', 'Olivia', 'Selma', 'Alma', 'Ebba',
  'Signe', 'Agnes', 'Ella', 'Saga', 'Vera', 'Stella', 'Clara', 'Ellen', 'Nora', 'Lilly',
  'Anna', 'Eva', 'Karin', 'Kristina', 'Lena', 'Maria', 'Sara', 'Emma', 'Ida', 'Johanna',
  'Linnea', 'Matilda', 'Hanna', 'Sofia', 'Emilia', 'Ingrid', 'Birgitta', 'Margareta', 'Elin', 'Malin',
  'Åsa', 'Linda', 'Helena', 'Camilla', 'Jenny', 'Frida', 'Amanda', 'Julia', 'Moa', 'Tove',
  'Leila', 'Yasmin', 'Amira', 'Fatima', 'Nadia', 'Sofie', 'Laura', 'Charlotte', 'Mia', 'Zoë',
] as const;

// prettier-ignore
export const maleFirstNames = [
  'William', 'Liam', 'Noah', 'Hugo', 'Lucas', 'Oliver', 'Oscar', 'Elias', 'Adam', 'Matteo',
  'Nils', 'Leo', 'Alexander', 'Ludvig', 'Axel', 'Theo', 'Vincent', 'Arvid', 'Erik', 'Karl',
  'Lars', 'Anders', 'Johan', 'Per', 'Mikael', 'Peter', 'Jan', 'Thomas', 'Daniel', 'Fredrik',
  'Magnus', 'Stefan', 'Mattias', 'Andreas', 'Jonas', 'Björn', 'Gustav', 'Henrik', 'Marcus', 'Simon',
  'Viktor', 'Emil', 'Anton', 'Filip', 'Isak', 'Olle', 'Sixten', 'Måns', 'Sebastian', 'David',
  'Omar', 'Ali', 'Mohammed', 'Yusuf', 'Kevin', 'Robin', 'Tobias', 'Jesper', 'Rasmus', 'André',
] as const;

// prettier-ignore
export const lastNames = [
  'Andersson', 'Johansson', 'Karlsson', 'Nilsson', 'Eriksson', 'Larsson', 'Olsson', 'Persson', 'Svensson', 'Gustafsson',
  'Pettersson', 'Jonsson', 'Jansson', 'Hansson', 'Bengtsson', 'Jönsson', 'Lindberg', 'Jakobsson', 'Magnusson', 'Lindström',
  'Olofsson', 'Lindqvist', 'Lindgren', 'Berg', 'Axelsson', 'Bergström', 'Lundberg', 'Lind', 'Lundgren', 'Lundqvist',
  'Mattsson', 'Berglund', 'Fredriksson', 'Sandberg', 'Henriksson', 'Forsberg', 'Sjöberg', 'Wallin', 'Engström', 'Eklund',
  'Danielsson', 'Lundin', 'Håkansson', 'Björk', 'Bergman', 'Gunnarsson', 'Holm', 'Wikström', 'Samuelsson', 'Isaksson',
  'Fransson', 'Bergqvist', 'Nyström', 'Holmberg', 'Arvidsson', 'Löfgren', 'Söderberg', 'Nyberg', 'Blomqvist', 'Claesson',
  'Nordström', 'Mårtensson', 'Lundström', 'Ali', 'Mohammed', 'Hassan', 'Ahmed', 'Virtanen', 'Korhonen', 'Nieminen',
  'Novak', 'Kowalski', 'Nowak', 'Müller', 'Schmidt', 'Rossi', 'Garcia', 'Martinez', 'Silva', 'Smith',
  'Jensen', 'Hansen', 'Nielsen', 'Berggren', 'Strand', 'Ek', 'Dahl', 'Sundberg', 'Hedlund', 'Åberg',
] as const;

/** Daily foot-step goals people pick, with how often (weights). */
export const stepGoals = [
  { steps: 5000, weight: 1 },
  { steps: 6000, weight: 1 },
  { steps: 7500, weight: 2 },
  { steps: 8000, weight: 2 },
  { steps: 10000, weight: 3 },
  { steps: 12000, weight: 1 },
] as const;

export interface DemoQuizQuestion {
  question: string;
  options: [string, string, string, string];
  /** 1 to 4. */
  correct: number;
  coins: number;
  isActive: boolean;
}

export const quizBank: { en: DemoQuizQuestion[]; sv: DemoQuizQuestion[] } = {
  en: [
    {
      question: 'How many steps a day is a common goal for staying healthy?',
      options: ['1,000', '3,000', '10,000', '50,000'],
      correct: 3,
      coins: 10,
      isActive: true,
    },
    {
      question: 'Roughly how many calories does walking 1 km burn for an adult?',
      options: ['5', '60', '400', '1,000'],
      correct: 2,
      coins: 15,
      isActive: true,
    },
    {
      question: 'Which muscle group does walking uphill work the most?',
      options: ['Biceps', 'Calves and glutes', 'Neck', 'Forearms'],
      correct: 2,
      coins: 10,
      isActive: true,
    },
    {
      question: 'How long is a brisk walk the WHO suggests per week, at least?',
      options: ['30 minutes', '75 minutes', '150 minutes', '600 minutes'],
      correct: 3,
      coins: 20,
      isActive: true,
    },
    {
      question: 'What is a good way to add steps to a working day?',
      options: ['Take the stairs', 'Take the lift', 'Drive to lunch', 'Sit longer'],
      correct: 1,
      coins: 5,
      isActive: true,
    },
    {
      question: 'About how many steps make one kilometre for an average adult?',
      options: ['300', '1,300', '5,000', '13,000'],
      correct: 2,
      coins: 15,
      isActive: true,
    },
    {
      question: 'What should you drink most during a long walk on a warm day?',
      options: ['Water', 'Coffee', 'Energy drinks', 'Nothing'],
      correct: 1,
      coins: 5,
      isActive: true,
    },
    {
      question: 'Which shoe feature matters most for long walks?',
      options: ['Colour', 'Brand', 'Fit and cushioning', 'Laces'],
      correct: 3,
      coins: 10,
      isActive: true,
    },
    {
      question: 'What does walking regularly improve, according to research?',
      options: ['Heart health', 'Eyesight colour', 'Hair growth', 'Height'],
      correct: 1,
      coins: 10,
      isActive: true,
    },
    {
      question: 'What is the longest national trail in Sweden called?',
      options: ['Kungsleden', 'Höga Kusten', 'Sörmlandsleden', 'Skåneleden'],
      correct: 4,
      coins: 20,
      isActive: true,
    },
    {
      question: 'When is it best to stretch after a walk?',
      options: ['Never', 'Right after, while warm', 'The next day', 'Before sleeping only'],
      correct: 2,
      coins: 5,
      isActive: true,
    },
    {
      question: 'How fast is a typical brisk walking pace?',
      options: ['2 km/h', '5 to 6 km/h', '12 km/h', '20 km/h'],
      correct: 2,
      coins: 10,
      isActive: true,
    },
    {
      question: 'Which time of day counts steps in the app?',
      options: ['Only mornings', 'Only evenings', 'All day', 'Only weekends'],
      correct: 3,
      coins: 5,
      isActive: true,
    },
    {
      question: 'What is Nordic walking done with?',
      options: ['Skis', 'Poles', 'A bicycle', 'Weights on the ankles'],
      correct: 2,
      coins: 10,
      isActive: true,
    },
    {
      question: 'How many kilometres is a marathon?',
      options: ['21.1', '30', '42.2', '50'],
      correct: 3,
      coins: 15,
      isActive: false,
    },
    {
      question: 'Which habit helps you reach a daily step goal?',
      options: ['A walk after dinner', 'Skipping breakfast', 'Late nights', 'Longer screen time'],
      correct: 1,
      coins: 5,
      isActive: true,
    },
  ],
  sv: [
    {
      question: 'Hur många steg om dagen är ett vanligt mål för att hålla sig frisk?',
      options: ['1 000', '3 000', '10 000', '50 000'],
      correct: 3,
      coins: 10,
      isActive: true,
    },
    {
      question: 'Ungefär hur många kalorier förbränner en vuxen på en kilometers promenad?',
      options: ['5', '60', '400', '1 000'],
      correct: 2,
      coins: 15,
      isActive: true,
    },
    {
      question: 'Vilka muskler arbetar mest när du går uppför en backe?',
      options: ['Biceps', 'Vader och säte', 'Nacke', 'Underarmar'],
      correct: 2,
      coins: 10,
      isActive: true,
    },
    {
      question: 'Hur länge bör man minst promenera raskt per vecka enligt WHO?',
      options: ['30 minuter', '75 minuter', '150 minuter', '600 minuter'],
      correct: 3,
      coins: 20,
      isActive: true,
    },
    {
      question: 'Vad är ett bra sätt att få in fler steg på jobbet?',
      options: ['Ta trapporna', 'Ta hissen', 'Köra till lunchen', 'Sitta längre'],
      correct: 1,
      coins: 5,
      isActive: true,
    },
    {
      question: 'Ungefär hur många steg går det på en kilometer för en vuxen?',
      options: ['300', '1 300', '5 000', '13 000'],
      correct: 2,
      coins: 15,
      isActive: true,
    },
    {
      question: 'Vad bör du dricka mest under en lång promenad en varm dag?',
      options: ['Vatten', 'Kaffe', 'Energidryck', 'Ingenting'],
      correct: 1,
      coins: 5,
      isActive: true,
    },
    {
      question: 'Vad är viktigast hos en sko för långa promenader?',
      options: ['Färgen', 'Märket', 'Passform och dämpning', 'Snörena'],
      correct: 3,
      coins: 10,
      isActive: true,
    },
    {
      question: 'Vad förbättrar regelbundna promenader enligt forskningen?',
      options: ['Hjärthälsan', 'Ögonfärgen', 'Hårväxten', 'Längden'],
      correct: 1,
      coins: 10,
      isActive: true,
    },
    {
      question: 'Vilken är Sveriges längsta vandringsled av dessa?',
      options: ['Kungsleden', 'Höga Kustenleden', 'Sörmlandsleden', 'Skåneleden'],
      correct: 4,
      coins: 20,
      isActive: true,
    },
    {
      question: 'När är det bäst att stretcha efter en promenad?',
      options: ['Aldrig', 'Direkt efteråt, medan du är varm', 'Dagen efter', 'Bara före sänggåendet'],
      correct: 2,
      coins: 5,
      isActive: true,
    },
    {
      question: 'Hur snabbt går man ungefär i raskt promenadtempo?',
      options: ['2 km/h', '5 till 6 km/h', '12 km/h', '20 km/h'],
      correct: 2,
      coins: 10,
      isActive: true,
    },
    {
      question: 'Vilken tid på dygnet räknar appen steg?',
      options: ['Bara på morgonen', 'Bara på kvällen', 'Hela dagen', 'Bara på helger'],
      correct: 3,
      coins: 5,
      isActive: true,
    },
    {
      question: 'Vad använder man vid stavgång?',
      options: ['Skidor', 'Stavar', 'En cykel', 'Vikter runt anklarna'],
      correct: 2,
      coins: 10,
      isActive: true,
    },
    {
      question: 'Hur många kilometer är ett maraton?',
      options: ['21,1', '30', '42,2', '50'],
      correct: 3,
      coins: 15,
      isActive: false,
    },
    {
      question: 'Vilken vana hjälper dig att nå ditt dagliga stegmål?',
      options: ['En promenad efter middagen', 'Att hoppa över frukosten', 'Sena kvällar', 'Mer skärmtid'],
      correct: 1,
      coins: 5,
      isActive: true,
    },
  ],
};

export interface DemoGiftBoxConfig {
  type: string;
  minCoins: number;
  maxCoins: number;
  stepsToUnlock: number;
  boxesPerDay: number;
  isActive: boolean;
}

/** Config Names are unique whatever the case; these are the seed's own (demo.ts). */
export const giftBoxConfigs: DemoGiftBoxConfig[] = [
  { type: 'Morning Stroll Box', minCoins: 5, maxCoins: 15, stepsToUnlock: 2000, boxesPerDay: 2, isActive: true },
  { type: 'Lunch Break Loop Box', minCoins: 10, maxCoins: 25, stepsToUnlock: 4000, boxesPerDay: 1, isActive: true },
  { type: 'City Explorer Box', minCoins: 15, maxCoins: 40, stepsToUnlock: 6000, boxesPerDay: 3, isActive: true },
  { type: 'Weekend Trail Box', minCoins: 25, maxCoins: 60, stepsToUnlock: 10000, boxesPerDay: 1, isActive: true },
  { type: 'Park Run Bonus Box', minCoins: 20, maxCoins: 50, stepsToUnlock: 8000, boxesPerDay: 2, isActive: true },
  { type: 'Winter Challenge Box', minCoins: 50, maxCoins: 100, stepsToUnlock: 15000, boxesPerDay: 1, isActive: false },
];

/** Stores of the demo gift cards, with an address each. */
export const stores = [
  { name: 'ICA Maxi', address: 'Lindhagensgatan 118, Stockholm' },
  { name: 'Coop', address: 'Götgatan 30, Stockholm' },
  { name: 'Stadium', address: 'Drottninggatan 53, Stockholm' },
  { name: 'Intersport', address: 'Kungsgatan 44, Göteborg' },
  { name: 'Naturkompaniet', address: 'Hamngatan 12, Stockholm' },
  { name: 'Clas Ohlson', address: 'Sergels torg 12, Stockholm' },
  { name: 'Åhléns', address: 'Klarabergsgatan 50, Stockholm' },
  { name: 'Espresso House', address: 'Stortorget 4, Malmö' },
  { name: 'XXL Sport', address: 'Kungens Kurva, Kungens Kurva' },
  { name: 'Apotek Hjärtat', address: 'Vasagatan 7, Uppsala' },
  { name: 'Cervera', address: 'Fredsgatan 2, Göteborg' },
  { name: 'Akademibokhandeln', address: 'Mäster Samuelsgatan 28, Stockholm' },
] as const;

/**
 * Gift card tiers: the coin price an app user pays and what the card is worth. Cheap cards are
 * the most common; the seed picks a tier the user can afford.
 */
export const cardTiers = [
  { price: 150, amount: 50 },
  { price: 300, amount: 100 },
  { price: 500, amount: 150 },
  { price: 750, amount: 250 },
  { price: 1000, amount: 300 },
  { price: 1500, amount: 500 },
] as const;

/** Expiry durations (minutes, at most 4 digits) of the demo cards; 0 means none. */
export const expiryDurations = [0, 0, 1440, 4320, 7200, 9999] as const;

export interface DemoNotification {
  title: string;
  message: string;
  language: 'en' | 'sv';
  /** Sent to every app user, to the active ones, or to a few chosen ones. */
  audience: 'all' | 'active' | 'users';
  daysAgo: number;
}

export const notificationTexts: DemoNotification[] = [
  {
    title: 'Welcome to the new season',
    message: 'New gift cards are in the shop. Keep walking to earn coins!',
    language: 'en',
    audience: 'all',
    daysAgo: 45,
  },
  {
    title: 'Dags för en promenad',
    message: 'Solen skiner i helgen. Ta en extra promenad och samla fler mynt!',
    language: 'sv',
    audience: 'users',
    daysAgo: 9,
  },
  {
    title: 'Gift boxes in the city',
    message: 'We have placed new gift boxes around the city centre. Find them on the map.',
    language: 'en',
    audience: 'users',
    daysAgo: 30,
  },
  {
    title: 'Nya presentkort',
    message: 'Nu finns presentkort från fler butiker. Se vad dina mynt räcker till.',
    language: 'sv',
    audience: 'users',
    daysAgo: 21,
  },
  {
    title: 'You are close to your goal',
    message: 'Only a few thousand steps left this week. You can do it!',
    language: 'en',
    audience: 'users',
    daysAgo: 12,
  },
  {
    title: 'Veckans utmaning',
    message: 'Gå 50 000 steg den här veckan och få en bonuslåda på kartan.',
    language: 'sv',
    audience: 'users',
    daysAgo: 6,
  },
  {
    title: 'New quiz questions',
    message: 'Answer this week’s quiz questions and earn extra coins.',
    language: 'en',
    audience: 'users',
    daysAgo: 3,
  },
  {
    title: 'Tack för att du går med oss',
    message: 'Vi har nu passerat en miljon steg tillsammans i appen. Tack!',
    language: 'sv',
    audience: 'users',
    daysAgo: 1,
  },
];

/** Complaint queries (table `messages`) as app users send them from the app (source Mobile). */
export const queryTexts = [
  {
    title: 'Steps not counted',
    message: 'My walk this morning was about 6,000 steps but the app only shows 1,200. Can you check?',
  },
  {
    title: 'Gift card code does not work',
    message: 'The store says the control code of the card I redeemed is not valid. What should I do?',
  },
  { title: 'Coins missing after quiz', message: 'I answered the quiz correctly but I did not get any coins.' },
  {
    title: 'Cannot open gift box',
    message: 'I am standing next to the gift box on the map but the app says I am too far away.',
  },
  { title: 'App drains battery', message: 'Since the last update the app uses a lot of battery while tracking steps.' },
  { title: 'Wrong daily goal', message: 'I changed my daily goal to 8,000 steps but the app still shows 10,000.' },
  { title: 'Duplicate notification', message: 'I received the same notification three times today.' },
  { title: 'How do I delete my account?', message: 'I would like to remove my account and my data. How do I do that?' },
  {
    title: 'Stegen räknas inte',
    message: 'Appen har inte räknat några steg sedan i går trots att jag har gått mycket.',
  },
  {
    title: 'Presentkortet har gått ut',
    message: 'Mitt presentkort gick ut innan jag hann använda det. Kan ni förlänga det?',
  },
  { title: 'Fel antal mynt', message: 'Jag borde ha fått fler mynt för mina steg i helgen.' },
  { title: 'Kartan laddar inte', message: 'Kartan med presentlådorna är tom när jag öppnar den.' },
] as const;
