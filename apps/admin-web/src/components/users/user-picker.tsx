import { trpc } from '@app/client';
import { type AdminUser, staffMessages } from '@app/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, fullName, Input, Skeleton } from '@app/ui';
import { useState } from 'react';

interface UserPickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (user: AdminUser) => void;
}

/** Chooses one member for a targeted notification, by the same server-side search as the users list. */
export function UserPicker({ open, onOpenChange, onPick }: UserPickerProps) {
  const [search, setSearch] = useState('');
  const users = trpc.admin.users.list.useQuery({ search: search.trim() || undefined, pageSize: 20 }, { enabled: open });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Choose a user</DialogTitle>
          <DialogDescription>Search by e-mail, name or id.</DialogDescription>
        </DialogHeader>
        <Input type="search" aria-label="Search users" value={search} onChange={(event) => setSearch(event.target.value)} autoFocus />
        <div className="grid max-h-80 gap-1 overflow-y-auto">
          {users.isPending && <Skeleton className="h-10 w-full" />}
          {users.isError && (
            <p role="alert" className="text-sm text-destructive">
              {staffMessages.admin.screens.usersLoadFailed}
            </p>
          )}
          {users.data?.items.length === 0 && (
            <p className="py-4 text-center text-sm text-muted-foreground">
              {search.trim() ? 'No users found matching your search' : 'No users found'}
            </p>
          )}
          {users.data?.items.map((user) => (
            <Button
              key={user.id}
              variant="ghost"
              className="h-auto justify-start py-2 text-left"
              onClick={() => {
                onPick(user);
                onOpenChange(false);
              }}
            >
              <span className="grid min-w-0">
                <span className="truncate font-medium">{user.email}</span>
                <span className="truncate text-xs text-muted-foreground">{fullName(user) || user.id}</span>
              </span>
            </Button>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
