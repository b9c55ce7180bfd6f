import { parsePesos, type TaskToView } from '@app/contracts';
import { webUrl } from '../earning/open-site';

/** The task as the page runs it: the server's title, site and reward for this member, never the link's. */
export interface RunnableTask {
  id: string;
  title: string;
  url: string;
  site: string;
  rewardCentavos: number;
  seconds: number;
}

export function runnable(task: TaskToView): RunnableTask | null {
  const url = webUrl(task.url);
  const rewardCentavos = parsePesos(task.reward);
  if (url === null || rewardCentavos === null) return null;
  return { id: task.id, title: task.title, url: url.href, site: url.hostname, rewardCentavos, seconds: task.durationSeconds };
}
