import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { clearOverride, confirmOverride, declineOverride, type OverrideRequest, type RemoteOverride } from '../remotes/overrides';

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

/**
 * Asks before a link's override loads anything: the URL is shown whole, the default answer is not to load it, and
 * a click outside or Escape declines. Only a confirmed override is kept, for the registry's few hours.
 */
export function OverrideConfirmDialog({ request, onAnswered }: { request: OverrideRequest; onAnswered: () => void }) {
  const answer = (load: boolean) => {
    if (load) confirmOverride(request.name, request.manifestUrl, request.hours);
    else declineOverride(request.name);
    onAnswered();
  };
  return (
    <Modal
      open
      title={`Load another build of ${request.title}?`}
      okText="Load this build"
      cancelText="Don't load it"
      okButtonProps={{ danger: true }}
      mask={{ closable: true }}
      onOk={() => answer(true)}
      onCancel={() => answer(false)}
    >
      <Typography.Paragraph>
        A link asks this browser to run <strong>{request.title}</strong> ({request.name}) from a build that is not the
        published one:
      </Typography.Paragraph>
      <Typography.Paragraph>
        <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="override-url">
          {request.manifestUrl}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph>
        Its code would run with your account for the next {request.hours} {request.hours === 1 ? 'hour' : 'hours'}, until
        you clear it or log out. Load it only if you are testing this build and trust where the link came from.
      </Typography.Paragraph>
    </Modal>
  );
}
