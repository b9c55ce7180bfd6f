import { BRAND_NAME } from '@app/ui';
import { ContentPage, ContentSection, ListSection } from '../content-page';

/**
 * The Privacy Policy in English: the sections and anchors the Filipino page has too (docs/architecture.md#two-languages).
 * Whether this site shows third-party ad banners changes what the cookie policy must say.
 */
export function PrivacyInEnglish({ showsAds }: { showsAds: boolean }) {
  return (
    <ContentPage title="Privacy Policy" description="What we keep, why, and the choices you have.">
      <ListSection id="data-we-collect" title="Information we keep">
        <li>
          <strong>Account details</strong> from your sign-in: your e-mail address and your first and last name.
        </li>
        <li>
          <strong>Your profile photo</strong>, if you upload one.
        </li>
        <li>
          <strong>Activity</strong> on {BRAND_NAME}: the tasks you start and complete with their times, your VIP requests with their G-CASH
          reference numbers, the friends you invited, your support chat messages and which notifications you have read.
        </li>
        <li>
          <strong>Your ledger</strong>: every earning, bonus, plan purchase and payout, with the payment details you entered for each
          payout.
        </li>
      </ListSection>
      <ContentSection id="how-we-use-it" title="How we use it">
        <p>
          We use this information to run your account: to credit rewards and referral bonuses, to review and send payouts, to verify VIP
          payments, to answer your support messages and to detect fraud such as duplicate accounts.
        </p>
        <p>We do not sell your personal information and we do not use it for advertising profiles.</p>
      </ContentSection>
      <ContentSection id="sharing" title="Who sees it">
        <p>
          Our team sees what it needs to review payouts, verify VIP payments and answer support. A payout's details are used only to send
          that payout through the method you chose.
        </p>
        <p>
          A friend you invite sees your first name and a masked form of your e-mail address (such as m***@example.com) on the invitation
          page. Your sponsor, if you joined through a referral, sees you in their referral list by first name and initial, or by masked
          e-mail address if you have no name on file.
        </p>
      </ContentSection>
      <ContentSection id="cookies" title="Cookie Policy">
        <p>
          {BRAND_NAME} sets two cookies: the session cookie that keeps you signed in, and one that remembers the language you chose for a
          year. Neither holds personal information. The session cookie is required for the site to work, and is removed when you sign out or
          the session ends. While you sign in through your identity provider, a short-lived cookie remembers the sign-in in progress and is
          removed as soon as it completes.
        </p>
        <p>
          We also keep two small notes in your browser's session storage, which is cleared when you close the tab: a referral code you
          followed before signing in, and which announcements you have already seen.
        </p>
        {showsAds && (
          <p>
            The advertising banners on this site come from an ad network that may set its own cookies under its own privacy policy. You can
            block third-party cookies in your browser settings; the site keeps working.
          </p>
        )}
      </ContentSection>
      <ContentSection id="your-rights" title="Your choices">
        <p>
          Your profile shows the account information we hold, and your history shows every transaction. To correct your information, or to
          close your account and have your personal data deleted, write to our support team in the chat. Records of payouts and payments may
          be kept as long as the law requires.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
