import { COPY_CONFIRMATION_MS } from '@app/contracts';
import { useEffect, useState } from 'react';

/**
 * Copies text to the clipboard and remembers which button did it for COPY_CONFIRMATION_MS, so that one
 * button at a time says 'Copied'. Resolves false when there is no clipboard (an insecure page, a refused
 * permission): the caller then says so, and the text stays on screen to copy by hand.
 */
export function useCopy(): { copiedKey: string | null; copy: (key: string, text: string) => Promise<boolean> } {
  const [copiedKey, setCopiedKey] = useState<string | null>(null);

  useEffect(() => {
    if (copiedKey === null) return;
    const timer = setTimeout(() => setCopiedKey(null), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copiedKey]);

  async function copy(key: string, text: string): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(text);
      setCopiedKey(key);
      return true;
    } catch {
      return false;
    }
  }
  return { copiedKey, copy };
}
