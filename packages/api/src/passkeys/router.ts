import {
  okOutput,
  passkeyListSchema,
  passkeyOptionsSchema,
  passkeyRegistrationInput,
  passkeyRemoveInput,
  passkeySchema,
  passkeyStepUpInput,
  passkeyStepUpOutput,
} from '@app/contracts';
import type { Context } from '../context';
import { type AppMeta, mutation, okWhenDone, type publicProcedure, query, restEntries, router } from '../trpc';
import { type PasskeyActor, passkeyScopeOf } from './owner';
import {
  listPasskeys,
  passkeyRegistrationOptions,
  passkeyStepUpOptions,
  registerPasskey,
  removePasskey,
  stepUpWithPasskey,
} from './service';

/** A tier whose context is at least the request's. */
type Tier = typeof publicProcedure;

/** Who owns the passkeys, and where their paths are (docs/architecture.md#passkeys-and-the-step-up). */
interface PasskeyOwnerSide {
  /** The owner's tier, and their money tier (removing a passkey needs a fresh step-up). */
  tier: Tier;
  moneyTier: Tier;
  actorOf: (ctx: Context) => PasskeyActor;
  /** `/admin/passkeys` or `/admin/percentage/passkeys`. */
  path: `/${string}`;
  tag: string;
  owner: string;
}

/**
 * The passkey procedures of one kind of owner, the admin's and the commission operator's alike: list,
 * register (options, then the browser's answer), step up (options, then the answer), remove.
 */
export function passkeysRouter({ tier, moneyTier, actorOf, path, tag, owner }: PasskeyOwnerSide) {
  const scope = (ctx: Context) => passkeyScopeOf(ctx, actorOf(ctx));
  const rest = restEntries(tag);
  const openapi = (method: 'GET' | 'POST' | 'DELETE', at: string, summary: string): AppMeta => ({
    openapi: rest.signedIn(method, `${path}${at}`, `${summary} (${owner})`),
  });
  return router({
    list: query(tier, {
      ...openapi('GET', '', 'Own passkeys, and until when the step-up lasts'),
      output: passkeyListSchema,
      run: (ctx) => listPasskeys(scope(ctx), ctx.settings.passkeyRequired),
    }),

    registrationOptions: mutation(tier, {
      ...openapi('POST', '/registration-options', 'WebAuthn options to register a passkey'),
      output: passkeyOptionsSchema,
      run: (ctx) => passkeyRegistrationOptions(scope(ctx)),
    }),

    register: mutation(tier, {
      ...openapi('POST', '', 'Register a passkey: the browser answer to the registration options'),
      input: passkeyRegistrationInput,
      output: passkeySchema,
      run: (ctx, input) => registerPasskey(scope(ctx), input),
    }),

    stepUpOptions: mutation(tier, {
      ...openapi('POST', '/step-up-options', 'WebAuthn options to step up with a passkey'),
      refusals: ['NOT_FOUND'],
      output: passkeyOptionsSchema,
      run: (ctx) => passkeyStepUpOptions(scope(ctx)),
    }),

    stepUp: mutation(tier, {
      ...openapi('POST', '/step-up', 'Step up with a passkey: money decisions pass for the next 10 minutes'),
      input: passkeyStepUpInput,
      output: passkeyStepUpOutput,
      run: (ctx, input) => stepUpWithPasskey(scope(ctx), input),
    }),

    remove: mutation(moneyTier, {
      ...openapi('DELETE', '/{id}', 'Remove a passkey, after a fresh step-up'),
      refusals: ['NOT_FOUND'],
      input: passkeyRemoveInput,
      output: okOutput,
      run: (ctx, input) => okWhenDone(removePasskey(scope(ctx), input.id)),
    }),
  });
}
