import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { signInFacts } from '../src/sign-in-facts';

const BASE = 'http://127.0.0.1:3000';

describe('the sign-in facts printed at a development start', () => {
  it('give the sites and the passwords generated for this run, and how to keep them', () => {
    const config = loadConfig({ NODE_ENV: 'development', HOST: '127.0.0.1' });
    const text = signInFacts(config, BASE).join('\n');
    expect(text).toContain(`Admin console:       ${BASE}/admin     panel password: ${config.adminPanelPassword} (generated for this run)`);
    expect(text).toContain(
      `Commission operator: ${BASE}/admin/percentage     operator / ${config.commissionPassword} (generated for this run)`,
    );
    expect(text).toContain('Sign in with any e-mail (development sign-in); admins: admin@example.com');
    expect(text).toContain(
      `To keep these passwords, start with them set: ADMIN_PANEL_PASSWORD=${config.adminPanelPassword} COMMISSION_PASSWORD=${config.commissionPassword} pnpm start`,
    );
  });

  it('say nothing of keeping passwords that were configured', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      ADMIN_PANEL_PASSWORD: 'panel-secret-1',
      COMMISSION_PASSWORD: 'operator-secret-1',
    });
    const text = signInFacts(config, BASE).join('\n');
    expect(text).toContain('panel password: panel-secret-1\n');
    expect(text).toContain('operator / operator-secret-1\n');
    expect(text).not.toContain('generated for this run)');
    expect(text).not.toContain('To keep these passwords');
  });
});
