import {
  DEFAULT_TASK_VIEW_SECONDS,
  FREE_DAILY_TASK_LIMIT,
  formatPesos,
  PAYOUT_MAX_CENTAVOS,
  PAYOUT_METHODS,
  PAYOUT_MIN_CENTAVOS,
  REFERRAL_BONUS_CENTAVOS,
  VIP_DAILY_TASK_LIMIT,
  VIP_SPONSOR_BONUS_CENTAVOS,
  VIP_TRANSACTION_DIGITS,
  VIP_VALIDITY_DAYS,
} from '@app/contracts';
import { AppLink, Input } from '@app/ui';
import { createFileRoute } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { ContentPage, type ContentSection } from '../../components/content-page';

export const Route = createFileRoute('/_member/help')({
  component: HelpPage,
});

const FAQ = [
  {
    question: 'How do I earn money?',
    answer: `Open Available Tasks, start a task and keep the website open for ${DEFAULT_TASK_VIEW_SECONDS} seconds. When the time is up the reward is added to your available balance.`,
  },
  {
    question: 'How many tasks can I complete each day?',
    answer: `Free members can complete ${FREE_DAILY_TASK_LIMIT} tasks a day; VIP members up to ${VIP_DAILY_TASK_LIMIT}. The count starts again every day.`,
  },
  {
    question: 'What are the minimum and maximum payouts?',
    answer: `Each payout request must be between ${formatPesos(PAYOUT_MIN_CENTAVOS)} and ${formatPesos(PAYOUT_MAX_CENTAVOS)}, and no more than your available balance.`,
  },
  {
    question: 'How long does a payout take?',
    answer: 'Our team reviews every request. Approved payouts are processed within 3-7 business days.',
  },
  {
    question: 'Which payout methods can I use?',
    answer: `${PAYOUT_METHODS.join(', ')}.`,
  },
  {
    question: 'Do I need VIP to withdraw?',
    answer: 'No. Free members can request payouts too. VIP only raises your daily task limit and your reward per task.',
  },
  {
    question: 'How does VIP work?',
    answer: `A VIP plan lasts ${VIP_VALIDITY_DAYS} days. Pay by G-CASH and enter the ${VIP_TRANSACTION_DIGITS}-digit transaction number; the plan starts once our team verifies the payment. You can also pay from your earnings, and the plan starts at once.`,
  },
  {
    question: 'How do referrals work?',
    answer: `Share your referral link from the Referrals page. You earn ${formatPesos(REFERRAL_BONUS_CENTAVOS)} when a friend completes a first task, and ${formatPesos(VIP_SPONSOR_BONUS_CENTAVOS)} when the friend's first VIP upgrade is approved.`,
  },
  {
    question: 'Why was my account suspended?',
    answer:
      'Accounts are suspended when tasks are completed in ways our terms do not allow. A suspended account can still sign in but cannot earn or request payouts. Contact support to ask about your case.',
  },
] as const;

function FaqSearch() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const needle = query.trim().toLowerCase();
  const matches = needle ? FAQ.filter((item) => `${item.question} ${item.answer}`.toLowerCase().includes(needle)) : FAQ;
  return (
    <div className="grid gap-4">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search questions"
          aria-label="Search frequently asked questions"
          className="pl-9"
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {needle ? `${matches.length} matching questions` : ''}
      </p>
      {matches.length === 0 ? (
        <p>No questions match your search.</p>
      ) : (
        <div className="divide-y rounded-lg border">
          {matches.map((item) => (
            <details key={item.question} className="group px-4 py-3">
              <summary className="cursor-pointer list-none font-medium text-foreground outline-none focus-visible:underline [&::-webkit-details-marker]:hidden">
                <span className="mr-2 inline-block text-primary transition-transform group-open:rotate-90" aria-hidden="true">
                  ›
                </span>
                {item.question}
              </summary>
              <p className="mt-2 pl-5">{item.answer}</p>
            </details>
          ))}
        </div>
      )}
    </div>
  );
}

const INLINE_LINK = 'font-medium text-primary underline-offset-4 hover:underline';

const SECTIONS: readonly ContentSection[] = [
  {
    id: 'how-it-works',
    title: 'How It Works',
    body: (
      <ol className="grid list-decimal gap-2 pl-5">
        <li>Sign in. Your account is created the first time.</li>
        <li>
          Open{' '}
          <AppLink href="/tasks" className={INLINE_LINK}>
            Available Tasks
          </AppLink>{' '}
          and start a task. Keep the website open for {DEFAULT_TASK_VIEW_SECONDS} seconds.
        </li>
        <li>The reward is added to your available balance and listed in your transaction history.</li>
        <li>
          When your balance reaches {formatPesos(PAYOUT_MIN_CENTAVOS)}, request a payout from the{' '}
          <AppLink href="/payouts" className={INLINE_LINK}>
            Payouts
          </AppLink>{' '}
          page.
        </li>
      </ol>
    ),
  },
  { id: 'faq', title: 'Frequently Asked Questions', body: <FaqSearch /> },
  {
    id: 'contact',
    title: 'Contact Support',
    body: (
      <p>
        Signed-in members can message our support team from the support chat. We reply within 24 hours. Please include the date and amount
        when asking about a transaction or payout.
      </p>
    ),
  },
  {
    id: 'community',
    title: 'Community',
    body: (
      <p>
        Members grow the community by inviting friends. Share your link from the{' '}
        <AppLink href="/referrals" className={INLINE_LINK}>
          Referrals
        </AppLink>{' '}
        page; be honest about how the platform works, and never ask people to create accounts they will not use.
      </p>
    ),
  },
];

function HelpPage() {
  return <ContentPage title="Help Center" description="Answers to common questions and ways to reach us." sections={SECTIONS} />;
}
