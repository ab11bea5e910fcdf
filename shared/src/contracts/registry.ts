import { z } from 'zod';

/** A sidebar entry a remote declares. `icon` names an @ant-design/icons outlined icon the shell knows. */
export const NavEntry = z.object({
  path: z.string(),
  label: z.string(),
  icon: z.string(),
  order: z.number(),
});
export type NavEntry = z.infer<typeof NavEntry>;

/** What a remote says about itself in src/area.ts: the route paths it owns and its sidebar entries. */
export const RemoteArea = z.object({
  title: z.string(),
  routes: z.array(z.string()).min(1),
  nav: z.array(NavEntry),
});
export type RemoteArea = z.infer<typeof RemoteArea>;

/** Emitted by a remote's build as bahi-remote.json beside mf-manifest.json. */
export const RemoteDescriptor = RemoteArea.extend({
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  folder: z.string(),
  version: z.string(),
});
export type RemoteDescriptor = z.infer<typeof RemoteDescriptor>;

/** One remote the signed-in business may use, as the shell receives it. */
export const ShellRemote = RemoteDescriptor.extend({
  manifestUrl: z.string(),
  overridable: z.boolean(),
  /** The origins an override of this remote may load from (empty unless overrides are allowed). */
  overrideOrigins: z.array(z.string()),
});
export type ShellRemote = z.infer<typeof ShellRemote>;

export const ShellRemotesResponse = z.object({
  success: z.literal(true),
  data: z.object({
    remotes: z.array(ShellRemote),
    /** Remotes switched off for this business: their routes show "not available", their code is never fetched. */
    unavailable: z.array(z.object({ name: z.string(), title: z.string(), routes: z.array(z.string()) })),
    /**
     * Routes the user's role may not open (the permission matrix): they show "You do not have access". A remote none
     * of whose routes the role may open is not in `remotes` at all, so its code is never fetched.
     */
    forbidden: z.array(z.object({ name: z.string(), title: z.string(), routes: z.array(z.string()) })).optional(),
    /** How long an override the user confirmed lasts in their browser (REMOTE_OVERRIDE_HOURS). */
    overrideHours: z.number(),
  }),
});
export type ShellRemotes = z.infer<typeof ShellRemotesResponse>['data'];

// ---------------------------------------------------------------------------------------------------------------
// The operators' admin API (/api/admin/remotes): the registry as operators see it, its history, and the changes.

export const REMOTE_FLAG_MODES = ['on', 'off', 'businesses', 'percentage'] as const;
export const RemoteFlagMode = z.enum(REMOTE_FLAG_MODES);
export type RemoteFlagMode = z.infer<typeof RemoteFlagMode>;

/** on / off for everyone, on only for the listed businesses, or on for a stable percentage of businesses. */
export const RemoteFlag = z.object({
  mode: RemoteFlagMode,
  businesses: z.array(z.string()),
  percentage: z.number().int().nullable(),
});
export type RemoteFlag = z.infer<typeof RemoteFlag>;

/** One published build of a remote: where its manifest is, its version, and what its descriptor declared. */
export const PublishedBuild = RemoteArea.extend({
  manifestUrl: z.string(),
  version: z.string(),
});
export type PublishedBuild = z.infer<typeof PublishedBuild>;

/** A registry entry as it is (and as history records it before and after a change). */
export const RegistryRemoteState = PublishedBuild.extend({
  name: z.string(),
  folder: z.string(),
  overridable: z.boolean(),
  /** Where a per-browser override of this remote may load from; history written before the list existed has none. */
  overrideOrigins: z.array(z.string()).default([]),
  flag: RemoteFlag,
  /** The build a rollback returns to; null until a second build is published. */
  previous: PublishedBuild.nullable(),
});
export type RegistryRemoteState = z.infer<typeof RegistryRemoteState>;

export const RegistryRemote = RegistryRemoteState.extend({ updatedAt: z.string() });
export type RegistryRemote = z.infer<typeof RegistryRemote>;

export const REGISTRY_ACTIONS = [
  'publish',
  'rollback',
  'enable',
  'disable',
  'enable-for',
  'rollout',
  'allow-override',
  'override-origins',
  'sync',
] as const;
export const RegistryAction = z.enum(REGISTRY_ACTIONS);
export type RegistryAction = z.infer<typeof RegistryAction>;

export const RegistryHistoryEntry = z.object({
  id: z.number().int(),
  name: z.string(),
  at: z.string(),
  /** Who or what made the change: an operator's `--by`, or the server registering a local build at start. */
  actor: z.string(),
  action: RegistryAction,
  /** Null when the change created the entry. */
  before: RegistryRemoteState.nullable(),
  after: RegistryRemoteState,
});
export type RegistryHistoryEntry = z.infer<typeof RegistryHistoryEntry>;

const Actor = z.string().trim().min(1).max(200).optional().describe('Who makes the change, recorded in the history');

export const RegistryChangeRequest = z.object({ by: Actor });
export type RegistryChangeRequest = z.infer<typeof RegistryChangeRequest>;

export const PublishRemoteRequest = z.object({
  manifestUrl: z.string({ error: 'Manifest URL is required' }).trim().min(1, 'Manifest URL is required').max(2000),
  version: z.string({ error: 'Version is required' }).trim().min(1, 'Version is required').max(100),
  by: Actor,
});
export type PublishRemoteRequest = z.infer<typeof PublishRemoteRequest>;

export const EnableForRequest = z.object({
  businessIds: z.array(z.string()).min(1, 'Name at least one business'),
  by: Actor,
});
export type EnableForRequest = z.infer<typeof EnableForRequest>;

export const ROLLOUT_PERCENT_MESSAGE = 'The rollout percentage must be a whole number from 0 to 100';
export const RolloutRequest = z.object({
  percent: z
    .number({ error: ROLLOUT_PERCENT_MESSAGE })
    .int(ROLLOUT_PERCENT_MESSAGE)
    .min(0, ROLLOUT_PERCENT_MESSAGE)
    .max(100, ROLLOUT_PERCENT_MESSAGE),
  by: Actor,
});
export type RolloutRequest = z.infer<typeof RolloutRequest>;

export const AllowOverrideRequest = z.object({
  allowed: z.boolean({ error: 'Say whether overrides are allowed: true or false' }),
  by: Actor,
});
export type AllowOverrideRequest = z.infer<typeof AllowOverrideRequest>;

export const OverrideOriginsRequest = z.object({
  origins: z
    .array(z.string().max(300), { error: 'Give the list of origins (an empty list allows none)' })
    .max(20, 'List at most 20 override origins'),
  by: Actor,
});
export type OverrideOriginsRequest = z.infer<typeof OverrideOriginsRequest>;

export const RegistryRemoteResponse = z.object({ success: z.literal(true), data: RegistryRemote });
export const RegistryRemoteListResponse = z.object({ success: z.literal(true), data: z.array(RegistryRemote) });
export const RegistryHistoryResponse = z.object({ success: z.literal(true), data: z.array(RegistryHistoryEntry) });
