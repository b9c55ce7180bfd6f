import { cn } from '@app/ui';
import { type Ref, useEffect, useRef } from 'react';
import { requestAd } from './ad-request';
import { trpc } from './trpc-hooks';

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
    if (unit.current) requestAd(unit.current, clientId);
  }, [clientId]);
  return <AdBannerFrame clientId={clientId} className={className} unitRef={unit} />;
}

function AdBannerFrame({
  clientId,
  className,
  unitRef,
  hidden,
}: {
  clientId: string;
  className?: string;
  unitRef?: Ref<HTMLModElement>;
  hidden?: boolean;
}) {
  return (
    <aside
      aria-label="Advertisement"
      hidden={hidden}
      data-ad-slot=""
      className={cn('mx-auto h-[90px] w-full max-w-[728px] overflow-hidden', className)}
    >
      <ins ref={unitRef} className="adsbygoogle block h-[90px] w-full" data-ad-client={clientId} />
    </aside>
  );
}

/**
 * The banner as landing.html carries it (docs/architecture.md#what-a-page-loads-first): hidden and without a
 * client, which the page's script, without React, writes in and asks the network to fill when one is configured.
 */
export function AdSlotTemplate() {
  return <AdBannerFrame clientId="" hidden />;
}
