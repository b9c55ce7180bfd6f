import { Button } from '@app/ui';

/** Back to the member site's dashboard, which is another app: a full page load. */
export function ReturnToDashboard() {
  return (
    <Button asChild variant="outline">
      <a href="/">Return to Dashboard</a>
    </Button>
  );
}
