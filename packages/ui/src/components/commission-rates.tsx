import { COMMISSION_PER_PAYOUT_CENTAVOS, COMMISSION_PER_UPGRADE_CENTAVOS } from '@app/contracts';
import { Crown, Wallet } from 'lucide-react';

/** Whole pesos, as the commission labels of docs/screens.md#admin-screens read ("5 pesos"). */
const pesos = (centavos: number) => `${centavos / 100} pesos`;

const RATES = [
  { icon: Crown, label: `${pesos(COMMISSION_PER_UPGRADE_CENTAVOS)} per VIP upgrade` },
  { icon: Wallet, label: `${pesos(COMMISSION_PER_PAYOUT_CENTAVOS)} per regular payout` },
] as const;

/** How the commission operator earns, shown in the operator dashboard and the admin panel. */
export function CommissionRates() {
  return (
    <ul aria-label="Commission rates" className="flex flex-wrap gap-2">
      {RATES.map(({ icon: Icon, label }) => (
        <li
          key={label}
          className="inline-flex items-center gap-2 rounded-full border bg-brand-soft px-3 py-1 text-sm font-medium text-primary"
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}
