import { type ErrorCode, staffMessages } from '@app/contracts';
import { recordingInto } from '@app/testkit/trpc-batch';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { confirmedThenSent, expectShows, findRow, openDialog, refusedEmptyThenSent, renderAt, useMockServer } from './kit';
import { adminUser, servePanel, vipRequest, vipRequestApproval } from './panel-fixtures';

useMockServer();

describe('admin panel', () => {
  it('approves a VIP request with a success toast', async () => {
    const approved: unknown[] = [];
    servePanel({
      'admin.vip.pending': () => ({ data: approved.length ? [] : [vipRequest] }),
      'admin.vip.approve': recordingInto(approved, { data: adminUser({ id: 'user-2', vipTier: 'VIP300' }) }),
    });
    renderAt('/admin/vip');

    const row = await findRow('juan@example.com');
    expectShows(row, ['VIP 300', '1234567890123']);
    await confirmedThenSent(row, approved, vipRequestApproval);

    await screen.findByText('VIP upgrade approved successfully');
    expect(approved).toEqual([{ id: 'vip-request-1' }]);
    expect(await screen.findByText('No pending VIP approvals')).toBeTruthy();
  });

  /** Opens the Reject dialog of the one pending VIP request; the server refuses every rejection with `refusal`. */
  async function openVipRejection(refusal: { code: ErrorCode; message: string }) {
    const rejections: unknown[] = [];
    servePanel({
      'admin.vip.pending': () => ({ data: [vipRequest] }),
      'admin.vip.reject': recordingInto(rejections, { error: refusal }),
    });
    renderAt('/admin/vip');
    return { rejections, dialog: await openDialog('Reject', 'Reject VIP request') };
  }

  it('rejects a VIP request only with a reason, and says so when the server refuses', async () => {
    const { rejections, dialog } = await openVipRejection({
      code: 'CONFLICT',
      message: 'Too late: the reference was used by another request',
    });
    await refusedEmptyThenSent(dialog, rejections, {
      button: 'Reject Request',
      refusal: 'Please give a reason for the rejection',
      value: 'Reference not found in G-CASH',
    });

    await screen.findByText('Too late: the reference was used by another request');
    expect(rejections).toEqual([{ id: 'vip-request-1', reason: 'Reference not found in G-CASH' }]);
    // A refusal keeps the dialog open for another try.
    expect(screen.getByRole('dialog', { name: 'Reject VIP request' })).toBeTruthy();
  });

  it("refuses a reason longer than the server keeps, in the server's words, before sending it", async () => {
    const { rejections, dialog } = await openVipRejection({ code: 'BAD_REQUEST', message: staffMessages.admin.reasonTooLong });
    await userEvent.click(within(dialog).getByLabelText('Reason'));
    await userEvent.paste('x'.repeat(501));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject Request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(staffMessages.admin.reasonTooLong);
    expect(rejections).toEqual([]);
  });

  it('takes a request someone already decided as news: the list reloads, nothing failed', async () => {
    let decided = false;
    servePanel({
      'admin.vip.pending': () => ({ data: decided ? [] : [vipRequest] }),
      'admin.vip.approve': () => {
        decided = true;
        return { error: { code: 'CONFLICT', message: 'Already approved', details: { decided: 'approved' } } };
      },
    });
    renderAt('/admin/vip');
    await userEvent.click(await screen.findByRole('button', { name: vipRequestApproval.open }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: vipRequestApproval.confirm }));

    await screen.findByText('Already approved');
    expect(screen.getByText('Nothing to do')).toBeTruthy();
    expect(screen.queryByText('Error')).toBeNull();
    expect(await screen.findByText('No pending VIP approvals')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
