/**
 * The notices a member gets when their money or standing changes (docs/product-rules.md#notices-of-money):
 * member-facing texts, which the server alone writes (into the notice, in the change's own transaction) and
 * the member reads from the notification list. Kept apart from `messages` so the member app's first screen
 * does not carry them.
 */
export const noticeMessages = {
  payoutApprovedTitle: 'Payout sent',
  /** "₱200.00 sent to GCash 0917•••4567. Reference: 1234567890123." */
  payoutApprovedBody: (amount: string, to: string, reference: string | null) =>
    `${amount} sent to ${to}.${reference ? ` Reference: ${reference}.` : ''}`,
  payoutDeclinedTitle: 'Payout declined',
  payoutDeclinedBody: (amount: string, reason: string) =>
    `Your payout of ${amount} was declined: ${reason}. The amount is back in your available balance.`,
  vipRejectedTitle: 'VIP request not approved',
  vipRejectedBody: (plan: string, reason: string) =>
    `Your request for ${plan} was not approved: ${reason}. You can ask again with another G-CASH reference.`,
  bonusReleasedTitle: 'Referral bonus available',
  bonusReleasedBody: (amount: string, name: string) =>
    `${name}'s first payout was approved, so your ${amount} referral bonus is now in your available balance.`,
  vipApprovedTitle: 'VIP approved',
  vipApprovedBody: (plan: string, until: string) => `Your ${plan} plan is active until ${until}.`,
  bonusPendingTitle: 'Referral bonus pending',
  bonusPendingBody: (amount: string, name: string) =>
    `${name} completed a first task: your ${amount} referral bonus is pending until ${name}'s first payout is approved.`,
  bonusCreditedTitle: 'Referral bonus available',
  bonusCreditedBody: (amount: string, name: string) => `Your ${amount} referral bonus for ${name} is now in your available balance.`,
  bonusRefusedTitle: 'Referral bonus refused',
  bonusRefusedBody: (amount: string, name: string, reason: string | null) =>
    `Your ${amount} referral bonus for ${name} was refused after review${reason ? `: ${reason}` : ''}.`,
  balanceAdjustedTitle: 'Balance adjusted',
  /** The signed amount: "+₱25.00" or "-₱10.00". */
  balanceAdjustedBody: (signedAmount: string, reason: string) => `An admin adjusted your available balance by ${signedAmount}: ${reason}.`,
  payoutHoldPlacedTitle: 'Payouts on hold',
  payoutHoldPlacedBody: (reason: string) => `Your payouts are on hold: ${reason}. Pending payouts wait until the hold is lifted.`,
  payoutHoldLiftedTitle: 'Payout hold lifted',
  payoutHoldLiftedBody: (reason: string) => `The hold on your payouts was lifted: ${reason}. You can request payouts again.`,
  bonusHeldTitle: 'Referral bonus under review',
  bonusHeldBody: (amount: string, name: string) =>
    `Your ${amount} referral bonus for ${name} is under review: an admin checks it before it is paid. You will see the outcome on your Referrals page.`,
};
