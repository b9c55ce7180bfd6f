import { PageHeader } from '@app/ui';
import type { ReactNode } from 'react';
import { AdminList, type AdminListName } from './admin-lists';

interface AdminListPageProps {
  title: string;
  description: string;
  list: AdminListName;
  actions?: ReactNode;
}

/** An admin page that is one list under its heading. */
export function AdminListPage({ title, description, list, actions }: AdminListPageProps) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      <AdminList list={list} />
    </>
  );
}
