import { useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Col, Row, Tabs } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { errorMessage, formatMobile, isApiError, type Party } from '@bahi/shared';
import { DetailRows, ErrorState, LoadingState, PageHeader, useHistoryTab } from '@bahi/shared/ui';
import { PartyBalance } from '../../components/party-balance';
import {
  creditLimitText,
  creditPeriodText,
  formatAddress,
  openingBalanceText,
  partyTypeLabel,
  sharesOneAddress,
  useParty,
} from '../../components/party-data';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

function addressRows(party: Party) {
  if (sharesOneAddress(party)) return [{ label: 'Billing & Shipping Address', value: formatAddress(party.billingAddress) }];
  return [
    { label: 'Billing Address', value: formatAddress(party.billingAddress) },
    { label: 'Shipping Address', value: formatAddress(party.shippingAddress) },
  ];
}

function PartyProfile({ party }: { party: Party }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title="General Details" style={{ height: '100%' }}>
          <DetailRows
            rows={[
              { label: 'Party Name', value: party.name },
              { label: 'Party Type', value: partyTypeLabel(party.partyType) },
              { label: 'Mobile Number', value: formatMobile(party.mobileNumber) },
              { label: 'Party Category', value: party.partyCatagory?.catagory },
              { label: 'Email', value: party.email },
              { label: 'Opening Balance', value: openingBalanceText(party.openingBalance) },
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Business Details" style={{ height: '100%' }}>
          <DetailRows
            rows={[
              { label: 'GSTIN', value: party.gstin ? <span style={mono}>{party.gstin}</span> : null },
              { label: 'PAN Number', value: party.panNumber ? <span style={mono}>{party.panNumber}</span> : null },
              ...addressRows(party),
            ]}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Credit Details" style={{ height: '100%' }}>
          <DetailRows
            rows={[
              { label: 'Credit Period', value: creditPeriodText(party.creditPeriod) },
              { label: 'Credit Limit', value: creditLimitText(party.creditLimit) },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

/** /party/:id — the party detail screen. */
export function PartyDetailPage() {
  const { id } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const { data, error, isLoading, mutate, invalidId } = useParty(id);
  const notFound = invalidId || (isApiError(error) && error.status === 404);
  const historyTab = useHistoryTab(id ?? '', 'parties');

  if (data) {
    return (
      <>
        <PageHeader
          back="/parties"
          title={data.name}
          // The seed's Profile rows stay as they are; the balance today sits under the name.
          subtitle={
            <span>
              Balance today: <PartyBalance party={data} />
            </span>
          }
          extra={
            <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`/parties/create-party/${data.id}`)}>
              Edit party
            </Button>
          }
        />
        <Tabs items={[{ key: 'profile', label: 'Profile', children: <PartyProfile party={data} /> }, ...historyTab]} />
      </>
    );
  }

  let state;
  if (notFound) {
    state = (
      <ErrorState
        title="Party not found."
        detail="It may belong to another business, or the link is wrong."
      />
    );
  } else if (isLoading && !error) {
    state = <LoadingState label="Loading..." />;
  } else {
    // Loading failed, or the answer held no party.
    state = <ErrorState title="Error loading party" detail={error ? errorMessage(error) : undefined} onRetry={() => mutate()} />;
  }
  return (
    <>
      <PageHeader back="/parties" title="Party" />
      <Card>
        {state}
        {notFound ? (
          <div style={{ textAlign: 'center' }}>
            <Button type="primary" onClick={() => navigate('/parties')}>
              All parties
            </Button>
          </div>
        ) : null}
      </Card>
    </>
  );
}

export default PartyDetailPage;
