import type { User } from '@app/contracts';

/** The name a member gave, or '' when they gave none (the header then shows the e-mail). */
export function fullName(user: Pick<User, 'firstName' | 'lastName'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}
