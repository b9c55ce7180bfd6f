import { ADMIN_PAGE_SIZE, type AdminQueueCounts, type User } from '@app/contracts';
import { siteOpen, testUser } from '@app/testkit/fixtures';
import { listenDuringTests } from '@app/testkit/mock-server';
import {
  answerTrpcBatch,
  type ProcedureHandler,
  type ProcedureHandlers,
  type ProcedurePath,
  type ProcedureReply,
} from '@app/testkit/trpc-batch';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { expect } from 'vitest';
import { App } from '../src/app';
import { createAppRouter } from '../src/router';

/** Test support for the admin app: msw answering tRPC batches, and the app rendered at a path. */
const server = setupServer();

/** Called by each test file: the helpers below answer through this one server. */
export function useMockServer() {
  listenDuringTests(server);
}

/** Every queue empty, as the console's navigation counts them. */
const emptyQueues: AdminQueueCounts = {
  pendingPayouts: 0,
  pendingVip: 0,
  heldReferrals: 0,
  unreadSupport: 0,
  riskHigh: 0,
  unsentPayouts: 0,
};

/** Answers as the server would for a session whose user may change (the unlock and lock calls change it). */
export function serveSession(initial: User | null, extra: ProcedureHandlers = {}) {
  const session = { user: initial };
  const handlers: ProcedureHandlers = {
    'auth.user': (): ProcedureReply =>
      session.user ? { data: session.user } : { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } },
    'maintenance.status': () => ({ data: siteOpen }),
    // The console's navigation asks on every admin page; a test about the counts answers its own.
    'admin.queueCounts': () => ({ data: emptyQueues }),
    'admin.payouts.unsent': () => ({ data: { asOf: '2026-11-20T02:00:00.000Z', methods: [] } }),
    ...extra,
  };
  server.use(http.all('*/trpc/*', ({ request }) => answerTrpcBatch(request, handlers)));
  return session;
}

/** The procedures one tRPC batch request calls, in order. */
const batchedPaths = (request: Request) => decodeURIComponent(new URL(request.url).pathname.replace(/^.*\/trpc\//, '')).split(',');

/**
 * Holds every batch that calls `path` until the returned `release` is called; the session's handlers
 * (serveSession, called before this) then answer it. Lets a test see the page while the call is under way.
 */
export function holdCalls(path: ProcedurePath): () => void {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // Registered after serveSession, this runs first; answering nothing hands the request on to it.
  server.use(
    http.all('*/trpc/*', async ({ request }) => {
      if (batchedPaths(request).includes(path)) await released;
    }),
  );
  return release;
}

/** Records the procedures of each tRPC batch request the app sends, in the order sent (after serveSession). */
export function recordBatches(): string[][] {
  const batches: string[][] = [];
  server.use(
    http.all('*/trpc/*', ({ request }) => {
      batches.push(batchedPaths(request));
    }),
  );
  return batches;
}

/**
 * Answers a list the screen asks for a page at a time, as the server does: the page of `rows` it names
 * and the length of all of them. Each input asked for is added to `asked`; `rows` may change meanwhile.
 */
export function pagesOf<T>(rows: readonly T[], asked: unknown[] = []) {
  return (input: unknown): ProcedureReply => {
    asked.push(input);
    const { page, pageSize } = input as { page: number; pageSize: number };
    return { data: { items: rows.slice((page - 1) * pageSize, page * pageSize), total: rows.length } };
  };
}

/** One row more than a page holds, made by `row` from its index: a list with a second page. */
export function pageAndOneMore<T>(row: (index: number) => T): T[] {
  return Array.from({ length: ADMIN_PAGE_SIZE + 1 }, (_, index) => row(index));
}

/** A handler that answers its first call with `failure` and every later one with `reply`; each input is added to `inputs`. */
export function failsOnceThen(failure: ProcedureReply, reply: ProcedureReply, inputs: unknown[] = []): ProcedureHandler {
  return (input) => {
    inputs.push(input);
    return inputs.length === 1 ? failure : reply;
  };
}

/** The table row that shows `text`, once it shows: in `scope` (a table) when given, else anywhere on the screen. */
export async function findRow(text: string, scope: HTMLElement = document.body): Promise<HTMLElement> {
  const row = (await within(scope).findByText(text)).closest('tr');
  if (!row) throw new Error(`"${text}" is not in a table row`);
  return row;
}

/** Checks that `element` shows each of `texts`, anywhere in its text. */
export function expectShows(element: HTMLElement, texts: readonly string[]): void {
  for (const text of texts) expect(element.textContent).toContain(text);
}

export function renderAt(path: string) {
  render(<App router={createAppRouter(createMemoryHistory({ initialEntries: [path] }))} />);
}

export const unlockedAdmin = testUser({ id: 'admin-1', email: 'admin@example.com', isAdmin: true, adminUnlocked: true });

/** Presses the button named `open` in `scope` (anywhere unless given) once it shows: the dialog named `dialog` that it opens. */
export async function openDialog(open: string, dialog: string, scope: HTMLElement = document.body): Promise<HTMLElement> {
  await userEvent.click(await within(scope).findByRole('button', { name: open }));
  return screen.findByRole('dialog', { name: dialog });
}

/**
 * A form in `scope` that asks for a field first (`field`, a reason unless named): pressing `button` with it
 * empty shows `refusal` in the form's alert and sends nothing (`sent` stays empty); with `value` typed into
 * the field, pressing `button` again sends the form.
 */
export async function refusedEmptyThenSent(
  scope: HTMLElement,
  sent: unknown[],
  form: { button: string; refusal: string; field?: string; value: string },
): Promise<void> {
  await userEvent.click(within(scope).getByRole('button', { name: form.button }));
  expect((await within(scope).findByRole('alert')).textContent).toBe(form.refusal);
  expect(sent).toEqual([]);
  await userEvent.type(within(scope).getByLabelText(form.field ?? 'Reason'), form.value);
  await userEvent.click(within(scope).getByRole('button', { name: form.button }));
}

/**
 * Presses `open` in `scope`: a dialog named `dialog` asks first, showing `question`, and nothing is sent
 * (`sent` stays empty) until its `confirm` button is pressed, which this then does.
 */
export async function confirmedThenSent(
  scope: HTMLElement,
  sent: unknown[],
  step: { open: string; dialog: string; question: string; confirm: string },
): Promise<void> {
  await userEvent.click(within(scope).getByRole('button', { name: step.open }));
  const dialog = await screen.findByRole('dialog', { name: step.dialog });
  expect(dialog.textContent).toContain(step.question);
  expect(sent).toEqual([]);
  await userEvent.click(within(dialog).getByRole('button', { name: step.confirm }));
}
