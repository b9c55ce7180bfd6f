import { Card, EmptyTable } from '@app/ui';

/**
 * The admin area's lists, by the columns and empty texts of spec/admin.md section 2. Rows arrive with
 * the admin procedures; until then each list states that it has none. One definition serves both the
 * panel's tabs and the standalone admin pages.
 */
export const ADMIN_LISTS = {
  users: {
    label: 'Users',
    columns: ['ID', 'Email', 'Name', 'VIP Status', 'Earnings', 'Balance', 'Status', 'Joined', 'Actions'],
    empty: 'No users found',
  },
  pendingVip: {
    label: 'Pending VIP approvals',
    columns: ['Email', 'Requested Tier', 'Payment Status', 'Transaction Reference', 'Actions'],
    empty: 'No pending VIP approvals',
  },
  vipPlans: {
    label: 'VIP plans',
    columns: ['Plan', 'Price', 'Daily Task Limit', 'Task Reward', 'Validity (days)', 'Status', 'Actions'],
    empty: 'No VIP plans found',
  },
  pendingPayouts: {
    label: 'Pending payout requests',
    columns: ['User ID', 'Name', 'Amount', 'Method', 'Account Type', 'Account Details', 'Status', 'Requested', 'Actions'],
    empty: 'No pending payout requests',
  },
  commissionPayouts: {
    label: 'Percentage payout requests',
    columns: ['ID', 'Amount', 'Payment Method', 'Account Details', 'Status', 'Requested', 'Processed', 'Notes', 'Actions'],
    empty: 'No percentage payout requests',
  },
  transactions: {
    label: 'Transactions',
    columns: ['Transaction ID', 'Date', 'User ID', 'Type', 'Description', 'Reference', 'Amount', 'Status'],
    empty: 'No transactions found',
  },
  notifications: {
    label: 'Active notifications',
    columns: ['Title', 'Message', 'Type', 'Audience', 'Expires', 'Actions'],
    empty: 'No active notifications found',
  },
  popups: {
    label: 'Popup messages',
    columns: ['Title', 'Duration', 'Active', 'Starts', 'Ends', 'Actions'],
    empty: 'No popup messages found',
  },
  activityLogs: {
    label: 'Admin activity logs',
    columns: ['Date', 'Admin', 'Action', 'Target', 'Details', 'IP Address'],
    empty: 'No admin activity logs found',
  },
} as const;

export type AdminListName = keyof typeof ADMIN_LISTS;

export function AdminList({ list }: { list: AdminListName }) {
  const { label, columns, empty } = ADMIN_LISTS[list];
  return (
    <Card className="p-2">
      <EmptyTable columns={columns} message={empty} label={label} />
    </Card>
  );
}
