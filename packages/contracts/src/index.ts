// First: zod's configuration must be in force before any schema is made.
import './zod-setup';

export * from './admin';
export * from './auth';
export * from './commission';
export * from './constants';
export * from './errors';
export * from './format';
export * from './inputs';
export * from './maintenance';
export * from './messages';
export * from './money';
export * from './money-schemas';
export * from './notifications';
export * from './payouts';
export * from './popups';
export * from './referrals';
export * from './site';
export * from './site-status';
export * from './support';
export * from './tasks';
export * from './transactions';
export * from './vip';
export * from './vip-plans';
