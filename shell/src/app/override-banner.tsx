import { Alert, Button, Flex, Typography } from 'antd';
import { clearOverride, type RemoteOverride } from '../remotes/overrides';

/** Indirection so tests can watch the reload (jsdom's location.reload cannot be replaced). */
export const browserPage = { reload: () => window.location.reload() };

/**
 * Says, on every page, that this browser runs another build of an area than the one published, and undoes it.
 * Clearing reloads the page: the runtime then starts clean with the published build.
 */
export function OverrideBanner({ overrides }: { overrides: RemoteOverride[] }) {
  if (overrides.length === 0) return null;
  return (
    <div className="bahi-override-banner" role="region" aria-label="Overridden areas">
      {overrides.map((o) => (
        <Alert
          key={o.name}
          type="warning"
          showIcon
          banner
          title={
            <Flex wrap gap={4} align="baseline">
              <span>
                <strong>{o.title}</strong> ({o.name}) is overridden in this browser and loads from
              </span>
              <Typography.Text code copyable={{ text: o.manifestUrl }} style={{ wordBreak: 'break-all' }}>
                {o.manifestUrl}
              </Typography.Text>
            </Flex>
          }
          action={
            <Button
              size="small"
              onClick={() => {
                clearOverride(o.name);
                browserPage.reload();
              }}
            >
              Clear override
            </Button>
          }
        />
      ))}
    </div>
  );
}
