/**
 * Every text the server sends and the apps show, in one catalogue, so a message is written once.
 * Texts come from spec/member.md, spec/admin.md and DESIGN.md; where they name none, a plain sentence.
 */
export const messages = {
  common: {
    unauthorized: 'Please sign in to continue.',
    forbidden: 'You do not have permission to do this.',
    notFound: 'Not found',
    badRequest: 'The request is not valid.',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    internal: 'Something went wrong on our side. Please try again.',
    serviceUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
    amountRequired: 'Amount is required',
    amountInvalid: 'Amount must be a positive number',
    invalidOrigin: 'Request origin not allowed',
  },
  auth: {
    adminRequired: 'Admin access required',
    adminLocked: 'Admin panel is locked',
    incorrectPassword: 'Incorrect password. Please try again.',
    passwordRequired: 'Password is required',
    invalidCredentials: 'Invalid credentials',
    usernameRequired: 'Username is required',
    emailInvalid: 'Please enter a valid email address',
    accountBanned: 'This account has been banned.',
    accountSuspended: 'This account is suspended',
    accessGranted: 'Access Granted',
    accessGrantedDescription: 'Welcome to the Admin Portal',
    loggedOut: 'Logged Out',
    signInFailed: 'Sign-in failed. Please try again.',
    accessDeniedPortal: "You don't have permission to access the admin portal.",
    accessDeniedPage: 'You do not have permission to access this page.',
    authenticationRequired: 'Authentication Required',
  },
  tasks: {
    notFound: 'Task not found',
    dailyLimitReached: 'You have reached your daily task limit. Please try again tomorrow.',
    /** The /tasks page's texts for each ?error= value (spec/member.md section 8). */
    pageErrors: {
      'task-not-found': 'The task you tried to complete was not found.',
      'user-not-found': 'User information could not be retrieved.',
      'daily-limit-reached': 'You have reached your daily task limit. Please try again tomorrow.',
    } as Record<string, string>,
    pageErrorFallback: 'There was an error completing the task.',
    collectFailed: 'Failed to collect earnings',
    collectNetworkFailed: 'Failed to collect earnings. Please try again.',
    completedTitle: 'Task Completed',
    completedBody: (reward: string) => `Congratulations! You have earned ₱${reward} for completing this task.`,
    collectedTitle: 'Earnings Collected!',
    collectedBody: (reward: string) => `You earned ₱${reward} for completing this task!`,
    emptyTitle: 'No Tasks Available',
    emptyBody: 'There are currently no tasks available. Please check back later.',
    limitReached: "You've reached your daily task limit",
    limitAlmost: 'Almost at your daily limit. Consider upgrading your VIP tier for more tasks!',
  },
  transactions: {
    emptyDashboard: 'No transactions found. Complete tasks to earn rewards!',
    emptyHistory: 'No transactions found. Complete tasks to start earning!',
  },
  vip: {
    pendingTitle: 'VIP Approval Pending',
    pendingBody: (tier: string) => `Your VIP membership upgrade to ${tier} is pending admin approval. Your payment is being verified.`,
  },
  maintenance: {
    defaultMessage: 'We are performing scheduled maintenance. Please check back soon.',
  },
  notFoundPage: '404 Page Not Found',
} as const;
