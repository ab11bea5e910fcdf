import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Col, Flex, Row } from 'antd';
import { CheckCircleOutlined, EditOutlined } from '@ant-design/icons';
import { errorMessage, formatMobile, isApiError, isValidGstin, panFromGstin, stateName, type Branch } from '@bahi/shared';
import { DetailRows, ErrorState, LoadingState, PageHeader } from '@bahi/shared/ui';
import { addressLines, formatDateTime, useBranch } from '../../components/branch-data';
import { BranchDrawer } from '../../components/branch-drawer';
import { BranchTags, useIsActiveBranch } from '../../components/branch-tags';
import { useMakeActive } from '../../components/make-active';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

function BranchDetail({ branch }: { branch: Branch }) {
  const active = useIsActiveBranch(branch);
  const { makeActive, pendingId } = useMakeActive();
  const [editing, setEditing] = useState(false);
  const lines = addressLines(branch);
  const { street, city, stateCode, pin } = branch.address;

  return (
    <>
      <PageHeader
        back="/store-branch"
        title={
          <Flex align="center" gap={8} wrap>
            <span>{branch.name}</span>
            <BranchTags branch={branch} />
          </Flex>
        }
        subtitle={lines.length ? lines.join(', ') : undefined}
        extra={
          <>
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              Edit
            </Button>
            {active ? null : (
              <Button
                type="primary"
                icon={<CheckCircleOutlined />}
                loading={pendingId === branch.id}
                onClick={() => makeActive(branch)}
              >
                Make active
              </Button>
            )}
          </>
        }
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="General Details" style={{ height: '100%' }}>
            <DetailRows
              rows={[
                { label: 'Branch Name', value: branch.name },
                { label: 'Phone', value: formatMobile(branch.phone) },
                { label: 'Email', value: branch.email },
                { label: 'Default Branch', value: branch.isDefault ? 'Yes' : 'No' },
                { label: 'Active Branch', value: active ? 'Yes' : 'No' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="GST & Invoicing" style={{ height: '100%' }}>
            <DetailRows
              rows={[
                { label: 'GSTIN', value: branch.gstin ? <span style={mono}>{branch.gstin}</span> : null },
                {
                  label: 'PAN',
                  value:
                    branch.gstin && isValidGstin(branch.gstin) ? <span style={mono}>{panFromGstin(branch.gstin)}</span> : null,
                },
                { label: 'Invoice Prefix', value: branch.invoicePrefix },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Address" style={{ height: '100%' }}>
            <DetailRows
              rows={[
                { label: 'Street', value: street },
                { label: 'City', value: city },
                { label: 'State', value: stateName(stateCode) },
                { label: 'PIN Code', value: pin },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Record" style={{ height: '100%' }}>
            <DetailRows
              rows={[
                { label: 'Created', value: formatDateTime(branch.createdAt) },
                { label: 'Last Updated', value: formatDateTime(branch.updatedAt) },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <BranchDrawer open={editing} branch={branch} onClose={() => setEditing(false)} />
    </>
  );
}

/** /store-branch/:id: every field of one branch, with edit and make active. */
export function BranchDetailPage() {
  const { id } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const { data, error, isLoading, mutate, invalidId } = useBranch(id);
  const notFound = invalidId || (isApiError(error) && error.status === 404);

  if (data) return <BranchDetail branch={data} />;

  let state;
  if (notFound) {
    state = (
      <ErrorState
        title="Branch not found."
        detail="It may have been removed, or the link is wrong."
      />
    );
  } else if (error) {
    state = <ErrorState title="Error loading branch" detail={errorMessage(error)} onRetry={() => mutate()} />;
  } else if (isLoading || !data) {
    state = <LoadingState label="Loading..." />;
  }

  return (
    <>
      <PageHeader back="/store-branch" title="Store branch" />
      <Card>
        {state}
        {notFound ? (
          <Flex justify="center">
            <Button type="primary" onClick={() => navigate('/store-branch')}>
              All branches
            </Button>
          </Flex>
        ) : null}
      </Card>
    </>
  );
}

export default BranchDetailPage;
