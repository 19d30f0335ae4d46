import { i18n } from '@/lib/i18n';

// The nine sections of the spec's terms dialog (spec 01 "Terms dialog"): what every account accepts at sign-up. The
// dialog shows them; the Terms of Service page (/terms) starts with them and adds the rest of the terms. Both show
// them in the interface's language, from the marketing texts (a function, so that each render reads the language).

export const termsSections = () => [
  {
    title: i18n.t('1. Acceptance of Terms', { ns: 'marketing' }),
    body: i18n.t('By creating an account or using Mingle you agree to these terms. If you do not agree, do not create an account or use the platform.', { ns: 'marketing' }),
  },
  {
    title: i18n.t('2. Data Sharing and Privacy', { ns: 'marketing' }),
    body: i18n.t('Your profile (name, company, role, interests, goals, bio and the links you choose to show) is visible to organizers and fellow attendees of the events you join. When you register for an event, your details are shared with its organizers and, as described below, its sponsors. We never sell your personal data.', { ns: 'marketing' }),
  },
  {
    title: i18n.t('3. User Responsibilities', { ns: 'marketing' }),
    body: i18n.t('Keep your sign-in details secret and your profile accurate. Treat other attendees with respect: no harassment, spam, impersonation or unlawful content. You are responsible for what you post, send and share.', { ns: 'marketing' }),
  },
  {
    title: i18n.t('4. Event Registration', { ns: 'marketing' }),
    body: i18n.t('Registering for an event gives its organizers your profile and attendance (check-ins, sessions you bookmark, goodies you receive). Each event may have rules of its own, set by its organizers.', { ns: 'marketing' }),
  },
  {
    title: i18n.t('5. Networking and Communications', { ns: 'marketing' }),
    body: i18n.t('Other attendees may view your profile, send you connection and meeting requests and message you. You choose whether to show your LinkedIn and GitHub links, and you can decline any request.', { ns: 'marketing' }),
  },
  {
    title: i18n.t('6. Sponsor Access', { ns: 'marketing' }),
    body: i18n.t('When you visit a sponsor booth, scan a sponsor code or share your QR code with a sponsor representative, that sponsor receives your name, company, role and contact details as a lead, and may contact you about their offering.', { ns: 'marketing' }),
  },
  {
    title: i18n.t('7. Data Retention and Your Rights', { ns: 'marketing' }),
    body: i18n.t('We keep your data while your account is active and as long as the law requires afterwards. You may ask for a copy of your data, its correction or its deletion at any time through the support centre.', { ns: 'marketing' }),
  },
  {
    title: i18n.t('8. Modifications', { ns: 'marketing' }),
    body: i18n.t('We may update these terms. We will tell you about significant changes, and continuing to use Mingle after they take effect means you accept them.', { ns: 'marketing' }),
  },
  {
    title: i18n.t('9. Contact', { ns: 'marketing' }),
    body: i18n.t('Questions about these terms or your data? Reach us through the Contact Us page or the support centre.', { ns: 'marketing' }),
  },
];
