import { messages, PROFILE_PHOTO_MAX_BYTES, VIP_TRANSACTION_DIGITS } from '@app/contracts';
import { AppLink, BRAND_NAME } from '@app/ui';
import { inLanguage } from '../../../lib/language';
import { ContentPage, ContentSection, ListSection } from '../content-page';
import { type FaqEntry, FaqSection } from '../faq';
import { INLINE_LINK } from '../inline-link';
import { RULES } from '../rules';

function faqEntries(viewSeconds: number): FaqEntry[] {
  return [
    {
      question: 'How do I earn money?',
      answer: `Open Available Tasks and choose Start Viewing Website on a task. The partner website opens in a new tab; keep it open for ${viewSeconds} seconds, then come back and collect your reward. It is added to your available balance at once and listed in your transaction history.`,
    },
    {
      question: 'How much does a task pay?',
      answer: `On the free plan each task pays its own reward, shown on the task card before you start. With an active VIP plan every task pays the plan's reward per task instead.`,
    },
    {
      question: 'How many tasks can I complete each day?',
      answer: `Free members can complete ${RULES.freeDailyTasks} tasks a day and VIP members ${RULES.vipDailyTasks}. The count starts again at midnight, Philippine time. Your dashboard shows how many you have left today.`,
    },
    {
      question: 'Why did a task not pay?',
      answer: `A task pays when it was started with Start Viewing Website and collected at least ${viewSeconds} seconds later, while you still had tasks left for the day. Each view pays once; collecting too early or after reaching your daily limit earns nothing.`,
    },
    {
      question: 'What are the minimum and maximum payouts?',
      answer: `Each payout request must be between ${RULES.payoutMin} and ${RULES.payoutMax}, and no more than your available balance. You can send a new request whenever your balance allows.`,
    },
    {
      question: 'Which payout methods can I use?',
      answer: `${RULES.payoutMethods}. Enter the number, e-mail or account where the money should go, and the account holder's name, exactly as your wallet or bank shows them.`,
    },
    {
      question: 'How long does a payout take?',
      answer: `${inLanguage(messages.content.payoutProcessing)} While a request is reviewed its amount is shown as pending. If a request is declined, the amount goes back to your available balance.`,
    },
    {
      question: 'Do I need to buy VIP or invite friends to withdraw?',
      answer:
        'No. A purchase is never needed to withdraw what you earned, and neither is inviting anyone. Free members request payouts exactly like VIP members.',
    },
    {
      question: 'How does VIP work?',
      answer: `A VIP plan raises your daily limit to ${RULES.vipDailyTasks} tasks and pays the plan's reward for each task, for ${RULES.vipDays} days. Pay by G-CASH and enter the ${VIP_TRANSACTION_DIGITS}-digit reference number from your receipt: the plan starts as soon as our team has verified the payment. Or pay from your available balance and it starts at once. A new plan replaces the current one; when a plan ends you are back on the free plan.`,
    },
    {
      question: 'Can I use a G-CASH reference number twice?',
      answer:
        'No. Each reference number can be used for one VIP request only, and you can have one request waiting for approval at a time.',
    },
    {
      question: 'How do referrals work?',
      answer: `Share your link from the Referrals page. When a friend signs up through it and completes a first task, you earn ${RULES.referralBonus}. When the friend's first VIP plan is approved, you earn ${RULES.sponsorBonus} more. A friend who joined without your link can enter your code on their Referrals page, once.`,
    },
    {
      question: 'How do I change my profile photo?',
      answer: `On your Profile page choose Change photo and pick a JPEG, PNG, WebP or GIF image of up to ${PROFILE_PHOTO_MAX_BYTES / (1024 * 1024)} MB.`,
    },
    {
      question: 'Why was my account suspended?',
      answer:
        'Accounts are suspended when our checks find activity the Terms of Service do not allow, such as several accounts for one person or automated task views. A suspended account can still sign in and read its history and messages, but cannot complete tasks, request payouts or buy plans. Write to support in the chat to ask about your case.',
    },
    {
      question: 'How do I contact support?',
      answer: `Sign in and open the chat button at the bottom right of any page. ${inLanguage(messages.content.supportReplies)}`,
    },
  ];
}

/** The Help Center in English: the sections and anchors the Filipino page has too (docs/architecture.md#two-languages). */
export function HelpInEnglish({ viewSeconds }: { viewSeconds: number }) {
  return (
    <ContentPage title="Help Center" description="Answers to common questions and ways to reach us.">
      <ListSection id="how-it-works" title="How It Works" numbered>
        <li>Sign in. Your free account is created the first time; there is nothing to pay.</li>
        <li>
          Open{' '}
          <AppLink href="/tasks" className={INLINE_LINK}>
            Available Tasks
          </AppLink>{' '}
          and start a task. Keep the partner website open for {viewSeconds} seconds.
        </li>
        <li>
          Collect the reward: it is added to your available balance. Free members complete up to {RULES.freeDailyTasks} tasks a day, VIP
          members up to {RULES.vipDailyTasks}.
        </li>
        <li>
          When your balance reaches {RULES.payoutMin}, request a payout from the{' '}
          <AppLink href="/payouts" className={INLINE_LINK}>
            Payouts
          </AppLink>{' '}
          page. {inLanguage(messages.content.payoutProcessing)}
        </li>
      </ListSection>
      <FaqSection title="Frequently Asked Questions" entries={faqEntries(viewSeconds)} />
      <ContentSection id="contact" title="Contact Support">
        <p>
          Signed-in members can message our support team from the chat button at the bottom right of every page.{' '}
          {inLanguage(messages.content.supportReplies)} You will see the reply in the same chat, with a badge on the button until you read
          it.
        </p>
        <p>
          When you ask about a transaction or a payout, include its date, amount and payment method. We will never ask for your password,
          and {BRAND_NAME} staff never ask you to pay anyone to release a payout.
        </p>
      </ContentSection>
      <ContentSection id="community" title="Community">
        <p>
          Members grow the community by inviting friends. Share your link from the{' '}
          <AppLink href="/referrals" className={INLINE_LINK}>
            Referrals
          </AppLink>{' '}
          page and be honest about how the platform works: rewards are small amounts for short tasks, not a salary. Never ask people to
          create accounts they will not use. Bonuses earned through fake or duplicate accounts are reversed and may lead to suspension.
        </p>
      </ContentSection>
    </ContentPage>
  );
}
