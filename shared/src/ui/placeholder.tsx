import { Card } from 'antd';
import { EmptyState, PageHeader } from './page';

/** An area whose screens are still to come: its title and an empty state, never a blank page. */
export function AreaPlaceholder({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <EmptyState title={`No ${title.toLowerCase()} yet`} description={description ?? 'This area is being built.'} />
      </Card>
    </>
  );
}
