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
});
export type ShellRemote = z.infer<typeof ShellRemote>;

export const ShellRemotesResponse = z.object({
  success: z.literal(true),
  data: z.object({
    remotes: z.array(ShellRemote),
    /** Remotes switched off for this business: their routes show "not available", their code is never fetched. */
    unavailable: z.array(z.object({ name: z.string(), title: z.string(), routes: z.array(z.string()) })),
  }),
});
export type ShellRemotes = z.infer<typeof ShellRemotesResponse>['data'];
