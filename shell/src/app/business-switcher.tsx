import { useState } from 'react';
import { Select } from 'antd';
import { BankOutlined } from '@ant-design/icons';
import { ROLE_LABELS, businessApi, errorMessage, forgetCachedData, useSession } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';

/** Opens the app afresh at home: nothing of the business left behind stays in any area's memory. */
export const reloader = { reloadHome: () => window.location.assign('/') };

/**
 * The business switcher of the header, shown when the signed-in number is a user of several businesses. Switching
 * starts a new session in the other business (its cookie replaces this one) and opens that business afresh.
 */
export function BusinessSwitcher() {
  const { user, businesses } = useSession();
  const [switching, setSwitching] = useState(false);
  if (!user || businesses.length < 2) return null;

  const switchTo = async (id: string) => {
    if (id === user.business.id) return;
    setSwitching(true);
    try {
      await businessApi.switchTo(id);
      await forgetCachedData();
      reloader.reloadHome();
    } catch (e) {
      setSwitching(false);
      notify.error('Could not switch the business', { description: errorMessage(e) });
    }
  };

  return (
    <Select
      aria-label="Business"
      className="bahi-business-switcher"
      prefix={<BankOutlined />}
      value={user.business.id}
      options={businesses.map((b) => ({ value: b.id, label: b.name, title: `${b.name} · ${ROLE_LABELS[b.role]}` }))}
      loading={switching}
      disabled={switching}
      onChange={switchTo}
      popupMatchSelectWidth={false}
    />
  );
}
