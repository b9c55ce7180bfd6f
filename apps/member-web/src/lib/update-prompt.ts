import { messages } from '@app/contracts';
import { toast } from '@app/ui';
import { inLanguage } from './language';

/** The app's "Update available — reload" toast (docs/architecture.md#service-worker), until pressed or the page closes. */
export function offerUpdate(activate: () => void): void {
  toast({
    title: inLanguage(messages.appUpdate.available),
    duration: Number.POSITIVE_INFINITY,
    action: { label: inLanguage(messages.appUpdate.reload), onPress: activate },
  });
}
