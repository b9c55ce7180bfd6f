import type { Config } from './config';

/**
 * What a person starting the server in development needs to sign in, as plain lines for the terminal
 * (docs/architecture.md#running-it): where each site is, the admin panel and operator passwords, and how to
 * keep the ones generated for this run. The JSON log lines are for machines; these are read at a glance.
 */
export function signInFacts(config: Config, baseUrl: string): string[] {
  const generated = new Map(config.generatedSecrets.map((line) => [line.slice(0, line.indexOf('=')), line]));
  const note = (name: string) => (generated.has(name) ? ' (generated for this run)' : '');
  const lines = [
    '',
    `PesoTasks is running at ${baseUrl}/`,
    `  Members:             ${baseUrl}/`,
    `  Admin console:       ${baseUrl}/admin     panel password: ${config.adminPanelPassword}${note('ADMIN_PANEL_PASSWORD')}`,
    `  Commission operator: ${baseUrl}/admin/percentage     ${config.commissionUsername} / ${config.commissionPassword}${note('COMMISSION_PASSWORD')}`,
  ];
  if (config.devLoginEnabled) {
    lines.push(`  Sign in with any e-mail (development sign-in); admins: ${config.ADMIN_EMAILS.join(', ') || 'none (set ADMIN_EMAILS)'}`);
  }
  const kept = ['ADMIN_PANEL_PASSWORD', 'COMMISSION_PASSWORD'].flatMap((name) => generated.get(name) ?? []);
  if (kept.length > 0) lines.push(`  To keep these passwords, start with them set: ${kept.join(' ')} pnpm start`);
  if (generated.has('VAPID_PUBLIC_KEY')) {
    lines.push(
      '  Push keys were generated for this run: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (as logged above) to keep subscriptions working',
    );
  }
  lines.push('');
  return lines;
}
