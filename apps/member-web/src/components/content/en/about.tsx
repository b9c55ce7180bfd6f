import { messages } from '@app/contracts';
import { BRAND_NAME } from '@app/ui';
import { inLanguage } from '../../../lib/language';
import { ContentPage, ContentSection, ListSection } from '../content-page';
import { RULES } from '../rules';

/** About Us in English: the sections and anchors the Filipino page has too (docs/architecture.md#two-languages). */
export function AboutInEnglish({ viewSeconds }: { viewSeconds: number }) {
  return (
    <ContentPage title="About Us" description={`Who we are and how ${BRAND_NAME} works.`}>
      <ContentSection id="mission" title="What we do">
        <p>
          {BRAND_NAME} is a platform for earning money through legitimate online tasks. Partners want real people to look at their websites;
          we list those visits as tasks and pay the members who complete them, in pesos.
        </p>
        <p>
          A task means opening a partner website and keeping it open for {viewSeconds} seconds. The reward goes straight to your balance and
          into your transaction history, where every peso you earn or withdraw is listed.
        </p>
      </ContentSection>
      <ListSection id="how-earnings-work" title="How earnings work">
        <li>
          <strong>Free plan.</strong> Up to {RULES.freeDailyTasks} tasks a day, each paying the reward shown on its task card.
        </li>
        <li>
          <strong>VIP plans.</strong> Up to {RULES.vipDailyTasks} tasks a day for {RULES.vipDays} days, each paying the plan's reward per
          task. Plans are optional.
        </li>
        <li>
          <strong>Referrals.</strong> {RULES.referralBonus} when a friend you invited completes a first task, and {RULES.sponsorBonus} more
          when the friend's first VIP plan is approved.
        </li>
        <li>
          <strong>Payouts.</strong> From {RULES.payoutMin} to {RULES.payoutMax} per request by {RULES.payoutMethods}.{' '}
          {inLanguage(messages.content.payoutProcessing)}
        </li>
      </ListSection>
      <ListSection id="principles" title="How we work">
        <li>
          <strong>Clear numbers.</strong> Every reward, bonus, purchase and payout is a line in your transaction history; your balance is
          the sum of those lines.
        </li>
        <li>
          <strong>Checked payouts.</strong> Our team reviews each payout request before the money is sent, which keeps the platform fair for
          everyone.
        </li>
        <li>
          <strong>No purchase needed.</strong> Joining is free, and a purchase is never needed to withdraw what you earned.
        </li>
        <li>
          <strong>People you can reach.</strong> {inLanguage(messages.content.supportReplies)} Write to us from the chat on any page.
        </li>
      </ListSection>
      <ContentSection id="success-stories" title="Success Stories">
        <p>
          Every member's story starts the same way: a few tasks a day, a growing balance and a first payout. We do not publish invented
          testimonials or income screenshots. The figures that matter are yours, on your dashboard: total earnings, completed tasks and
          payouts completed.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
