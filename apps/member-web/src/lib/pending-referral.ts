/**
 * A referral code chosen before sign-in survives the sign-in round trip in session storage
 * (spec/member.md section 4) and is applied once the member is signed in.
 */
const PENDING_REFERRAL_KEY = 'pendingReferralCode';

export function savePendingReferralCode(code: string): void {
  sessionStorage.setItem(PENDING_REFERRAL_KEY, code);
}
