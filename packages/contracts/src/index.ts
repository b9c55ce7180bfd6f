export * from './auth';
export * from './constants';
export * from './errors';
export * from './format';
export * from './maintenance';
export * from './messages';
export * from './money';
