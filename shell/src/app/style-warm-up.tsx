import { startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Avatar, Button, Card, Col, ConfigProvider, Flex, Input, Layout, Menu, Result, Row, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { BAHI_THEME } from '@bahi/shared/ui';
import { SIDER_THEME } from './shell-layout';

/**
 * The antd components of the layout, the home page and a list page, each once, under the app's theme (so the
 * styles written are the ones the app uses). Not inside BahiProviders: this tree must share no state with the app
 * (the SWR cache, the notifications host), since it unmounts after the app has mounted.
 */
function SignedInLook() {
  return (
    <ConfigProvider theme={BAHI_THEME}>
      <Layout>
        <Layout.Sider collapsible>
          <ConfigProvider theme={SIDER_THEME}>
            <Menu mode="inline" items={[{ key: 'home', label: 'Home' }]} />
          </ConfigProvider>
        </Layout.Sider>
        <Layout>
          <Layout.Header>
            <Select options={[]} />
            <Button type="text">
              <Avatar />
            </Button>
          </Layout.Header>
          <Layout.Content>
            <Typography.Title level={2} />
            <Typography.Text type="secondary" />
            <Typography.Paragraph />
            <Typography.Link />
            <Row>
              <Col span={12}>
                <Card>
                  <Tag />
                  <Skeleton active />
                </Card>
              </Col>
            </Row>
            <Flex>
              <Button type="primary" />
              <Input />
            </Flex>
            <Table dataSource={[]} columns={[{ key: 'name', title: 'Name' }]} />
            <Result status="warning" />
          </Layout.Content>
          <Layout.Footer />
        </Layout>
      </Layout>
    </ConfigProvider>
  );
}

let root: Root | null = null;

/**
 * antd writes each component's CSS the first time it renders (CSS-in-JS), which made the first page after sign-in
 * slower than the rest. While the visitor is still on a sign-in page, those components render once, in a detached
 * element (nothing shows, nothing is laid out) and as a transition (typing keeps priority), so their styles exist
 * when the signed-in app first renders.
 */
export function warmUpStyles(): void {
  if (root) return;
  const warm = createRoot(document.createElement('div'));
  root = warm;
  startTransition(() => warm.render(<SignedInLook />));
}

/** Once the signed-in app has rendered, it holds those styles itself. */
export function endStyleWarmUp(): void {
  root?.unmount();
  root = null;
}
