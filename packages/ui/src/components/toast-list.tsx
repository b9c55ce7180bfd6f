import { useUiText } from '../lib/ui-text';
import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { dismissToast, useToast } from './use-toast';

/** The toast store's toasts in Radix's toast region; loaded by <Toaster> after the first paint. */
export function ToastList() {
  const { toasts } = useToast();
  const ui = useUiText();
  return (
    // The names screen readers hear, in the app's language; Radix itself fills in {hotkey} (F8).
    <ToastProvider label={ui('Notification')}>
      {toasts.map(({ id, title, description, variant, duration, open, action }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action && (
            <ToastAction altText={action.label} onClick={action.onPress}>
              {action.label}
            </ToastAction>
          )}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport label={ui('Notifications ({hotkey})', { hotkey: '{hotkey}' })} />
    </ToastProvider>
  );
}
