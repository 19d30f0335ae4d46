import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentSection, MarketingPage } from './marketing-page';

/**
 * /privacy: what Mingle stores about a person, why, who sees it, for how long and what they can do about it. Every
 * statement here describes what the code does (decision 0121); change this page with the code it describes.
 */
export function PrivacyPage() {
  const { t } = useTranslation('marketing');
  return (
    <MarketingPage
      title={t('Privacy Policy')}
      intro={
        <>
          <p>
            {t(
              'Mingle is an event networking platform. This policy says what we store about you when you use it, why, who can see it, how long we keep it and how to have it corrected or deleted. It applies to this website and its app.',
            )}
          </p>
          <p className="mt-3 text-sm">{t('Last updated: November 2026')}</p>
        </>
      }
    >
      <DocumentSection id="what-we-store" title={t('1. What we store')}>
        <p>
          <Trans t={t}>
            <strong>Your account.</strong> Your name and email address; your password, stored only as a salted hash
            that cannot be turned back into the password; whether your address is verified; and, if you sign in with
            GitHub or LinkedIn, the account identifier and access tokens that provider gives us. If you turn on
            two-factor authentication we store its secret and your backup codes. For each signed-in device we keep the
            time of sign-in, its network (IP) address and the browser it reported, which you see under your devices and
            can sign out.
          </Trans>
        </p>
        <p>
          <Trans t={t}>
            <strong>Your profile.</strong> What you enter on your profile: full name, user type, company or
            institution, job title, interests, networking goals, bio, LinkedIn and GitHub addresses (and whether to show
            them), your photo, and whether you appear in attendee discovery. We also keep your points and level, when you
            accepted the terms, and your personal QR code, of which we store only a hash and an expiry time.
          </Trans>
        </p>
        <p>
          <Trans t={t}>
            <strong>What you do at events.</strong> The events you register for or are invited to, the sessions you
            bookmark and check in to, the goodies you receive, your connections, meeting requests (time, place, agenda
            and answer), your feed posts and likes, your questions and upvotes in session Q&amp;A (an anonymous question
            hides your name from other people, but we keep who asked it so it can be moderated), and your roles as a
            volunteer, co-owner or sponsor representative.
          </Trans>
        </p>
        <p>
          <Trans t={t}>
            <strong>Sponsor booths.</strong> When you visit a sponsor&apos;s booth, open its website or its contact
            details, or express your interest, we record it. Expressing interest creates a lead for that sponsor with
            your interest level, your notes and whether you asked to be contacted.
          </Trans>
        </p>
        <p>
          <Trans t={t}>
            <strong>Messages.</strong> Your direct messages, whether they were read, and the people you blocked.
          </Trans>
        </p>
        <p>
          <Trans t={t}>
            <strong>Files you upload.</strong> Profile photos, event and sponsor logos, and images and videos in event
            feeds. Every image is decoded and saved again by our server, which removes its hidden metadata, such as the
            place a photo was taken.
          </Trans>
        </p>
        <p>
          <Trans t={t}>
            <strong>Support and contact.</strong> The tickets and contact messages you send: your name, email address,
            phone number if you give one, and what you wrote.
          </Trans>
        </p>
        <p>
          <Trans t={t}>
            <strong>Event analytics.</strong> Organizers see how their event is doing: registrations, views of its
            public page, session views, booth visits, meeting requests and engagement (posts, likes, questions and
            upvotes). These are rows in our database naming the event and, for actions taken while signed in, your
            account. A view of an event&apos;s public page is counted at most once per visitor, event and day. To tell
            visitors apart we store a keyed hash of the event, the day and your account or network address, never the
            address itself. We use no third-party analytics, advertising or tracking services.
          </Trans>
        </p>
        <p>
          <Trans t={t}>
            <strong>Emails and security counters.</strong> The emails we send you (sign-up codes, password reset links,
            invitations and notices) are kept for at most 14 days, then deleted. To stop password guessing and spam we
            count recent attempts per email address and per network address for a short time.
          </Trans>
        </p>
      </DocumentSection>

      <DocumentSection id="cookies" title={t('2. Cookies and storage in your browser')}>
        <p>
          {t(
            'We set one cookie to keep you signed in: a signed session token, unreadable by scripts on the page, valid for seven days and renewed while you use Mingle. While a two-factor or GitHub/LinkedIn sign-in is under way a short-lived cookie remembers that step. We set no advertising or tracking cookies, and none from other sites.',
          )}
        </p>
        <p>
          {t(
            "Your browser's session storage holds, for the current tab only, an invitation link you opened before signing in and the page to return to after signing in. It is cleared when you close the tab.",
          )}
        </p>
      </DocumentSection>

      <DocumentSection id="why" title={t('3. Why we use it')}>
        <ul>
          <li>{t('To run your account and sign you in safely (the service you asked for).')}</li>
          <li>{t('To show your profile to the people at your events and let you meet them, as you agreed in our terms.')}</li>
          <li>{t('To let organizers run their events, volunteers check people in, and sponsors follow up on leads.')}</li>
          <li>{t('To send the emails the service needs: codes, password resets, invitations and replies to your tickets.')}</li>
          <li>{t('To keep Mingle secure and working: rate limits, sign-in records and error logs.')}</li>
        </ul>
        <p>{t('We never sell your personal data, and we do not use it for advertising.')}</p>
      </DocumentSection>

      <DocumentSection id="who-sees-it" title={t('4. Who can see it')}>
        <ul>
          <li>
            <Trans t={t}>
              <strong>Other attendees</strong> of events you share, where networking is turned on: your profile, and your
              LinkedIn and GitHub links only if you chose to show them. You can leave attendee discovery from your
              profile.
            </Trans>
          </li>
          <li>
            <Trans t={t}>
              <strong>Organizers</strong> of an event you take part in: your profile and your activity at that event,
              including its analytics. Volunteers see what they need to check you in and hand out goodies.
            </Trans>
          </li>
          <li>
            <Trans t={t}>
              <strong>Sponsors</strong>: the leads and visits of their own booth, with your name, company, role and
              contact details.
            </Trans>
          </li>
          <li>
            <Trans t={t}>
              <strong>Our administrators</strong>, to run the platform and answer your tickets.
            </Trans>
          </li>
          <li>
            <Trans t={t}>
              <strong>Service providers</strong> that handle data for us only to deliver the service: our email
              provider (to send you mail) and our file storage provider (to keep uploads).
            </Trans>
          </li>
        </ul>
      </DocumentSection>

      <DocumentSection id="retention" title={t('5. How long we keep it')}>
        <p>
          {t(
            'We keep your account and profile while your account exists. A signed-in device is forgotten when its session ends (after seven days without use, or when you sign it out). Sent emails are deleted after 14 days. When an organizer deletes an event, its sessions, registrations, feed, questions, sponsors and analytics are deleted with it. When we delete your account at your request, your profile, messages, connections, meetings, posts, questions and uploaded files are deleted with it; the analytics counts organizers and sponsors already saw stay, without your name.',
          )}
        </p>
      </DocumentSection>

      <DocumentSection id="your-rights" title={t('6. Your rights')}>
        <p>
          <Trans t={t}>
            You can see and correct your profile at any time on your profile page, change your password, choose which
            links to show, and leave attendee discovery. You may also ask us for a copy of your data, its correction, its
            deletion, or to stop a use you object to: write to us through the{' '}
            <Link to="/support">Support Center</Link> or the <Link to="/contact">Contact Us</Link> page and we will answer
            within 30 days. You may also complain to your data protection authority.
          </Trans>
        </p>
      </DocumentSection>

      <DocumentSection id="security" title={t('7. Security')}>
        <p>
          {t(
            'Passwords and QR codes are stored only as hashes, uploads are re-encoded before anyone sees them, sign-in attempts are rate-limited, and two-factor authentication is available to every account. No system is perfectly secure: if something goes wrong that puts your data at risk, we will tell you.',
          )}
        </p>
      </DocumentSection>

      <DocumentSection id="children" title={t('8. Children')}>
        <p>{t('Mingle is for people aged 16 and over. We do not knowingly hold data about younger children.')}</p>
      </DocumentSection>

      <DocumentSection id="changes" title={t('9. Changes and contact')}>
        <p>
          <Trans t={t}>
            If we change this policy we will update the date above, and tell you in the app or by email before a
            significant change takes effect. Questions about your data? Reach us through the{' '}
            <Link to="/contact">Contact Us</Link> page. See also our <Link to="/terms">Terms of Service</Link>.
          </Trans>
        </p>
      </DocumentSection>
    </MarketingPage>
  );
}
