import { useCurrentUser } from '@app/client';
import type { User } from '@app/contracts';

/** The user on pages that the member layout shows only to signed-in visitors. */
export function useSignedInUser(): User {
  const { user } = useCurrentUser();
  if (!user) throw new Error('useSignedInUser() is only for pages the member layout keeps from signed-out visitors');
  return user;
}
