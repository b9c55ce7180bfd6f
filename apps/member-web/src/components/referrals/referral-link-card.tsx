import { messages } from '@app/contracts';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, toast, useCopy } from '@app/ui';
import { Check, Copy } from 'lucide-react';

/** The invite page of a code, on this site: what members share. */
function referralLink(code: string): string {
  return `${window.location.origin}/referral/${encodeURIComponent(code)}`;
}

/** The member's own link with a Copy button that confirms for COPY_CONFIRMATION_MS (docs/product-rules.md#constants-and-limits). */
export function ReferralLinkCard({ code }: { code: string }) {
  const link = referralLink(code);
  const { copiedKey, copy } = useCopy();
  const copied = copiedKey !== null;

  async function copyLink() {
    if (await copy('link', link)) toast({ title: messages.referrals.copied, description: messages.referrals.linkCopied });
    else toast({ variant: 'destructive', title: messages.referrals.copyFailed });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your referral link</CardTitle>
        <CardDescription>
          Your code is <span className="font-mono font-semibold text-foreground">{code}</span>. Share the link; friends who sign up through
          it are linked to you.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 sm:flex-row">
        <Input readOnly value={link} aria-label="Referral link" onFocus={(event) => event.currentTarget.select()} className="font-mono" />
        <Button onClick={copyLink} className="sm:w-32">
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? messages.referrals.copied : 'Copy'}
        </Button>
      </CardContent>
    </Card>
  );
}
