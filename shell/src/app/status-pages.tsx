import { Button, Card, Result } from 'antd';
import { NO_ACCESS } from '@bahi/shared/permissions';
import { LockOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router-dom';
import { useDocumentTitle } from './use-document-title';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');
  return (
    <Card variant="borderless">
      <Result
        status="404"
        title="Page not found"
        subTitle={`There is no page at ${pathname}. It may have moved, or the link may be mistyped.`}
        extra={
          <Link to="/">
            <Button type="primary">Go to home</Button>
          </Link>
        }
      />
    </Card>
  );
}

/** A route of an area switched off for this business: say so, rather than pretend the page does not exist. */
export function AreaUnavailablePage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Card variant="borderless">
      <Result
        icon={<LockOutlined style={{ color: '#8c8c8c' }} />}
        title="This area is not available for your business"
        subTitle={`${title} is not switched on for your business. Ask your Bahi administrator if you need it.`}
        extra={
          <Link to="/">
            <Button type="primary">Go to home</Button>
          </Link>
        }
      />
    </Card>
  );
}

/** A route the user's role may not open (the permission matrix): say so, rather than show the area's own error. */
export function NoAccessPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <Card variant="borderless">
      <Result
        status="403"
        title={NO_ACCESS}
        subTitle={`Your role does not include this part of ${title}. Ask the owner of the business if you need it.`}
        extra={
          <Link to="/">
            <Button type="primary">Go to home</Button>
          </Link>
        }
      />
    </Card>
  );
}
