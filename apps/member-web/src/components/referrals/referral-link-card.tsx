import { messages } from '@app/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, lazyExport, Skeleton, toast, useCopy } from '@app/ui';
import { Check, Copy, Share2 } from 'lucide-react';
import { Suspense } from 'react';
import { useLanguage } from '../../lib/language';
import { shareLinks } from './share-links';

/** The QR code's code (uqr) loads with this card, never with the first screen. */
const ReferralQr = lazyExport(() => import('./referral-qr'), 'ReferralQr');

/** The invite page of a code, on this site: what members share. */
function referralLink(code: string): string {
  return `${window.location.origin}/referral/${encodeURIComponent(code)}`;
}

/**
 * The member's invitation (docs/screens.md#the-first-visit): the full link, readable and one tap from the
 * clipboard (confirmed for COPY_CONFIRMATION_MS, docs/product-rules.md#constants-and-limits), the phone's share
 * sheet where the browser has one, Messenger, Viber and Facebook, and a QR code; the invite text is in the
 * member's language.
 */
export function ReferralLinkCard({ code }: { code: string }) {
  const { t, m } = useLanguage();
  const link = referralLink(code);
  const inviteText = t('referrals.inviteText');
  const { copiedKey, copy } = useCopy();
  const copied = copiedKey !== null;
  // Feature-checked, not assumed: desktop Firefox, for one, has no share sheet.
  const canShare = typeof navigator.share === 'function';

  async function copyLink() {
    if (await copy('link', link)) toast({ title: m(messages.referrals.copied), description: m(messages.referrals.linkCopied) });
    else toast({ variant: 'destructive', title: m(messages.referrals.copyFailed) });
  }

  function share() {
    // Closing the sheet without choosing rejects the promise: that is the member's answer, not an error.
    navigator.share({ title: 'PesoTasks', text: inviteText, url: link }).catch(() => undefined);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('referrals.linkTitle')}</CardTitle>
        <CardDescription>{t('referrals.linkDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 md:grid-cols-[minmax(0,1fr)_auto]">
        <div className="grid content-start gap-4">
          <dl className="grid gap-3 text-sm">
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{t('referrals.yourCode')}</dt>
              <dd className="font-mono font-semibold">{code}</dd>
            </div>
            <div className="grid gap-1">
              <dt className="text-muted-foreground">{t('referrals.linkLabel')}</dt>
              {/* The whole link, wrapped rather than cut, so it can be read out or typed. */}
              <dd className="rounded-md border bg-muted/50 px-3 py-2 font-mono break-all">{link}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button onClick={copyLink} variant={canShare ? 'outline' : 'default'}>
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? m(messages.referrals.copied) : t('referrals.copyLink')}
            </Button>
            {canShare && (
              <Button onClick={share}>
                <Share2 aria-hidden="true" />
                {t('referrals.share')}
              </Button>
            )}
          </div>
          <ul aria-label={t('referrals.shareWith')} className="flex flex-wrap gap-2">
            {shareLinks(link, inviteText).map(({ app, href }) => (
              <li key={app}>
                <Button asChild variant="secondary" size="sm">
                  <a href={href} target="_blank" rel="noopener noreferrer">
                    {t('referrals.shareOn', { app })}
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        </div>
        <figure className="grid justify-items-center gap-2 justify-self-center">
          <Suspense fallback={<Skeleton className="size-44" />}>
            <ReferralQr link={link} label={t('referrals.qrLabel')} />
          </Suspense>
          <figcaption className="max-w-44 text-center text-xs text-muted-foreground">{t('referrals.qrCaption')}</figcaption>
        </figure>
      </CardContent>
    </Card>
  );
}
