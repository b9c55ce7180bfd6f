import type { Migration } from 'kysely';
import * as schema from './0001_schema';
import * as vipPlans from './0002_vip_plans';
import * as listIndexes from './0003_list_indexes';
import * as completedTasks from './0004_completed_tasks';
import * as userSearch from './0005_user_search';
import * as oneOpenView from './0006_one_open_view';
import * as fraudControls from './0007_fraud_controls';
import * as tamperEvident from './0008_tamper_evident';
import * as gcashPayee from './0009_gcash_payee';
import * as changeNotifications from './0010_change_notifications';
import * as storedPhotos from './0011_stored_photos';
import * as queueIndexes from './0012_queue_indexes';
import * as destinationsReadAgain from './0013_destinations_read_again';
import * as supportConversations from './0014_support_conversations';
import * as payoutSharedDestination from './0015_payout_shared_destination';
import * as commissionQueueChanges from './0016_commission_queue_changes';
import * as memberNameChanges from './0017_member_name_changes';
import * as adminListChanges from './0018_admin_list_changes';
import * as queuedChanges from './0019_queued_changes';
import * as versionedUserChanges from './0020_versioned_user_changes';
import * as identityEmailVerified from './0021_identity_email_verified';
import * as signInAddressBlocks from './0022_sign_in_address_blocks';
import * as payoutDestinations from './0023_payout_destinations';
import * as ledgerEvidence from './0024_ledger_evidence';
import * as fraudRingLinks from './0025_fraud_ring_links';
import * as commissionBalanceEditor from './0026_commission_balance_editor';
import * as pendingReferralBonuses from './0027_pending_referral_bonuses';
import * as transferReferences from './0028_transfer_references';
import * as pushSubscriptions from './0029_push_subscriptions';
import * as payoutsSent from './0030_payouts_sent';
import * as memberLanguage from './0031_member_language';
import * as passkeys from './0032_passkeys';

/** Listed in code, not read from a folder, so the bundled server carries them. Names sort in order. */
export const migrations: Record<string, Migration> = {
  '0001_schema': schema,
  '0002_vip_plans': vipPlans,
  '0003_list_indexes': listIndexes,
  '0004_completed_tasks': completedTasks,
  '0005_user_search': userSearch,
  '0006_one_open_view': oneOpenView,
  '0007_fraud_controls': fraudControls,
  '0008_tamper_evident': tamperEvident,
  '0009_gcash_payee': gcashPayee,
  '0010_change_notifications': changeNotifications,
  '0011_stored_photos': storedPhotos,
  '0012_queue_indexes': queueIndexes,
  '0013_destinations_read_again': destinationsReadAgain,
  '0014_support_conversations': supportConversations,
  '0015_payout_shared_destination': payoutSharedDestination,
  '0016_commission_queue_changes': commissionQueueChanges,
  '0017_member_name_changes': memberNameChanges,
  '0018_admin_list_changes': adminListChanges,
  '0019_queued_changes': queuedChanges,
  '0020_versioned_user_changes': versionedUserChanges,
  '0021_identity_email_verified': identityEmailVerified,
  '0022_sign_in_address_blocks': signInAddressBlocks,
  '0023_payout_destinations': payoutDestinations,
  '0024_ledger_evidence': ledgerEvidence,
  '0025_fraud_ring_links': fraudRingLinks,
  '0026_commission_balance_editor': commissionBalanceEditor,
  '0027_pending_referral_bonuses': pendingReferralBonuses,
  '0028_transfer_references': transferReferences,
  '0029_push_subscriptions': pushSubscriptions,
  '0030_payouts_sent': payoutsSent,
  '0031_member_language': memberLanguage,
  '0032_passkeys': passkeys,
};
