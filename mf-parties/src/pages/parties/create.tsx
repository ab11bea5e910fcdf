import { useNavigate, useParams } from 'react-router-dom';
import { Button, Card } from 'antd';
import { errorMessage, isApiError } from '@bahi/shared';
import { ErrorState, LoadingState, PageHeader } from '@bahi/shared/ui';
import { PartyForm } from '../../components/party-form';
import { useParty } from '../../components/party-data';

/** parties/create-party */
export function CreatePartyPage() {
  return (
    <>
      <PageHeader back="/parties" title="Add party" subtitle="A customer you sell to or a supplier you buy from" />
      <PartyForm />
    </>
  );
}

/** /parties/create-party/:id — the same form, prefilled. */
export function EditPartyPage() {
  const { id } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const { data, error, mutate, invalidId } = useParty(id);
  const notFound = invalidId || (isApiError(error) && error.status === 404);

  if (data) {
    return (
      <>
        <PageHeader back={`/party/${data.id}`} title="Edit party" subtitle={data.name} />
        <PartyForm key={data.id} party={data} />
      </>
    );
  }
  return (
    <>
      <PageHeader back="/parties" title="Edit party" />
      <Card>
        {notFound ? (
          <>
            <ErrorState title="Party not found." detail="It may belong to another business, or the link is wrong." />
            <div style={{ textAlign: 'center' }}>
              <Button type="primary" onClick={() => navigate('/parties')}>
                All parties
              </Button>
            </div>
          </>
        ) : error ? (
          <ErrorState title="Error loading party" detail={errorMessage(error)} onRetry={() => mutate()} />
        ) : (
          <LoadingState label="Loading..." />
        )}
      </Card>
    </>
  );
}

export default CreatePartyPage;
