import { AppLink, BrandLink, Button, Card } from '@app/ui';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLanguage } from '../../lib/language';

/** The task browser's page around its card (docs/screens.md#member-screens): no member menus, the task alone. */
export function TaskBrowserFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-10">
      <BrandLink />
      <Card className="grid w-full max-w-lg gap-5 p-6 sm:p-8">{children}</Card>
    </div>
  );
}

export function BackToTasks({ emphasised }: { emphasised: boolean }) {
  const { t } = useLanguage();
  return (
    <Button asChild variant={emphasised ? 'default' : 'ghost'}>
      <AppLink href="/tasks">
        <ArrowLeft aria-hidden="true" />
        {t('taskBrowser.back')}
      </AppLink>
    </Button>
  );
}

export function Outcome({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div role="status" className="grid justify-items-center gap-3 rounded-lg border bg-muted/40 p-6 text-center">
      {icon}
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
