import { AD_SCRIPT_URL } from '@app/contracts';
import { cn } from '@app/ui';
import { useEffect, useRef } from 'react';
import { trpc } from './trpc-hooks';

declare global {
  interface Window {
    adsbygoogle?: object[];
  }
}

/** Adds the ad network's script to the page once, however many slots the page shows. */
function loadAdScript(clientId: string) {
  if (document.querySelector('script[data-ad-loader]')) return;
  const script = document.createElement('script');
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.src = `${AD_SCRIPT_URL}?client=${encodeURIComponent(clientId)}`;
  script.dataset.adLoader = '';
  document.head.append(script);
}

/**
 * A 728x90 banner (docs/screens.md#member-screens). It exists only when an ad client is configured
 * (docs/product-rules.md#decided-rules): without one it renders nothing and nothing is loaded from elsewhere.
 */
export function AdSlot({ className }: { className?: string }) {
  const config = trpc.site.config.useQuery();
  const clientId = config.data?.adClientId;
  if (!clientId) return null;
  return <AdBanner clientId={clientId} className={className} />;
}

function AdBanner({ clientId, className }: { clientId: string; className?: string }) {
  const unit = useRef<HTMLModElement>(null);

  useEffect(() => {
    loadAdScript(clientId);
    // Each unit is filled by one push; StrictMode's second effect run must not ask twice for the same one.
    if (unit.current?.dataset.adRequested !== undefined) return;
    if (unit.current) unit.current.dataset.adRequested = '';
    window.adsbygoogle = window.adsbygoogle ?? [];
    window.adsbygoogle.push({});
  }, [clientId]);

  return (
    <aside aria-label="Advertisement" className={cn('mx-auto h-[90px] w-full max-w-[728px] overflow-hidden', className)}>
      <ins ref={unit} className="adsbygoogle block h-[90px] w-full" data-ad-client={clientId} />
    </aside>
  );
}
