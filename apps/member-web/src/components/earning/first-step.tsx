import { firstStepTask, type Task, type VipStatus } from '@app/contracts';
import { Card, formatPesosAmount } from '@app/ui';
import type { ReactNode } from 'react';
import { useLanguage } from '../../lib/language';
import { StartTaskButton } from './task-card';

interface FirstStepCardProps {
  title: string;
  /** The task's reward as the member reads it (₱1.20). */
  amount: string;
  /** Its start button; a skeleton in the server's first paint, where nothing can be started yet. */
  children: ReactNode;
}

/**
 * The card of a new member's next step. The server's first paint of the dashboard is built from it too
 * (src/first-paint/render.tsx), so that the figures and tasks below it do not move when the app takes over.
 */
export function FirstStepCard({ title, amount, children }: FirstStepCardProps) {
  const { t } = useLanguage();
  return (
    <Card role="region" aria-labelledby="first-step-title" className="grid gap-3 border-primary p-5 sm:flex sm:items-center sm:p-6">
      <div className="grid flex-1 gap-1">
        <h2 id="first-step-title" className="text-lg font-semibold">
          {t('dashboard.firstStepTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('dashboard.firstStepBody', { title, amount })}</p>
      </div>
      {/* Room for the start button's Filipino words ("Simulan ang pagbisita sa website"), which overflowed 256 px. */}
      <div className="sm:w-72">{children}</div>
    </Card>
  );
}

interface FirstStepProps {
  user: { id: string; completedTasks: number };
  tasks: Task[] | undefined;
  today: VipStatus | undefined;
}

/** A new member's one next step (firstStepTask): the first task on their list, at the reward it pays them, started in one tap. */
export function FirstStep({ user, tasks, today }: FirstStepProps) {
  const first = firstStepTask(user, tasks, today);
  if (!first) return null;
  return (
    <FirstStepCard title={first.title} amount={formatPesosAmount(first.reward)}>
      <StartTaskButton task={first} userId={user.id} />
    </FirstStepCard>
  );
}
