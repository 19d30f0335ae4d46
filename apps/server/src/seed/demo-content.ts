// The words of the demo event: names, sessions, sponsors, posts. Plain data, kept apart from the code
// that writes it (demo.ts) so both stay readable.

export const INTERESTS = [
  'Artificial Intelligence',
  'Cloud & DevOps',
  'Cybersecurity',
  'Data Science',
  'Design & UX',
  'Entrepreneurship',
  'Fintech',
  'Healthcare',
  'Marketing',
  'Product Management',
  'Sales',
  'Sustainability',
] as const;

export const GOALS = [
  'Find a co-founder',
  'Hire talent',
  'Find a job',
  'Meet investors',
  'Raise funding',
  'Find customers',
  'Find partners',
  'Learn new skills',
  'Find a mentor',
  'Mentor others',
] as const;

export const FIRST_NAMES = [
  'Aiko', 'Ben', 'Carla', 'Dev', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jamal',
  'Kara', 'Liam', 'Maya', 'Noah', 'Olu', 'Priya', 'Quentin', 'Rosa', 'Sven', 'Tara',
] as const;

export const LAST_NAMES = [
  'Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Patel', 'Schmidt', 'Alvarez', 'Nakamura', 'Brennan', 'Haddad',
] as const;

export const COMPANIES = [
  'Fabrikam', 'Tailspin Toys', 'Litware', 'Adventure Works', 'Wide World Importers', 'Proseware',
  'Lucerne Publishing', 'Coho Vineyard', 'Woodgrove Bank', 'Trey Research',
] as const;

export const JOB_TITLES = [
  'Software Engineer', 'Data Scientist', 'Founder & CEO', 'Product Designer', 'Talent Partner',
  'Venture Associate', 'Marketing Lead', 'Solutions Architect', 'MBA Candidate', 'Research Fellow',
] as const;

export const USER_TYPES_CYCLE = ['working_professional', 'student', 'recruiter', 'academic_researcher', 'other'] as const;

export const DEMO_EVENT = {
  name: 'Demo Summit 2026',
  description:
    'Two days of talks, workshops and meaningful conversations for builders, founders and the people who hire them. ' +
    'Join on site in London or online from anywhere.',
  location: 'Barbican Centre, London & online',
} as const;

/** Sessions by day (0 or 1) and local start hour in Europe/London, each with the abstract an agenda would print. */
export const SESSIONS = [
  { day: 0, hour: 9, minutes: 45, type: 'topic', title: 'Opening keynote: The future of in-person networking', description: 'Why do people still cross the world to stand in a hall together? Olivia opens the summit with what three years of hybrid events taught Northwind about who meets whom, why the hallway track beats the main stage, and how to plan two days so that every attendee leaves with five conversations worth following up.', speaker: 'Olivia Owner', location: 'Main Hall', capacity: 800, tags: ['keynote', 'community'] },
  { day: 0, hour: 10, minutes: 30, type: 'break', title: 'Coffee break', description: 'Coffee, tea and pastries in the foyer. Sponsor booths are open: a good moment to visit one or two before the next talk.', speaker: null, location: 'Foyer', capacity: null, tags: [] },
  { day: 0, hour: 11, minutes: 45, type: 'topic', title: 'Shipping AI features users trust', description: 'Priya and Dev have shipped assistant features to four million users at Fabrikam AI. They walk through the evaluation sets, staged rollouts and in-product feedback loops that caught problems before customers did, and the two launches they would do differently. Bring questions: the second half is open Q&A.', speaker: 'Priya Patel, Dev Tanaka', location: 'Main Hall', capacity: 800, tags: ['ai', 'product'] },
  { day: 0, hour: 13, minutes: 60, type: 'networking', title: 'Lunch & speed networking', description: 'Lunch is served in the Garden Room. From 13:20, join the speed-networking tables: seven minutes per pairing, matched on the interests in your Mingle profile. Request a meeting from the app to continue a conversation later.', speaker: null, location: 'Garden Room', capacity: 200, tags: ['networking'] },
  { day: 0, hour: 14, minutes: 90, type: 'workshop', title: 'Hands-on: building a recommendation engine', description: 'A practical lab: starting from a dataset of 50,000 event check-ins, you will build a collaborative-filtering recommender in Python, evaluate it offline, and see why a simple baseline is hard to beat. Bring a laptop with Python 3.12; notebooks are shared at the start. Limited to 40 seats.', speaker: 'Maya Moreau', location: 'Lab 2', capacity: 40, tags: ['workshop', 'data'], host: 'Maya Moreau', url: 'https://example.com/workshops/recommendations' },
  { day: 0, hour: 16, minutes: 45, type: 'topic', title: 'Fundraising in 2026: what investors ask now', description: 'Jamal has sat on both sides of three hundred pitch meetings. He shares the questions seed and Series A investors ask first this year, the metrics that now matter more than growth, and how founders in the room closed their last rounds.', speaker: 'Jamal Haddad', location: 'Main Hall', capacity: 800, tags: ['funding', 'startups'] },
  { day: 1, hour: 9, minutes: 45, type: 'topic', title: 'Designing for hybrid audiences', description: 'Half your audience is in the room, half is on a laptop at home. Grace shows how Lindqvist Studio redesigned stage layouts, slide templates and Q&A flows so that remote attendees take part instead of watching, with before-and-after footage from five events.', speaker: 'Grace Lindqvist', location: 'Main Hall', capacity: 800, tags: ['design', 'hybrid'] },
  { day: 1, hour: 10, minutes: 30, type: 'break', title: 'Morning break', description: 'A short break in the foyer. Check your meeting requests: the afternoon fills up fast.', speaker: null, location: 'Foyer', capacity: null, tags: [] },
  { day: 1, hour: 11, minutes: 90, type: 'workshop', title: 'Pitch clinic with investors', description: 'Ten founders pitch for five minutes each to a panel of three early-stage investors, then get ten minutes of candid feedback. Everyone else learns from the questions. Pitch slots were allocated in advance; observers are welcome while seats last.', speaker: 'Hugo Schmidt', location: 'Lab 1', capacity: 30, tags: ['workshop', 'funding'], host: 'Hugo Schmidt', url: 'https://example.com/workshops/pitch-clinic' },
  { day: 1, hour: 13, minutes: 60, type: 'networking', title: 'Hiring fair & open networking', description: 'Twelve hiring teams, from two-person startups to Woodgrove Bank, are at tables in the Garden Room with open roles in engineering, product, design and data. Bring a CV or simply share your Mingle QR code.', speaker: null, location: 'Garden Room', capacity: 300, tags: ['careers', 'networking'] },
  { day: 1, hour: 14, minutes: 45, type: 'topic', title: 'Security basics every startup forgets', description: 'Sven leads the penetration-testing team at Litware Security. In forty-five minutes he covers the ten findings they report at almost every young company (leaked keys, missing rate limits, over-shared storage buckets) and the cheapest fix for each.', speaker: 'Sven Nakamura', location: 'Main Hall', capacity: 800, tags: ['security'] },
  { day: 1, hour: 16, minutes: 45, type: 'topic', title: 'Closing panel: what we learned', description: 'Olivia, Ines and Liam look back on two days of talks and conversations: the ideas that stood out, the questions the audience kept asking, and what the summit will change next year. Followed by drinks in the foyer.', speaker: 'Olivia Owner, Ines Brennan, Liam Okafor', location: 'Main Hall', capacity: 800, tags: ['panel'] },
] as const;

export const SPONSORS = [
  { company: 'Woodgrove Bank', tier: 'platinum', booth: 'P1', phone: '+44 20 7946 0101', description: 'Banking infrastructure for the next generation of fintech companies: accounts, cards and payments through one API. Ask us about our startup programme, with fee-free banking for your first two years.' },
  { company: 'Contoso Cloud', tier: 'gold', booth: 'G1', phone: '+44 20 7946 0214', description: 'Cloud credits, architecture reviews and a team that answers the phone. Summit attendees can claim $5,000 in credits at our booth.' },
  { company: 'Fabrikam AI', tier: 'gold', booth: 'G2', phone: '+44 20 7946 0327', description: 'Applied machine learning for retail and logistics. We are hiring engineers in London and Berlin.' },
  { company: 'Litware Security', tier: 'silver', booth: 'S1', phone: '+44 20 7946 0433', description: 'Penetration testing and security training for growing teams. Book a free 30-minute review of your cloud set-up.' },
  { company: 'Proseware Design', tier: 'bronze', booth: 'B1', phone: '+44 20 7946 0548', description: 'A design studio for product teams who care about the details: research, interface design and design systems.' },
  { company: 'Trey Research', tier: 'exhibitor', booth: 'E4', phone: '+44 20 7946 0652', description: 'Market research and user interviews, recruited in days.' },
] as const;

export const POSTS = [
  { pinned: true, text: 'Welcome to Demo Summit 2026! Doors open at 08:30. Badges are at the north entrance; online attendees can join every Main Hall session from the agenda.' },
  { pinned: false, text: 'Who else is heading to the recommendation engine workshop? Bring a laptop with Python 3.12 installed.' },
  { pinned: false, text: 'We are hiring two senior engineers at Fabrikam AI. Come and say hi at booth G2!' },
  { pinned: false, text: 'Looking for a technical co-founder for a climate-tech idea. Happy to grab a coffee during the break.' },
  { pinned: false, text: 'The speed networking at lunch was brilliant. Thank you organisers!' },
  { pinned: false, text: 'Slides from "Shipping AI features users trust" will be shared here after the talk.' },
] as const;

export const QUESTIONS = [
  { text: 'How do you measure whether users actually trust an AI feature?', answer: 'We track how often people accept, edit or undo a suggestion, and we ask them in-product once a month.' },
  { text: 'What is the smallest team you have seen ship this well?', answer: null },
  { text: 'Do you label AI-generated content in the interface, and how?', answer: null },
  { text: 'Which evaluation sets do you use before a release?', answer: null },
] as const;

export const MESSAGES = [
  'Hi! Great to meet you at the keynote. Shall we continue the conversation over coffee?',
  'Absolutely, how about 10:30 by the foyer?',
  'Perfect, see you there.',
  'Thanks for the chat today. Here is the article I mentioned about hybrid events.',
] as const;
