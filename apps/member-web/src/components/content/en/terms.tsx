import { messages } from '@app/contracts';
import { BRAND_NAME } from '@app/ui';
import { inLanguage } from '../../../lib/language';
import { ContentPage, ContentSection } from '../content-page';
import { RULES } from '../rules';

/** The Terms of Service in English: the sections and anchors the Filipino page has too (docs/architecture.md#two-languages). */
export function TermsInEnglish() {
  return (
    <ContentPage title="Terms of Service" description={`The rules for using ${BRAND_NAME}.`}>
      <ContentSection id="eligibility" title="Who may join">
        <p>
          You may use {BRAND_NAME} if you are at least 18 years old and can receive payments in your own name through one of the payout
          methods we offer. By signing in you accept these terms.
        </p>
      </ContentSection>
      <ContentSection id="accounts" title="One account per person">
        <p>
          Each person may hold one account, signed in with their own identity. You are responsible for what happens under your sign-in; do
          not share it. Accounts created for someone else, in a false name or to collect extra bonuses are closed.
        </p>
      </ContentSection>
      <ContentSection id="tasks" title="Tasks and rewards">
        <p>
          A reward is credited only for a task you actually carried out, viewing the partner website for the full time, within your daily
          limit. Bots, scripts, emulators, several accounts or any other way of completing tasks without a person viewing them are not
          allowed.
        </p>
      </ContentSection>
      <ContentSection id="payouts" title="Payouts">
        <p>
          A payout request must be between {RULES.payoutMin} and {RULES.payoutMax} and cannot exceed your available balance.{' '}
          {inLanguage(messages.content.payoutProcessing)} Our team may decline a request, in which case the amount returns to your balance.
          Check your payment details before you send a request: money sent to details you entered by mistake cannot be recovered. A purchase
          is never a condition for a payout.
        </p>
      </ContentSection>
      <ContentSection id="vip" title="VIP plans">
        <p>
          VIP plans are optional and last {RULES.vipDays} days from activation. A plan paid by G-CASH becomes active once our team has
          verified the payment; each G-CASH reference number can be used once. A plan paid from your earnings is active at once. A new plan
          replaces the current one, and the unused days of the replaced plan are not refunded.
        </p>
      </ContentSection>
      <ContentSection id="referrals" title="Referrals">
        <p>
          You earn {RULES.referralBonus} when a friend who joined with your code completes a first task, and {RULES.sponsorBonus} more when
          that friend's first VIP plan is approved. A member can have one sponsor, set once. Inviting yourself, or people who do not really
          use the platform, is fraud.
        </p>
      </ContentSection>
      <ContentSection id="fraud" title="Fraud and suspension">
        <p>
          When we find activity these terms do not allow, we may reverse the rewards and bonuses it produced, suspend the account or close
          it. A suspended account can sign in and read its history but cannot complete tasks, request payouts or buy plans until the
          suspension is lifted. To ask about a suspension, write to support in the chat. {inLanguage(messages.content.supportReplies)}
        </p>
      </ContentSection>
      <ContentSection id="disclaimer" title="Disclaimer">
        <p>
          {BRAND_NAME} is not an investment, a job or an employment offer. Earnings depend on the tasks available and on the tasks you
          complete; no amount of income is promised, and tasks may be fewer on some days than on others.
        </p>
        <p>
          Partner websites are run by third parties. We do not control their content and are not responsible for what you do on them; never
          enter passwords or payment details on a partner website to complete a task.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
