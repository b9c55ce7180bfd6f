import { AdSlot } from '@app/client';
import { DEFAULT_TASK_VIEW_SECONDS, FREE_DAILY_TASK_LIMIT, formatPesos, PAYOUT_MIN_CENTAVOS } from '@app/contracts';
import type { MessageKey } from '@app/contracts/i18n';
import { AppLink, BrandLink, Button, Card, SiteFooter, useSignInHref } from '@app/ui';
import { ArrowRight, ClipboardList, Globe, LogIn, type LucideIcon, PlayCircle, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLanguage } from '../lib/language';
import { LanguageSwitch } from './language-switch';
import { PayoutProof } from './payouts/payout-proof';

const STEPS = [
  { icon: LogIn, title: 'landing.step.signIn.title', text: 'landing.step.signIn.text' },
  { icon: ClipboardList, title: 'landing.step.tasks.title', text: 'landing.step.tasks.text' },
  { icon: Wallet, title: 'landing.step.cashOut.title', text: 'landing.step.cashOut.text' },
] as const satisfies readonly { icon: LucideIcon; title: MessageKey; text: MessageKey }[];

const TASK_KINDS = [
  { icon: Globe, title: 'landing.kind.website.title', text: 'landing.kind.website.text' },
  { icon: PlayCircle, title: 'landing.kind.video.title', text: 'landing.kind.video.text' },
  { icon: ClipboardList, title: 'landing.kind.survey.title', text: 'landing.kind.survey.text' },
] as const satisfies readonly { icon: LucideIcon; title: MessageKey; text: MessageKey }[];

/** What the steps' texts fill in. */
const STEP_VALUES = { seconds: DEFAULT_TASK_VIEW_SECONDS, amount: formatPesos(PAYOUT_MIN_CENTAVOS) };

interface LandingPageProps {
  /** What was paid lately: read by the page itself, or, in landing.html, its template (PayoutProofTemplate). */
  payoutProof?: ReactNode;
  /** The footer's banner, likewise (AdSlotTemplate in landing.html). */
  ad?: ReactNode;
}

/** What signed-out visitors see at / and at any page that needs an account. */
export function LandingPage({ payoutProof = <PayoutProof />, ad = <AdSlot /> }: LandingPageProps) {
  const signIn = useSignInHref();
  const { t } = useLanguage();
  const facts = [
    { value: formatPesos(PAYOUT_MIN_CENTAVOS), label: t('landing.fact.minimumPayout') },
    { value: t('landing.fact.processingDays', { from: 3, to: 7 }), label: t('landing.fact.processing') },
    { value: t('landing.fact.dailyTasks', { count: FREE_DAILY_TASK_LIMIT }), label: t('landing.fact.dailyTasksLabel') },
  ];
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <BrandLink />
          <nav aria-label={t('ui.Main')} className="ml-auto flex items-center gap-1 sm:gap-2">
            <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
              <a href="#how-it-works">{t('landing.nav.howItWorks')}</a>
            </Button>
            <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
              <AppLink href="/tasks">{t('landing.nav.tasks')}</AppLink>
            </Button>
            <LanguageSwitch />
            <Button asChild size="sm">
              <a href={signIn}>{t('landing.signIn')}</a>
            </Button>
          </nav>
        </div>
      </header>

      <main id="main" className="flex-1">
        <section className="border-b bg-gradient-to-b from-brand-soft/70 to-background">
          <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 sm:py-24">
            <div className="grid max-w-2xl gap-5">
              <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{t('landing.title')}</h1>
              <p className="text-lg text-muted-foreground text-pretty">{t('landing.lead')}</p>
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button asChild size="lg">
                  <a href={signIn}>
                    {t('landing.getStarted')}
                    <ArrowRight aria-hidden="true" />
                  </a>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <a href={signIn}>{t('landing.signIn')}</a>
                </Button>
              </div>
            </div>
            <dl className="grid max-w-2xl grid-cols-3 gap-3">
              {facts.map((fact) => (
                <div key={fact.label} className="grid gap-0.5 rounded-lg border bg-card p-3 sm:p-4">
                  <dt className="order-2 text-xs text-muted-foreground sm:text-sm">{fact.label}</dt>
                  <dd className="order-1 text-base font-bold tabular-nums sm:text-xl">{fact.value}</dd>
                </div>
              ))}
            </dl>
            {payoutProof}
          </div>
        </section>

        <section id="how-it-works" aria-labelledby="how-it-works-title" className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6">
          <SectionHeading id="how-it-works-title" title={t('landing.howItWorks.title')} lead={t('landing.howItWorks.lead')} />
          <ol className="grid gap-4 md:grid-cols-3">
            {STEPS.map(({ icon: Icon, title, text }, index) => (
              <li key={title}>
                <FeatureCard
                  badge={
                    <div className="flex items-center gap-3">
                      <span className="flex size-10 items-center justify-center rounded-full bg-primary text-primary-foreground">
                        <Icon className="size-5" aria-hidden="true" />
                      </span>
                      <span className="text-sm font-semibold text-muted-foreground">{t('landing.step', { number: index + 1 })}</span>
                    </div>
                  }
                  title={t(title)}
                  text={t(text, STEP_VALUES)}
                />
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="popular-tasks-title" className="border-y bg-card">
          <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
              <SectionHeading id="popular-tasks-title" title={t('landing.popular.title')} lead={t('landing.popular.lead')} />
              <Button asChild variant="outline">
                <AppLink href="/tasks">
                  {t('landing.popular.browse')}
                  <ArrowRight aria-hidden="true" />
                </AppLink>
              </Button>
            </div>
            <ul className="grid gap-4 md:grid-cols-3">
              {TASK_KINDS.map(({ icon: Icon, title, text }) => (
                <li key={title}>
                  <FeatureCard
                    badge={
                      <span className="flex size-10 items-center justify-center rounded-lg bg-brand-soft">
                        <Icon className="size-5 text-primary" aria-hidden="true" />
                      </span>
                    }
                    title={t(title)}
                    text={t(text)}
                  />
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="get-started-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <div className="grid justify-items-start gap-4 rounded-2xl bg-primary p-8 text-primary-foreground sm:p-10">
            <h2 id="get-started-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              {t('landing.ready.title')}
            </h2>
            <p className="max-w-xl text-primary-foreground/90">{t('landing.ready.text')}</p>
            <Button asChild size="lg" variant="secondary">
              <a href={signIn}>{t('landing.getStarted')}</a>
            </Button>
          </div>
        </section>
      </main>

      <SiteFooter ad={ad} />
    </div>
  );
}

/** A section's heading and the sentence under it; `id` names the section. */
function SectionHeading({ id, title, lead }: { id: string; title: string; lead: string }) {
  return (
    <div className="grid gap-2">
      <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
        {title}
      </h2>
      <p className="text-muted-foreground">{lead}</p>
    </div>
  );
}

/** One card of a section's three: its icon badge, its title and a sentence. */
function FeatureCard({ badge, title, text }: { badge: ReactNode; title: string; text: string }) {
  return (
    <Card className="grid h-full content-start gap-3 p-6">
      {badge}
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="text-sm text-muted-foreground">{text}</p>
    </Card>
  );
}
