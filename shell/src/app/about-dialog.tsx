import { Descriptions, Modal, Table, Tag, Typography } from 'antd';
import type { RemoteStatus } from '../remotes/federation';
import type { RouteTable } from '../remotes/route-table';
import { useRemoteStatuses } from '../remotes/use-remote-statuses';
import { AreaBuild } from './area-build';

const BUILT_AT = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

const STATUS_TAG: Record<RemoteStatus['status'], { color: string; label: string }> = {
  loaded: { color: 'green', label: 'Loaded' },
  loading: { color: 'blue', label: 'Loading' },
  failed: { color: 'red', label: 'Failed' },
  'not loaded': { color: 'default', label: 'Not opened yet' },
};

function builtAt(): string {
  const d = new Date(__BAHI_BUILT_AT__);
  return Number.isNaN(d.getTime()) ? '-' : `${BUILT_AT.format(d)} IST`;
}

/** Which shell and which remote builds this browser is running, for support and integration testing. */
export function AboutDialog({ table, open, onClose }: { table: RouteTable | null; open: boolean; onClose: () => void }) {
  // Live: a remote that finishes loading while the dialog is open shows as loaded.
  const remotes = useRemoteStatuses();
  return (
    <Modal open={open} onCancel={onClose} footer={null} title="About Bahi" width={800} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        Bahi · bahi-khata for your business. Each area is its own app, loaded when you first open it.
      </Typography.Paragraph>
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Shell version">{__BAHI_VERSION__}</Descriptions.Item>
        <Descriptions.Item label="Built">{builtAt()}</Descriptions.Item>
        <Descriptions.Item label="This page" span={2}>
          <AreaBuild table={table} fallback="Bahi's own page (no area)" />
        </Descriptions.Item>
      </Descriptions>
      <Table<RemoteStatus>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={remotes}
        locale={{ emptyText: 'No areas are enabled for your business' }}
        columns={[
          {
            title: 'Area',
            dataIndex: 'title',
            width: 160,
            render: (title: string, r) => (
              <>
                <div>{title}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.name}
                </Typography.Text>
              </>
            ),
          },
          {
            title: 'Version',
            dataIndex: 'version',
            width: 120,
            render: (version: string, r) => (
              <>
                <div>{version}</div>
                {r.overridden ? (
                  <Tag color="gold" style={{ marginTop: 4 }}>
                    Override
                  </Tag>
                ) : null}
              </>
            ),
          },
          {
            title: 'Status',
            dataIndex: 'status',
            width: 130,
            render: (s: RemoteStatus['status']) => <Tag color={STATUS_TAG[s].color}>{STATUS_TAG[s].label}</Tag>,
          },
          {
            title: 'URL',
            dataIndex: 'url',
            render: (url: string) => (
              <Typography.Text copyable={{ text: url }} style={{ fontSize: 12, wordBreak: 'break-all' }}>
                {url}
              </Typography.Text>
            ),
          },
        ]}
      />
    </Modal>
  );
}
