import { Button, Col, Flex, Row, Typography } from 'antd';
import { AppstoreOutlined, FileTextOutlined, ShopOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { Brand } from './brand';
import { useDocumentTitle } from './use-document-title';

const FEATURES = [
  { icon: <FileTextOutlined />, title: 'GST invoices in seconds', text: 'CGST and SGST or IGST chosen from the place of supply, totals in words in lakh and crore.' },
  { icon: <AppstoreOutlined />, title: 'Stock that adds up', text: 'Items, HSN and SAC codes, serial numbers and low-stock alerts for every branch.' },
  { icon: <ShopOutlined />, title: 'Every branch, one bahi', text: 'Switch between shops and godowns; each keeps its own GSTIN and invoice series.' },
];

/** `/` for a visitor: what Bahi is, and the way in. */
export function WelcomePage() {
  useDocumentTitle('Billing and stock for your business');
  return (
    <div className="bahi-welcome">
      <header className="bahi-welcome__bar">
        <Brand />
        <Flex gap={8}>
          <Link to="/login">
            <Button type="text">Sign in</Button>
          </Link>
          <Link to="/signup">
            <Button type="primary">Create account</Button>
          </Link>
        </Flex>
      </header>
      <main className="bahi-welcome__hero">
        <Typography.Title style={{ fontSize: 44, lineHeight: 1.15, margin: 0, maxWidth: 760 }}>
          Billing, stock and GST for your business — the bahi-khata, made simple.
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ fontSize: 18, maxWidth: 640, margin: '16px 0 32px' }}>
          Bahi keeps your parties, items, sales and purchases in one place, with Indian formats everywhere: ₹1,00,000.00,
          GSTINs checked as you type, and reports your CA can read.
        </Typography.Paragraph>
        <Flex gap={12} wrap>
          <Link to="/signup">
            <Button type="primary" size="large">
              Create a free account
            </Button>
          </Link>
          <Link to="/login">
            <Button size="large">Sign in with your mobile</Button>
          </Link>
        </Flex>
        <Row gutter={[24, 24]} style={{ marginTop: 56, maxWidth: 1040 }}>
          {FEATURES.map((f) => (
            <Col key={f.title} xs={24} md={8}>
              <div className="bahi-welcome__feature">
                <span className="bahi-quick-action__icon">{f.icon}</span>
                <Typography.Title level={5} style={{ margin: '12px 0 4px' }}>
                  {f.title}
                </Typography.Title>
                <Typography.Text type="secondary">{f.text}</Typography.Text>
              </div>
            </Col>
          ))}
        </Row>
      </main>
      <footer className="bahi-footer">Bahi · bahi-khata for your business · v{__BAHI_VERSION__}</footer>
    </div>
  );
}
