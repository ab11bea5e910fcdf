import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, forbiddenMessage } from '@bahi/shared/permissions';
import { forbidden, unauthorized } from '../errors';
import { ROUTE_PERMISSIONS, isPublicRoute, permissionFor, routeKey, type RouteRule } from '../permissions/routes';
import type { AuthContext } from '../services/auth/sessions';

const ruleOf = (method: string, url: string | undefined): RouteRule | undefined =>
  url === undefined ? undefined : ROUTE_PERMISSIONS[routeKey(method, url)];

/**
 * Right after the session is known (`requireAuth`, before a cached answer could go out): 403 naming the permission
 * when the user's role lacks the one the route declares. A signed-in route without one is a programming error.
 */
export function checkPermission(request: FastifyRequest, auth: AuthContext): void {
  const rule = ruleOf(request.method, request.routeOptions.url);
  if (rule === undefined) throw new Error(`No permission declared for ${request.method} ${request.routeOptions.url}`);
  const permission = permissionFor(rule, request.query);
  if (permission && !can(auth.user.role, permission)) throw forbidden(forbiddenMessage(permission));
}

/**
 * Every route under /api declares its permission (api/src/permissions/routes.ts) or is public on purpose: the app
 * refuses to start otherwise. A declared route that did not resolve a session (no `requireAuth`) answers 401 rather
 * than run unguarded.
 */
export function registerPermissions(app: FastifyInstance) {
  const declared = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    for (const method of [route.method].flat()) {
      if (isPublicRoute(method, route.url)) continue;
      if (!ruleOf(method, route.url)) {
        throw new Error(`${method} ${route.url} declares no permission: add it to api/src/permissions/routes.ts (or PUBLIC_ROUTES)`);
      }
      declared.add(routeKey(method, route.url));
    }
  });
  app.addHook('onReady', async () => {
    const stale = Object.keys(ROUTE_PERMISSIONS).filter((key) => !declared.has(key));
    if (stale.length > 0) throw new Error(`Permissions declared for routes that do not exist: ${stale.join(', ')}`);
  });
  app.addHook('preValidation', async (request) => {
    if (request.auth === null && ruleOf(request.method, request.routeOptions.url) !== undefined) throw unauthorized();
  });
}
