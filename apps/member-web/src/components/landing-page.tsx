import { AdSlot } from '@app/client';
import { DEFAULT_TASK_VIEW_SECONDS, FREE_DAILY_TASK_LIMIT, formatPesos, PAYOUT_MIN_CENTAVOS } from '@app/contracts';
import { AppLink, BrandLink, Button, Card, SiteFooter, useSignInHref } from '@app/ui';
import { ArrowRight, ClipboardList, Globe, LogIn, PlayCircle, Wallet } from 'lucide-react';
import { PayoutProof } from './payouts/payout-proof';

const STEPS = [
  {
    icon: LogIn,
    title: 'Sign in',
    text: 'Create your free account in a minute with the sign-in page. No fee, no card.',
  },
  {
    icon: ClipboardList,
    title: 'Complete tasks',
    text: `Pick a task, keep the website open for ${DEFAULT_TASK_VIEW_SECONDS} seconds, and the reward is added to your balance.`,
  },
  {
    icon: Wallet,
    title: 'Cash out',
    text: `Request a payout from ${formatPesos(PAYOUT_MIN_CENTAVOS)} to G-CASH, PayMaya, your bank or PayPal.`,
  },
] as const;

const TASK_KINDS = [
  {
    icon: Globe,
    title: 'Website visits',
    text: 'Open a partner website and browse it for a short while. The most common task, and the quickest.',
  },
  {
    icon: PlayCircle,
    title: 'Video watching',
    text: 'Watch a short clip from start to finish. Rewards are credited once the viewing time is complete.',
  },
  {
    icon: ClipboardList,
    title: 'Surveys',
    text: 'Answer a few questions about products and services you know. Honest answers, no right or wrong.',
  },
] as const;

const FACTS = [
  { value: formatPesos(PAYOUT_MIN_CENTAVOS), label: 'minimum payout' },
  { value: '3-7 days', label: 'payout processing' },
  { value: `${FREE_DAILY_TASK_LIMIT} tasks`, label: 'a day on the free plan' },
] as const;

/** What signed-out visitors see at / and at any page that needs an account. */
export function LandingPage() {
  const signIn = useSignInHref();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <BrandLink />
          <nav aria-label="Main" className="ml-auto flex items-center gap-1 sm:gap-2">
            <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
              <a href="#how-it-works">How it works</a>
            </Button>
            <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
              <AppLink href="/tasks">Tasks</AppLink>
            </Button>
            <Button asChild size="sm">
              <a href={signIn}>Sign In</a>
            </Button>
          </nav>
        </div>
      </header>

      <main id="main" className="flex-1">
        <section className="border-b bg-gradient-to-b from-brand-soft/70 to-background">
          <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6 sm:py-24">
            <div className="grid max-w-2xl gap-5">
              <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">Earn pesos for simple online tasks</h1>
              <p className="text-lg text-muted-foreground text-pretty">
                Visit websites, watch short videos and answer surveys. Every peso you earn is shown on your dashboard, and you cash out
                whenever your balance allows.
              </p>
              <div className="flex flex-col gap-3 sm:flex-row">
                <Button asChild size="lg">
                  <a href={signIn}>
                    Get Started
                    <ArrowRight aria-hidden="true" />
                  </a>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <a href={signIn}>Sign In</a>
                </Button>
              </div>
            </div>
            <dl className="grid max-w-2xl grid-cols-3 gap-3">
              {FACTS.map((fact) => (
                <div key={fact.label} className="grid gap-0.5 rounded-lg border bg-card p-3 sm:p-4">
                  <dt className="order-2 text-xs text-muted-foreground sm:text-sm">{fact.label}</dt>
                  <dd className="order-1 text-base font-bold tabular-nums sm:text-xl">{fact.value}</dd>
                </div>
              ))}
            </dl>
            <PayoutProof />
          </div>
        </section>

        <section id="how-it-works" aria-labelledby="how-it-works-title" className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6">
          <div className="grid gap-2">
            <h2 id="how-it-works-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              How it works
            </h2>
            <p className="text-muted-foreground">Three steps from sign-up to your first payout.</p>
          </div>
          <ol className="grid gap-4 md:grid-cols-3">
            {STEPS.map(({ icon: Icon, title, text }, index) => (
              <li key={title}>
                <Card className="grid h-full content-start gap-3 p-6">
                  <div className="flex items-center gap-3">
                    <span className="flex size-10 items-center justify-center rounded-full bg-primary text-primary-foreground">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <span className="text-sm font-semibold text-muted-foreground">Step {index + 1}</span>
                  </div>
                  <h3 className="text-lg font-semibold">{title}</h3>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </Card>
              </li>
            ))}
          </ol>
        </section>

        <section aria-labelledby="popular-tasks-title" className="border-y bg-card">
          <div className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6">
            <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
              <div className="grid gap-2">
                <h2 id="popular-tasks-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
                  Popular tasks
                </h2>
                <p className="text-muted-foreground">The kinds of tasks you will find. Each one shows its reward before you start.</p>
              </div>
              <Button asChild variant="outline">
                <AppLink href="/tasks">
                  Browse Tasks
                  <ArrowRight aria-hidden="true" />
                </AppLink>
              </Button>
            </div>
            <ul className="grid gap-4 md:grid-cols-3">
              {TASK_KINDS.map(({ icon: Icon, title, text }) => (
                <li key={title}>
                  <Card className="grid h-full content-start gap-3 p-6">
                    <span className="flex size-10 items-center justify-center rounded-lg bg-brand-soft">
                      <Icon className="size-5 text-primary" aria-hidden="true" />
                    </span>
                    <h3 className="text-lg font-semibold">{title}</h3>
                    <p className="text-sm text-muted-foreground">{text}</p>
                  </Card>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="get-started-title" className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
          <div className="grid justify-items-start gap-4 rounded-2xl bg-primary p-8 text-primary-foreground sm:p-10">
            <h2 id="get-started-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Ready to start earning?
            </h2>
            <p className="max-w-xl text-primary-foreground/90">Joining is free. Sign in and your first tasks are waiting.</p>
            <Button asChild size="lg" variant="secondary">
              <a href={signIn}>Get Started</a>
            </Button>
          </div>
        </section>
      </main>

      <SiteFooter ad={<AdSlot />} />
    </div>
  );
}
