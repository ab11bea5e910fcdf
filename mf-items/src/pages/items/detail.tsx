import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Button, Card, Col, Flex, Image, Row, Tag, Typography } from 'antd';
import { EditOutlined, SwapOutlined } from '@ant-design/icons';
import {
  ITEM_MESSAGES,
  TAXABILITY_LABELS,
  addDays,
  formatQuantity,
  formatRupees,
  indiaToday,
  isLowStock,
  useCan,
  isRateWithdrawn,
  type Item,
  type ItemType,
} from '@bahi/shared';
import { DetailRows, ErrorState, LoadingState, PageHeader, WithHistoryTab } from '@bahi/shared/ui';
import { ItemDialog } from '../../components/item-dialog';
import { formatDate, useItem } from '../../components/item-data';
import { StockAdjustModal } from '../../components/stock-adjust';
import { StockMovements } from '../../components/stock-movements';

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const percent = (v: number | undefined) => (v === undefined ? undefined : `${v}%`);

/** The item's rate, and whether the law withdrew it (and keeps the item at it). */
function rateText(item: Item): string | undefined {
  const rate = item.gstRate;
  if (!rate || !isRateWithdrawn(rate, indiaToday())) return percent(rate?.value);
  const when = formatDate(addDays(rate.validTo!, 1));
  return `${rate.value}% (${item.keepsWithdrawnRate ? `kept by law after ${when}` : `withdrawn from ${when}`})`;
}

export function ItemTypeBadge({ itemType }: { itemType: ItemType }) {
  return <Tag color={itemType === 'PRODUCT' ? 'blue' : 'purple'}>{itemType === 'PRODUCT' ? 'Product' : 'Service'}</Tag>;
}

function ItemDetail({ item }: { item: Item }) {
  const [editing, setEditing] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  // Cost, stock adjustment and editing only for roles that may.
  const seeCost = useCan('cost.view');
  const canAdjust = useCan('stock.edit');
  const canEdit = useCan('items.edit');
  const product = item.itemType === 'PRODUCT';
  const name = product ? item.itemName : (item.serviceName ?? item.itemName);

  return (
    <>
      <PageHeader
        back="/items"
        title={
          <Flex align="center" gap={8} wrap>
            <span>{name}</span>
            <ItemTypeBadge itemType={item.itemType} />
            {isLowStock(item) ? <Tag color="red">Low stock</Tag> : null}
          </Flex>
        }
        extra={
          <>
            {product && canAdjust ? (
              <Button icon={<SwapOutlined />} onClick={() => setAdjusting(true)}>
                Adjust Stock
              </Button>
            ) : null}
            {canEdit ? (
              <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
                Edit Item
              </Button>
            ) : null}
          </>
        }
      />
      {item.itemImage.length > 0 ? (
        <Card style={{ marginBottom: 16 }} styles={{ body: { padding: 12 } }}>
          <Image.PreviewGroup>
            <Flex gap={12} wrap aria-label="Item images">
              {item.itemImage.map((url, i) => (
                <Image
                  key={url}
                  src={url}
                  alt={`${name} image ${i + 1}`}
                  width={120}
                  height={120}
                  style={{ objectFit: 'cover', borderRadius: 8 }}
                />
              ))}
            </Flex>
          </Image.PreviewGroup>
        </Card>
      ) : null}
      <WithHistoryTab entityId={item.id} area="items">
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card title="General Info" style={{ height: '100%' }}>
              <DetailRows
                rows={[
                  product
                    ? { label: 'Item Code', value: item.itemCode }
                    : { label: 'Service Code', value: item.serviceCode },
                  { label: 'Category', value: item.itemCatagory?.catagory },
                  { label: 'HSN/SAC Code', value: product ? item.hsnCode : item.sacCode },
                  { label: 'Item Product Type', value: product ? (item.itemProductType === 'OLD' ? 'Preowned' : 'New') : null },
                  { label: 'Has Serialisation', value: yesNo(item.hasSerialisation) },
                  { label: 'Serial Numbers', value: item.itemSerialNo.map((s) => s.serialNo).join(', ') },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title="Pricing" style={{ height: '100%' }}>
              <DetailRows
                rows={[
                  { label: 'Sale Price', value: item.salePrice === null ? null : formatRupees(item.salePrice) },
                  ...(seeCost ? [{ label: 'Purchase Price', value: item.purchasePrice == null ? null : formatRupees(item.purchasePrice) }] : []),
                  { label: 'GST Rate', value: rateText(item) },
                  ...(item.taxability && item.taxability !== 'TAXABLE' ? [{ label: 'Taxability', value: TAXABILITY_LABELS[item.taxability] }] : []),
                  { label: 'CESS', value: percent(item.gstRate?.cessValue) },
                  { label: 'Sale Tax Applicable', value: yesNo(item.isSaleTaxApplicable) },
                  { label: 'Purchase Tax Applicable', value: yesNo(item.isPurchaseTaxApplicable) },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title="Stock & Units" style={{ height: '100%' }}>
              <DetailRows
                rows={[
                  { label: 'Unit Name', value: item.unit?.name },
                  { label: 'Unit Short Name', value: item.unit?.shortName },
                  { label: 'Net Quantity', value: product ? formatQuantity(item.netQuantity) : null },
                  { label: 'Opening Stock', value: product ? formatQuantity(item.openingStock) : null },
                  { label: 'Alert Enabled', value: yesNo(item.isAlertEnabled) },
                  { label: 'Alert Quantity', value: item.productAlertValue === null ? null : formatQuantity(item.productAlertValue) },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card title="Other" style={{ height: '100%' }}>
              <DetailRows
                rows={[
                  { label: 'Online Visibility', value: item.isOnlineVisible ? 'Visible' : 'Hidden' },
                  { label: 'As of Date', value: formatDate(item.asOfDate) },
                ]}
              />
            </Card>
          </Col>
          <Col span={24}>
            <Card title="Description">
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} type={item.description ? undefined : 'secondary'}>
                {item.description || ITEM_MESSAGES.noDescription}
              </Typography.Paragraph>
            </Card>
          </Col>
          {product ? (
            <Col span={24}>
              <StockMovements itemId={item.id} />
            </Col>
          ) : null}
        </Row>
      </WithHistoryTab>
      <ItemDialog open={editing} item={item} itemType={item.itemType} onClose={() => setEditing(false)} />
      {product ? <StockAdjustModal open={adjusting} item={item} onClose={() => setAdjusting(false)} /> : null}
    </>
  );
}

/** /items/inventory/:id?itemType= (itemType defaults to PRODUCT): Item detail page. */
export function ItemDetailPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const itemType: ItemType = params.get('itemType') === 'SERVICE' ? 'SERVICE' : 'PRODUCT';
  const { data, error, isLoading, invalidId, mutate } = useItem(id, itemType);

  if (invalidId || (error && !data)) {
    return (
      <>
        <PageHeader back="/items" title="Item" />
        <ErrorState title={ITEM_MESSAGES.fetchFailed} onRetry={invalidId ? undefined : () => mutate()} />
      </>
    );
  }
  if (isLoading || !data) return <LoadingState label={ITEM_MESSAGES.loadingDetail} />;
  return <ItemDetail item={data.data} />;
}

export default ItemDetailPage;
