import { SUPPORT_PAGE_TICKET_TYPES, SIGN_IN_FOR_TICKET_MESSAGE } from '@mingle/shared/support/inputs';
import { AlertTriangle, ChevronDown, MessageSquareHeart } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageTitle } from '@/components/ui/page-title';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { authPathReturningTo } from '@/lib/return-to';
import { TicketForm } from './ticket-form';
import { supportPageTicketSchema } from './ticket-schemas';

// English, `as const` for the extractor; the page shows each with t().
const FAQ = [
  {
    q: 'How do I register for an event?',
    a: 'Registration on Mingle is invitation-based: the organizer sends you an invitation email with a link. Open the link, sign in or create an account with the invited email address, and the event appears on your dashboard. Some events also open registration to everyone signed in, with a Register button on the event page.',
  },
  {
    q: 'How do I connect with other attendees?',
    a: 'Open Discover Attendees from your dashboard or an event, then send a connection request, or scan another attendee\u2019s personal QR code from My Profile. Only attendees who share an event with you, at events that allow networking, are listed.',
  },
  {
    q: 'How do meeting requests work?',
    a: 'From an attendee\u2019s card choose Request Meeting, propose a time, duration, format and agenda. They can accept or decline; accepted meetings show under Scheduled in My Meetings.',
  },
  {
    q: 'What are virtual booths?',
    a: 'Each sponsor has a booth page with their details and an Express Your Interest card. Leaving your interest shares your details with that sponsor only, and you can withdraw it at any time.',
  },
  {
    q: 'How do gamification points work?',
    a: 'You earn points for taking part: connecting, attending sessions, visiting booths and engaging in the feed. Points raise your level, shown on your profile.',
  },
  {
    q: 'How do I change my profile?',
    a: 'Open My Profile from the header, edit your details, interests and goals, and save. You can also regenerate your personal QR code there.',
  },
  {
    q: 'Why can\u2019t I see any events?',
    a: 'You see the events you were invited to or registered for, and events with open registration. If you expected an event, check that you accepted the invitation with the email address it was sent to, or ask the organizer to invite you.',
  },
  {
    q: 'How do I report a bug?',
    a: 'Choose Submit Ticket on this page and pick Incident. Describe what you did, what you expected and what happened; we answer within 24\u201348 hours on business days.',
  },
] as const;

// Flat `as const` maps of English texts, so that the extractor finds every `t(MAP[type])`.
const TYPE_TITLES = { incident: 'Incident', feedback: 'Feedback' } as const;
const TYPE_TEXTS = {
  incident: 'Something is broken or not working as expected',
  feedback: 'Ideas and suggestions to make Mingle better',
} as const;
const TYPE_ICONS = { incident: AlertTriangle, feedback: MessageSquareHeart } as const;

/** /support (spec 02 "Support Center"): FAQ and Submit Ticket (signed in). */
export function SupportPage() {
  const { t } = useTranslation('support');
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [tab, setTab] = useState('faq');
  const [type, setType] = useState<(typeof SUPPORT_PAGE_TICKET_TYPES)[number] | null>(null);
  const signedIn = Boolean(me.data);

  const onTab = (next: string) => {
    if (next === 'ticket' && !signedIn && !me.isPending) {
      toast.error(t(SIGN_IN_FOR_TICKET_MESSAGE, { ns: 'messages' }), { id: 'sign-in-for-ticket' });
      void navigate(authPathReturningTo('/support'));
      return;
    }
    setTab(next);
  };

  return (
    <>
      {/* A visitor's Sign In is in the header, which brings them back here. */}
      <PageTitle title={t('Support Center')} description={t('Find answers or get in touch with our team')} />
      <Tabs value={tab} onValueChange={onTab}>
        <TabsList>
          <TabsTrigger value="faq">{t('FAQ')}</TabsTrigger>
          <TabsTrigger value="ticket">{t('Submit Ticket')}</TabsTrigger>
        </TabsList>
        <TabsContent value="faq">
          <ul className="grid gap-2">
            {FAQ.map((item) => (
              <li key={item.q}>
                <details className="group rounded-xl border border-border bg-card px-4 py-3">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-3 font-medium">
                    {t(item.q)}
                    <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
                  </summary>
                  <p className="mt-2 text-sm text-muted-foreground">{t(item.a)}</p>
                </details>
              </li>
            ))}
          </ul>
          <p className="mt-6 text-sm text-muted-foreground">
            <Trans t={t}>Not a user yet or asking about an event? <Link to="/contact" className="font-medium text-brand-700 underline-offset-4 hover:underline">Contact us</Link>.</Trans>
          </p>
        </TabsContent>
        <TabsContent value="ticket">
          <div className="mb-6 grid gap-3 sm:grid-cols-2" role="radiogroup" aria-label={t('Ticket type')}>
            {SUPPORT_PAGE_TICKET_TYPES.map((value) => {
              const Icon = TYPE_ICONS[value];
              return (
                <button
                  key={value}
                  type="button"
                  role="radio"
                  aria-checked={type === value}
                  onClick={() => setType(value)}
                  className={cn(
                    'flex items-start gap-3 rounded-xl border bg-card p-4 text-left transition-colors hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-ring',
                    type === value ? 'border-brand-600 ring-2 ring-brand-200' : 'border-border',
                  )}
                >
                  <Icon className="mt-0.5 size-5 text-brand-600" aria-hidden />
                  <span>
                    <span className="block font-semibold">{t(TYPE_TITLES[value])}</span>
                    <span className="block text-sm text-muted-foreground">{t(TYPE_TEXTS[value])}</span>
                  </span>
                </button>
              );
            })}
          </div>
          {type && me.data && (
            <Card>
              <CardContent className="pt-6">
                <TicketForm
                  key={type}
                  schema={supportPageTicketSchema}
                  ticketType={type}
                  defaults={{ email: me.data.user.email, fullName: typeof me.data.profile?.fullName === 'string' ? me.data.profile.fullName : me.data.user.name }}
                  onDone={() => setType(null)}
                />
              </CardContent>
            </Card>
          )}
        </TabsContent>
      </Tabs>
    </>
  );
}
