import { FREE_TIER, formatAmount } from '@app/contracts';
import connectPgSimple from 'connect-pg-simple';
import express, { type NextFunction, type Request, type Response } from 'express';
import session from 'express-session';
import pg from 'pg';

/**
 * The peer stack of issue 17: the common stack for this kind of site (Express, express-session with
 * connect-pg-simple's PostgreSQL store, pg) serving the two member reads of ours from the same bench
 * database, in its own process, so each run measures our server against it side by side. Written the way
 * these libraries' own documentation sets them up: one pg Pool (as many connections as our server's
 * DATABASE_POOL_SIZE default), the store in its own `session` table, a session loaded and touched by the
 * store on every request, the user read by the id the session holds, and nothing cached in between.
 */

declare module 'express-session' {
  interface SessionData {
    userId: string;
  }
}

/** The user columns our GET /api/auth/user answers from (its toUser), as pg reads them: bigint as text. */
interface UserRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  created_at: Date;
  updated_at: Date;
  is_admin: boolean;
  account_status: 'active' | 'suspended' | 'banned';
  status_reason: string | null;
  vip_tier: string;
  vip_expires_at: Date | null;
  vip_reward_per_task: string | null;
  vip_pending_approval: boolean;
  referral_code: string;
  referred_by: string | null;
  referral_count: number;
  total_earnings: string;
  available_balance: string;
  pending_payout: string;
  total_paid_out: string;
  referral_earnings: string;
  pending_bonuses: string;
  completed_tasks: string;
  payout_hold_reason: string | null;
  payout_held_at: Date | null;
}

interface TaskRow {
  id: string;
  title: string;
  description: string;
  url: string;
  reward: string;
  required_vip_tier: string | null;
}

/** The one task every member sees whatever its tier (docs/product-rules.md#validation). */
const ALWAYS_VISIBLE_TITLE = 'View Product Page';

const USER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'profile_image_url',
  'created_at',
  'updated_at',
  'is_admin',
  'account_status',
  'status_reason',
  'vip_tier',
  'vip_expires_at',
  'vip_reward_per_task',
  'vip_pending_approval',
  'referral_code',
  'referred_by',
  'referral_count',
  'total_earnings',
  'available_balance',
  'pending_payout',
  'total_paid_out',
  'referral_earnings',
  'pending_bonuses',
  'completed_tasks',
  'payout_hold_reason',
  'payout_held_at',
].join(', ');

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE) });
const PgStore = connectPgSimple(session);

const app = express();
app.use(express.json());
app.use(
  session({
    store: new PgStore({ pool, createTableIfMissing: true }),
    secret: process.env.SESSION_SECRET ?? 'bench-peer-stack-secret',
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax', maxAge: 30 * 24 * 60 * 60 * 1000 },
  }),
);

/** The plan in force now: a plan past its end date is FREE again (docs/product-rules.md#money-and-time). */
function tierOf(user: UserRow, now: Date): { tier: string; expiresAt: Date | null; rewardPerTask: number | null } {
  const active = user.vip_tier !== FREE_TIER && user.vip_expires_at !== null && user.vip_expires_at > now;
  return active
    ? {
        tier: user.vip_tier,
        expiresAt: user.vip_expires_at,
        rewardPerTask: user.vip_reward_per_task === null ? null : Number(user.vip_reward_per_task),
      }
    : { tier: FREE_TIER, expiresAt: null, rewardPerTask: null };
}

/** Signs in the member with this e-mail (development sign-in, as ours): a new session for them. */
app.post('/login', async (req: Request, res: Response) => {
  const { rows } = await pool.query<{ id: string; account_status: string }>('SELECT id, account_status FROM users WHERE email = $1', [
    String(req.body?.email ?? '').toLowerCase(),
  ]);
  const user = rows[0];
  if (!user || user.account_status === 'banned') {
    res.status(403).json({ message: 'Sign-in refused' });
    return;
  }
  await new Promise<void>((resolve, reject) => req.session.regenerate((error) => (error ? reject(error) : resolve())));
  req.session.userId = user.id;
  res.json({ ok: true });
});

/** The signed-in user, read by the id in the session, for the routes behind it. */
async function loadUser(req: Request, res: Response, next: NextFunction): Promise<void> {
  const userId = req.session.userId;
  const { rows } = userId ? await pool.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [userId]) : { rows: [] };
  const user = rows[0];
  if (!user || user.account_status === 'banned') {
    res.status(401).json({ message: 'Not signed in' });
    return;
  }
  res.locals.user = user;
  next();
}

app.get('/api/auth/user', loadUser, (_req: Request, res: Response) => {
  const user = res.locals.user as UserRow;
  const tier = tierOf(user, new Date());
  res.json({
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    profileImageUrl: user.profile_image_url,
    createdAt: user.created_at.toISOString(),
    updatedAt: user.updated_at.toISOString(),
    isAdmin: user.is_admin,
    accountStatus: user.account_status,
    vipTier: tier.tier,
    vipExpiresAt: tier.expiresAt?.toISOString() ?? null,
    vipPendingApproval: user.vip_pending_approval,
    referralCode: user.referral_code,
    referredBy: user.referred_by,
    referralCount: user.referral_count,
    totalEarnings: formatAmount(Number(user.total_earnings)),
    availableBalance: formatAmount(Number(user.available_balance)),
    pendingPayout: formatAmount(Number(user.pending_payout)),
    totalPaidOut: formatAmount(Number(user.total_paid_out)),
    referralEarnings: formatAmount(Number(user.referral_earnings)),
    pendingBonuses: formatAmount(Number(user.pending_bonuses)),
    completedTasks: Number(user.completed_tasks),
    adminUnlocked: false,
    payoutHold: user.payout_hold_reason
      ? { reason: user.payout_hold_reason, since: (user.payout_held_at ?? new Date(0)).toISOString() }
      : null,
    statusReason: user.account_status === 'active' ? null : user.status_reason,
  });
});

/** The active tasks the member may view, oldest first, each at the reward it pays them now. */
app.get('/api/tasks', loadUser, async (_req: Request, res: Response) => {
  const tier = tierOf(res.locals.user as UserRow, new Date());
  const { rows } = await pool.query<TaskRow>(
    `SELECT id, title, description, url, reward, required_vip_tier FROM tasks
     WHERE is_active AND (title = $1 OR coalesce(required_vip_tier, '') = '' OR required_vip_tier = $2)
     ORDER BY created_at, id`,
    [ALWAYS_VISIBLE_TITLE, tier.tier],
  );
  res.json(
    rows.map((task) => ({
      id: task.id,
      title: task.title,
      description: task.description,
      url: task.url,
      requiredVipTier: task.required_vip_tier,
      reward: formatAmount(tier.rewardPerTask ?? Number(task.reward)),
    })),
  );
});

app.get('/healthz', (_req: Request, res: Response) => {
  res.json({ status: 'ok' });
});

app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
