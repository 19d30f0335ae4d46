import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button-variants';
import { DocumentSection, MarketingPage } from './marketing-page';
import { Trans, useTranslation } from 'react-i18next';

/** /about: what Mingle is, whom it is for and what it stands for; no invented team or figures. */
export function AboutPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingPage
      title={t('About Mingle')}
      intro={
        <p>
          {t(
            'Mingle is an event networking platform. Organizers use it to run conferences, meetups and career fairs; attendees use it to find the people worth meeting there, and to stay in touch afterwards.',
          )}
        </p>
      }
    >
      <DocumentSection id="why" title={t('Why we built it')}>
        <p>
          {t(
            "Most people go to an event for the people, not the slides, yet the people they should have met are often in the next room. Mingle puts the whole event in one place: the agenda with your own schedule, the attendees who share your interests and goals, one-to-one meetings, the live feed and Q&A, and the sponsors' booths. Scanning a QR code connects two people in a second.",
          )}
        </p>
      </DocumentSection>

      <DocumentSection id="for-whom" title={t('Who it is for')}>
        <ul>
          <li>
            <Trans t={t}>
              <strong>Organizers</strong> create an event, its agenda and its public page, invite attendees in bulk, and
              follow registrations and engagement live.
            </Trans>
          </li>
          <li>
            <Trans t={t}>
              <strong>Attendees</strong> discover people, book meetings, keep a personal schedule and ask questions in
              sessions.
            </Trans>
          </li>
          <li>
            <Trans t={t}>
              <strong>Sponsors and exhibitors</strong> run a virtual booth beside the physical one and see the visits and
              leads it brings.
            </Trans>
          </li>
          <li>
            <Trans t={t}>
              <strong>Volunteers</strong> check people in and hand out goodies from their phone.
            </Trans>
          </li>
        </ul>
      </DocumentSection>

      <DocumentSection id="principles" title={t('What we hold to')}>
        <ul>
          <li>{t('Your details reach organizers and sponsors only as our terms, which you accept, describe.')}</li>
          <li>{t('No advertising, no tracking across sites, and your data is never sold.')}</li>
          <li>{t('Everything works on a phone in a crowded hall, and updates live as it happens.')}</li>
        </ul>
      </DocumentSection>

      <div className="mt-12 flex flex-wrap gap-3">
        <Link to="/event/demo-summit" className={buttonVariants()}>
          {t('Explore a demo event')}
        </Link>
        <Link to="/contact" className={buttonVariants({ variant: 'outline' })}>
          {t('Contact Us')}
        </Link>
      </div>
    </MarketingPage>
  );
}
