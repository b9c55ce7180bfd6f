import { initials } from '@app/contracts';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../lib/cn';

interface UserAvatarProps {
  user: { firstName?: string | null; lastName?: string | null; email?: string | null; profileImageUrl?: string | null } | null;
  className?: string;
}

/** The user's photo, or their initials while it loads or when there is none. */
export function UserAvatar({ user, className }: UserAvatarProps) {
  return (
    <AvatarPrimitive.Root className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full text-sm', className)}>
      {user?.profileImageUrl && (
        <AvatarPrimitive.Image className="aspect-square size-full object-cover" src={user.profileImageUrl} alt="" />
      )}
      <AvatarPrimitive.Fallback className="flex size-full items-center justify-center rounded-full bg-brand-soft font-semibold text-primary">
        {initials(user)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
