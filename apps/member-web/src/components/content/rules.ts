import {
  FREE_DAILY_TASK_LIMIT,
  formatPesos,
  PAYOUT_MAX_CENTAVOS,
  PAYOUT_METHODS,
  PAYOUT_MIN_CENTAVOS,
  payoutMethodName,
  REFERRAL_BONUS_CENTAVOS,
  VIP_DAILY_TASK_LIMIT,
  VIP_SPONSOR_BONUS_CENTAVOS,
  VIP_VALIDITY_DAYS,
} from '@app/contracts';

/**
 * The platform's rules as the About, Help and Terms pages state them, read from the constants the server
 * enforces and written out once: limits as numbers, amounts in pesos, the payout methods as a list.
 */
export const RULES = {
  freeDailyTasks: FREE_DAILY_TASK_LIMIT,
  vipDailyTasks: VIP_DAILY_TASK_LIMIT,
  vipDays: VIP_VALIDITY_DAYS,
  referralBonus: formatPesos(REFERRAL_BONUS_CENTAVOS),
  sponsorBonus: formatPesos(VIP_SPONSOR_BONUS_CENTAVOS),
  payoutMin: formatPesos(PAYOUT_MIN_CENTAVOS),
  payoutMax: formatPesos(PAYOUT_MAX_CENTAVOS),
  payoutMethods: PAYOUT_METHODS.map(payoutMethodName).join(', '),
} as const;
