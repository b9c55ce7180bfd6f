/** Who the browser suite's server (server.global-setup.ts) lets in, and with which passwords. */
export const E2E = {
  adminEmail: 'admin@example.com',
  /** An admin the lockout test locks out: wrong passwords count per admin. */
  lockoutAdminEmail: 'lockout-admin@example.com',
  /** An admin who registers a passkey (admin-passkeys.test.ts): the other files' admin has none, so their decisions need no step-up. */
  passkeyAdminEmail: 'passkey-admin@example.com',
  adminPanelPassword: 'e2e-admin-password',
  operator: { username: 'operator', password: 'e2e-operator-password' },
} as const;
