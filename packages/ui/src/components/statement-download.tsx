import { Download } from 'lucide-react';
import { Button } from './button';

/** The button that downloads a CSV statement from the server (the member's history, the operator's ledger). */
export function StatementDownload({ href }: { href: string }) {
  return (
    <Button asChild variant="outline">
      <a href={href} download>
        <Download aria-hidden="true" />
        Download statement (CSV)
      </a>
    </Button>
  );
}
