/**
 * A referral code chosen before sign-in survives the sign-in round trip in session storage
 * (docs/screens.md#states) and is applied once the member is signed in.
 */
const PENDING_REFERRAL_KEY = 'pendingReferralCode';

export function savePendingReferralCode(code: string): void {
  sessionStorage.setItem(PENDING_REFERRAL_KEY, code);
}

/** The saved code, removed as it is read so it is applied (or refused) once only. */
export function takePendingReferralCode(): string | null {
  const code = sessionStorage.getItem(PENDING_REFERRAL_KEY);
  sessionStorage.removeItem(PENDING_REFERRAL_KEY);
  return code;
}
