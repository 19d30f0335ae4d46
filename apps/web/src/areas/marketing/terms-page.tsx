import { Link } from 'react-router';
import { DocumentSection, MarketingPage } from './marketing-page';
import { termsSections } from './terms-sections';
import { Trans, useTranslation } from 'react-i18next';

/** The sections after the nine every account accepts in the sign-up dialog. */
const MORE_SECTIONS = [
  {
    title: '10. Your Content',
    body: 'What you post, upload or send stays yours. You let us store it and show it to the people it is meant for (the attendees and organizers of the event, or the person you message) for as long as it is on Mingle. You can delete your posts and questions at any time, and organizers may remove content from their events.',
  },
  {
    title: '11. Organizers and Sponsors',
    body: 'Organizers are responsible for their events: what they publish, whom they invite, and how they use the attendee details Mingle gives them, which they may use only to run the event. Sponsors may use their leads only to follow up on the interest an attendee expressed, and must stop contacting anyone who asks them to.',
  },
  {
    title: '12. Acceptable Use of the Service',
    body: 'Do not try to reach data you were not given, copy profiles in bulk, get around rate limits or security checks, upload malicious files, or disrupt the service for others.',
  },
  {
    title: '13. Suspension and Closing Your Account',
    body: 'We may suspend an account that breaks these terms or puts other people at risk, and will tell you why unless the law forbids it. You may ask us to close your account at any time through the support centre; what happens to your data then is described in our Privacy Policy.',
  },
  {
    title: '14. Availability and Liability',
    body: 'We work to keep Mingle available and your data safe, but the service is provided as it is, without a promise that it will never be interrupted. Nothing in these terms limits liability that the law does not allow to be limited.',
  },
] as const;

/** /terms: the Terms of Service, starting with the nine sections of the spec's terms dialog. */
export function TermsPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingPage
      title={t('Terms of Service')}
      intro={
        <>
          <p>
            <Trans t={t}>
              These terms govern your use of Mingle. Sections 1 to 9 are the terms every account accepts when it is
              created; the sections after them complete them. How we handle your data is explained in our{' '}
              <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-4">
                Privacy Policy
              </Link>
              .
            </Trans>
          </p>
          <p className="mt-3 text-sm">{t('Last updated: November 2026')}</p>
        </>
      }
    >
      {termsSections().map((section) => (
        <DocumentSection key={section.title} title={section.title}>
          <p>{section.body}</p>
        </DocumentSection>
      ))}
      {MORE_SECTIONS.map((section) => (
        <DocumentSection key={section.title} title={t(section.title)}>
          <p>{t(section.body)}</p>
        </DocumentSection>
      ))}
    </MarketingPage>
  );
}
